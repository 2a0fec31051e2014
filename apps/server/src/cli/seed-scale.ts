import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/**
 * `node apps/server/dist/seed-scale.js <count>`: adds <count> synthetic products (copies of the demo ones
 * with other names and prices) and <count> orders of two lines each from as many customers,
 * so benchmarks can measure a large store. The orders are placed one a second back from now, or
 * spread evenly over <days> days when a third argument gives them (`node seed-scale.js 100000
 * 730`), as a store that took that many orders over two years; lines of orders over 14 days old
 * are then delivered, as such a store's are.
 */
const count = Number(process.argv[2] ?? 10_000);
const orderDays = Number(process.argv[3] ?? 0);
const secondsApart = orderDays > 0 ? (orderDays * 86_400) / count : 1;
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
  owner: 'the scale seeder',
});
await database.withBootLock(({ migrate }) => migrate());
// The 40 templates are read once: a lateral read per new row would walk the rows already added
// (invisible to it, but in the table), and the seed would take quadratic time.
await database.db.execute(sql`
  with templates as materialized (
    select *, row_number() over (order by id) - 1 as k from products where best_rank is null order by id limit 40
  )
  insert into products (name, description, price, image_url, category, sub_category, sizes, variations, created_at)
  select p.name || ' #' || g, p.description, (100 + (g * 37) % 4900)::numeric(12, 2), p.image_url, p.category,
         p.sub_category, p.sizes, p.variations, now() - make_interval(secs => g)
  from generate_series(1, ${count}) g
  join templates p on p.k = g % 40
`);
// Customers share one (unusable) password hash: they exist to own orders, not to sign in.
await database.db.execute(sql`
  insert into customers (name, email, contact_number, password_hash)
  select 'Shopper ' || g, 'shopper' || g || '@bench.example', '+639170000000', 'x'
  from generate_series(1, ${count}) g
`);
// The orders' lines all name one product: counted line by line at commit (migration 0010's
// trigger), 200,000 updates of one counter row would take quadratic time. The counts are made
// once from the lines instead, in the same transaction, so nothing is left uncounted.
await database.db.transaction(async (tx) => {
  await tx.execute(sql`alter table order_items disable trigger order_items_count_sales`);
  await tx.execute(sql`
  with placed as (
    insert into orders (customer_id, customer_name, shipping_address, payment_method, status,
                        subtotal, shipping_fee, tax, total, created_at)
    select c.id, c.name, '1 Rizal Avenue, Manila 1000', 'cod', 'pending', 1398.00, 0, 139.80, 1537.80,
           now() - make_interval(secs => row_number() over () * ${secondsApart}::float8)
    from customers c where c.email like '%@bench.example'
    returning id, created_at
  )
  insert into order_items (order_id, position, product_id, name, image_url, price, size, quantity,
                           delivery_fee, delivery_date, status)
  select placed.id, pos, p.id, p.name, p.image_url, 699.00, '', 1, 0, current_date + 9,
         case when placed.created_at < now() - interval '14 days' then 'delivered' else 'toPay' end
  from placed cross join generate_series(0, 1) pos
  cross join lateral (select * from products order by id limit 1) p
`);
  await tx.execute(sql`alter table order_items enable trigger order_items_count_sales`);
  await tx.execute(sql`
    insert into product_sales (product_id, sold)
    select product_id, sum(quantity) from order_items
    where product_id is not null and status <> 'cancelled'
    group by product_id
    on conflict (product_id) do update set sold = excluded.sold
  `);
});
// What autovacuum would do on PostgreSQL a little later (PGlite has none): statistics for the
// new rows, and the GIN indexes' pending entries merged. Measured right after this, plans would
// otherwise be made for the empty store, and every full-text search would read the pending list.
await database.db.execute(sql`vacuum analyze`);
console.log(`Added ${count} products, customers and orders.`);
await database.close();
