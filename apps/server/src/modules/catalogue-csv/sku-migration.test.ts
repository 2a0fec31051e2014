import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skuBase } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';
import { EmbeddedClient } from '../../db/embedded.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

it('gives the stock rows a store had before SKUs existed unique SKUs, the same ones the store makes', async () => {
  // The migrations up to the one before SKUs.
  const before = await mkdtemp(join(tmpdir(), 'habi-sku-migration-'));
  dirs.push(before);
  await cp(migrationsFolder, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === '0032_skus');
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));

  const client = await EmbeddedClient.open({});
  try {
    const db = drizzle(client as never);
    await migrate(db, { migrationsFolder: before });
    const product = async (name: string) => {
      const result = await db.execute(sql`
        insert into products (name, price, image_url, sizes, variations, track_stock)
        values (${name}, 100, '/uploads/x-800.webp', '{M,L}', '[{"name":"Navy Blue","imageUrl":""}]', true)
        returning id`);
      const id = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await db.execute(sql`
        insert into product_stock (product_id, variation, size, quantity)
        values (${id}, 'Navy Blue', 'M', 1), (${id}, 'Navy Blue', 'L', 2)`);
      return id;
    };
    const ids = [
      await product('Piña Barong Tagalog, Long'),
      await product('Piña Barong Tagalog, Long'),
    ].sort();

    await migrate(db, { migrationsFolder });
    const result = await db.execute(
      sql`select product_id, size, sku from product_stock order by product_id, variation, size`,
    );
    const rows = (result as unknown as { rows: { product_id: string; size: string; sku: string }[] }).rows;
    const base = (size: string) => skuBase('Piña Barong Tagalog, Long', 'Navy Blue', size);
    expect(base('M')).toBe('PINA-BARONG-TAGALOG-NAVYBLUE-M');
    expect(rows).toEqual([
      { product_id: ids[0], size: 'L', sku: base('L') },
      { product_id: ids[0], size: 'M', sku: base('M') },
      { product_id: ids[1], size: 'L', sku: `${base('L')}.2` },
      { product_id: ids[1], size: 'M', sku: `${base('M')}.2` },
    ]);
  } finally {
    await client.close();
  }
});
