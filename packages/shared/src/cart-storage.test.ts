import { describe, expect, it } from 'vitest';
import {
  CART_COUNT_PROPERTY,
  CART_LINES_ATTRIBUTE,
  CART_STATE_SCRIPT,
  CART_STORAGE_KEY,
} from './cart-storage.ts';

/** Runs the head script against a saved value (or a storage that throws), as a page would. */
function run(saved: string | null | Error) {
  const attributes = new Map<string, string>();
  const properties = new Map<string, string>();
  const localStorage = {
    getItem(key: string) {
      if (saved instanceof Error) throw saved;
      return key === CART_STORAGE_KEY ? saved : null;
    },
  };
  const document = {
    documentElement: {
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      style: { setProperty: (name: string, value: string) => properties.set(name, value) },
    },
  };
  new Function('localStorage', 'document', CART_STATE_SCRIPT)(localStorage, document);
  return { marked: attributes.has(CART_LINES_ATTRIBUTE), count: properties.get(CART_COUNT_PROPERTY) };
}

const marks = (saved: string | null | Error) => run(saved).marked;

describe('the cart page head script', () => {
  it('marks the page when the saved cart has lines', () => {
    expect(marks(JSON.stringify([{ name: 'Linen Shirt', quantity: 1 }]))).toBe(true);
    expect(marks(JSON.stringify([{}, {}]))).toBe(true);
  });

  it("sets the cart's quantity, as the badge shows it", () => {
    const lines = [
      { name: 'Linen Shirt', quantity: 2 },
      { name: 'Round Sunglasses', quantity: 3 },
    ];
    expect(run(JSON.stringify(lines)).count).toBe('"5"');
    // A line without a readable quantity counts for none (the app then reads the cart itself).
    expect(run(JSON.stringify([{ quantity: 1 }, { quantity: 'many' }, null])).count).toBe('"1"');
    expect(run('[]').count).toBeUndefined();
  });

  it('leaves it unmarked for an empty or missing cart, or one that is not a list', () => {
    expect(marks(null)).toBe(false);
    expect(marks('[]')).toBe(false);
    expect(marks('{"0":{"name":"Linen Shirt"}}')).toBe(false);
    expect(marks('"lines"')).toBe(false);
    expect(marks('null')).toBe(false);
  });

  it('never throws: unreadable JSON, or storage the browser blocks', () => {
    expect(marks('[{"name":')).toBe(false);
    expect(marks(new Error('SecurityError: access denied'))).toBe(false);
  });
});
