import { demoProducts } from '@habi/demo';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, countRows, type TestApp } from '../../test/helpers.ts';
import { insertDemoProducts } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const urls = () =>
  demoProducts.flatMap((item) => item.variations.map((_, i) => `/uploads/demo-${item.name}-${i}.webp`));

describe('the demo catalogue rows', () => {
  it('are written all or not at all: a failure on the 30th leaves none', async () => {
    await t.database.db.execute(sql`
      create function fail_thirtieth() returns trigger language plpgsql as $$
      begin
        if (select count(*) from products) >= 29 then raise exception 'disk full'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger fail_thirtieth before insert on products for each row execute function fail_thirtieth()`,
    );
    await expect(insertDemoProducts(t.database.db, urls())).rejects.toThrow();
    expect(await countRows(t, 'products')).toBe(0);
    expect(await countRows(t, 'product_stock')).toBe(0);
    await t.database.db.execute(sql`drop trigger fail_thirtieth on products`);
  });

  it('are written whole otherwise, each tracking the demo stock of every variation and size', async () => {
    await insertDemoProducts(t.database.db, urls());
    expect(await countRows(t, 'products')).toBe(60);
    const result = await t.database.db.execute(sql`
      select (select count(*)::int from products where track_stock) as tracked,
             (select count(*)::int from product_stock) as levels,
             (select sum(quantity)::int from product_stock) as units`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { tracked: 60, levels: 1062, units: 35_865 },
    ]);
  });
});
