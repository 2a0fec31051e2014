import { CreateProductFieldsSchema } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, countRows, type TestApp, testPng } from '../../test/helpers.ts';
import type { Recorder } from '../audit/index.ts';
import type { ImageStore } from '../uploads/image-store.ts';
import { addProduct } from './products.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const fields = (variations: string[] = []) =>
  CreateProductFieldsSchema.parse({
    name: 'Linen Shirt',
    description: 'A cool linen shirt.',
    price: '1299.00',
    variationsName: JSON.stringify(variations),
  });

/** A recorder that keeps the actions it is given, as the audit log would. */
function actions(): Recorder & { kept: string[] } {
  const kept: string[] = [];
  return Object.assign(
    async (_tx: unknown, change: { action: string }) => {
      kept.push(change.action);
    },
    { kept },
  );
}

/** A store that keeps what it is given in memory, and can be told to fail its writes. */
function memoryStore(failPuts = false): ImageStore & { names: string[] } {
  const kept = new Map<string, Buffer>();
  return {
    kind: 'fs',
    get names() {
      return [...kept.keys()];
    },
    stored: async (names) => new Set(names.filter((n) => kept.has(n))),
    refresh: async (names) => new Set(names.filter((n) => kept.has(n))),
    storedBefore: async () => [],
    put: async (name, bytes) => {
      if (failPuts) throw new Error('disk full');
      kept.set(name, bytes);
    },
    get: async (name) => kept.get(name) ?? null,
    remove: async (names) => {
      for (const name of names) kept.delete(name);
    },
  };
}

describe('adding a product with its images', () => {
  it('stores the row and every size of every image', async () => {
    const store = memoryStore();
    const files = { main: [await testPng('#111111')], variations: [await testPng('#222222')] };
    const record = actions();
    const row = await addProduct(t.database.db, store, fields(['Linen Shirt White']), files, record);
    expect(record.kept).toEqual(['create']);
    expect(store.names).toHaveLength(4);
    expect(store.names).toContain(row.imageUrl.slice('/uploads/'.length));
    expect(store.names).toContain(row.variations[0]!.imageUrl.slice('/uploads/'.length));
  });

  it('takes the row back when the images cannot be stored', async () => {
    const before = await countRows(t, 'products');
    const files = { main: [await testPng('#333333')], variations: [] };
    const record = actions();
    await expect(addProduct(t.database.db, memoryStore(true), fields(), files, record)).rejects.toThrow(
      'disk full',
    );
    expect(await countRows(t, 'products')).toBe(before);
    // The log tells both: made, then taken back.
    expect(record.kept).toEqual(['create', 'delete']);
  });

  it('stores no image when the row cannot be written', async () => {
    await t.database.db.execute(sql`
      create function refuse_products() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_products before insert on products for each row execute function refuse_products()`,
    );
    const store = memoryStore();
    const files = { main: [await testPng('#444444')], variations: [] };
    await expect(addProduct(t.database.db, store, fields(), files, actions())).rejects.toThrow();
    expect(store.names).toEqual([]);
    await t.database.db.execute(sql`drop trigger refuse_products on products`);
  });

  it('writes nothing when one of the images is no image', async () => {
    const store = memoryStore();
    const before = await countRows(t, 'products');
    const files = { main: [await testPng('#555555')], variations: [Buffer.from('not an image')] };
    await expect(
      addProduct(t.database.db, store, fields(['Linen Shirt White']), files, actions()),
    ).rejects.toMatchObject({
      statusCode: 415,
    });
    expect(store.names).toEqual([]);
    expect(await countRows(t, 'products')).toBe(before);
  });
});
