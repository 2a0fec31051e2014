import { describe, expect, it } from 'vitest';
import { returnPath, withReturn } from './return-to.ts';

describe('returnPath', () => {
  it('follows paths of this store, query included', () => {
    expect(returnPath('/cart')).toBe('/cart');
    expect(returnPath('/view?pid=abc&size=M')).toBe('/view?pid=abc&size=M');
  });

  it('refuses anything that could lead to another site or is not a path', () => {
    for (const value of [
      null,
      '',
      'cart',
      '//evil.example/cart',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/cart\nLocation: x',
      '/ cart',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(returnPath(value), String(value)).toBeNull();
    }
  });
});

describe('withReturn', () => {
  it('adds the path to go on to, encoded, only when it is safe', () => {
    expect(withReturn('/sign-in', '/view?pid=a&size=M')).toBe('/sign-in?next=%2Fview%3Fpid%3Da%26size%3DM');
    expect(withReturn('/sign-in', '//evil.example')).toBe('/sign-in');
    expect(withReturn('/sign-in', undefined)).toBe('/sign-in');
  });
});
