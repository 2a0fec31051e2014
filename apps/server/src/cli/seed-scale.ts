import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/**
 * `tsx src/cli/seed-scale.ts <count>`: adds synthetic products (copies of the demo ones with
 * other names and prices) so benchmarks can measure a large catalogue.
 */
const count = Number(process.argv[2] ?? 10_000);
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await database.migrate();
await database.db.execute(sql`
  insert into products (name, description, price, image_url, category, sub_category, sizes, variations, created_at)
  select p.name || ' #' || g, p.description, (100 + (g * 37) % 4900)::numeric(12, 2), p.image_url, p.category,
         p.sub_category, p.sizes, p.variations, now() - make_interval(secs => g)
  from generate_series(1, ${count}) g
  cross join lateral (select * from products where best_rank is null order by id offset (g % 40) limit 1) p
`);
console.log(`Added ${count} products.`);
await database.close();
