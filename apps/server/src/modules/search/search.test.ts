import { createHash } from 'node:crypto';
import { demoProducts } from '@habi/demo';
import { NEXT_CURSOR_HEADER, SEARCH_MESSAGES, SuggestionsSchema } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, type ProductRow, signInAdmin, type TestApp, useTestApp } from '../../test/helpers.ts';
import { insertDemoProducts } from '../demo/seed-demo.ts';

/** The demo catalogue, as a new store opens with it (image URLs stand in for the drawings). */
async function seedDemo(t: TestApp) {
  const urls = demoProducts.flatMap((p) => p.variations).map((_, i) => `/uploads/demo-${i}-800.webp`);
  await insertDemoProducts(t.database.db, urls);
}

async function list(t: TestApp, query: string) {
  const response = await t.request({ method: 'GET', url: `/api/product/all?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json() as { id: string; name: string; price: string; category: string | null }[];
  return { items, names: items.map((p) => p.name), next: response.headers[NEXT_CURSOR_HEADER] as string };
}
const names = async (t: TestApp, q: string) => (await list(t, `q=${encodeURIComponent(q)}`)).names;

const JACKETS = [
  'Men Bomber Jacket Black',
  'Kids Windbreaker Jacket Royal',
  'Women Satin Bomber Jacket Blush',
];
/** Products with a Denim variation (jeans and a jumpsuit). */
const DENIM = [
  'Men Straight Jeans Indigo',
  'Women High-Rise Mom Jeans Denim',
  'Kids Stretch Jeans Denim',
  'Kids Cotton Jumpsuit Mustard',
];
const T_SHIRTS = ['Men Crew T-shirt Navy', 'Kids Cotton T-shirt Sky'];
const POLOS = ['Men Classic Polo 2-Pack Navy', 'Women Knit Polo Top Cream', 'Kids Pique Polo Shirt White'];
const SANDALS = ['Men Two-Strap Sandals Black', 'Women Strappy Sandals Tan', 'Kids Play Sandals Navy'];
const A_YEAR_AGO = new Date(Date.now() - 365 * 86_400_000).toISOString();
const sorted = (values: string[]) => [...values].sort();

describe('GET /api/product/all?q= on the demo catalogue', () => {
  const ctx = useTestApp();
  let denimJacket: ProductRow;

  beforeAll(async () => {
    await seedDemo(ctx.t);
    // Older than every demo product: only its rank can put it first.
    denimJacket = await insertProduct(ctx.t, {
      name: 'Men Denim Trucker Jacket Indigo',
      description: 'A rigid cotton trucker with chest pockets.',
      variations: [{ name: 'Men Denim Trucker Jacket Indigo', imageUrl: '/uploads/trucker-800.webp' }],
      createdAt: A_YEAR_AGO,
    });
  });

  it('"dennim jaket": the denim jacket first, then the jackets and denim, then jackets in descriptions', async () => {
    const found = await names(ctx.t, 'dennim jaket');
    expect(found[0]).toBe(denimJacket.name);
    expect(sorted(found.slice(1, 8))).toEqual(sorted([...JACKETS, ...DENIM]));
    // The sets whose descriptions name a jacket come after.
    expect(found.slice(8)).toContain('Men Track Suit Set Black');
    expect(found.slice(8)).toContain('Women Knit Lounge Set Blush');
  });

  it.each(['tshirt', 't-shrit', 't-shirt', 'T shirt', 'Tshirts'])(
    '"%s" finds the T-shirts first',
    async (q) => {
      const found = await names(ctx.t, q);
      expect(sorted(found.slice(0, 2))).toEqual(sorted(T_SHIRTS));
    },
  );

  it('"polo shrt" finds the polo shirt first, and every polo', async () => {
    const found = await names(ctx.t, 'polo shrt');
    expect(found[0]).toBe('Kids Pique Polo Shirt White');
    expect(found).toEqual(expect.arrayContaining(POLOS));
  });

  it('"sandls" finds the sandals and nothing else', async () => {
    expect(sorted(await names(ctx.t, 'sandls'))).toEqual(sorted(SANDALS));
  });

  it('ranks the product named exactly first, though newer products match its words', async () => {
    for (const q of ['Men Two-Strap Sandals Black', 'men two-strap sandals BLACK']) {
      const found = await names(ctx.t, q);
      expect(found[0]).toBe('Men Two-Strap Sandals Black');
      expect(found).toEqual(expect.arrayContaining(SANDALS));
    }
  });

  it('ranks names that start with the search before other matches', async () => {
    const found = await names(ctx.t, 'women linen');
    expect(sorted(found.slice(0, 3))).toEqual(
      sorted([
        'Women Linen Button-Up Shirt White',
        'Women Linen Shorts Sand',
        'Women Linen Jumpsuit Terracotta',
      ]),
    );
    expect(found.slice(3)).toContain('Men Linen Long-Sleeve Shirt Ivory');
  });

  it('ranks a name prefix before matches of the word; a near spelling finds them all', async () => {
    const kit = await insertProduct(ctx.t, {
      name: 'Sandal Care Kit',
      description: 'A brush and a cleaner for leather straps.',
      category: 'Men',
      subCategory: 'Accessories',
      variations: [],
      createdAt: A_YEAR_AGO,
    });
    try {
      const found = await names(ctx.t, 'sandal');
      expect(found[0]).toBe(kit.name);
      expect(sorted(found.slice(1))).toEqual(sorted(SANDALS));
      // A typo finds them all, newest first: no name starts with it.
      expect(await names(ctx.t, 'sandels')).toEqual([...[...SANDALS].reverse(), kit.name]);
    } finally {
      await ctx.t.database.db.execute(sql`delete from products where id = ${kit.id}`);
    }
  });

  it('finds nothing for words the catalogue has nothing near: an empty list, 200', async () => {
    const { items, next } = await list(ctx.t, 'q=zzzzqx');
    expect(items).toEqual([]);
    expect(next).toBeUndefined();
    expect((await list(ctx.t, `q=${encodeURIComponent('%_%')}`)).items).toEqual([]);
  });

  it('finds by the description, and by a word\'s other forms ("jackets")', async () => {
    expect(await names(ctx.t, 'drawstring')).toEqual(
      expect.arrayContaining(['Men Jogger Pants Black', 'Kids Jogger Pants Heather']),
    );
    expect(await names(ctx.t, 'jackets')).toEqual(expect.arrayContaining([...JACKETS, denimJacket.name]));
  });

  it('keeps the category and subcategory filters and the price sorts with a search', async () => {
    const relevant = await list(ctx.t, 'q=shirt&category=Men');
    expect(relevant.items.length).toBeGreaterThan(2);
    expect(relevant.items.every((p) => p.category === 'Men')).toBe(true);
    const byPrice = await list(ctx.t, 'q=shirt&category=Men&sort=asc');
    expect(sorted(byPrice.names)).toEqual(sorted(relevant.names));
    const prices = byPrice.items.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = await list(ctx.t, 'q=shirt&category=Men&sort=desc');
    expect(descending.items.map((p) => Number(p.price))).toEqual([...prices].reverse());

    const tops = await list(ctx.t, 'q=linen&subCategory=Tops&sort=desc');
    expect(sorted(tops.names)).toEqual(
      sorted(['Men Linen Long-Sleeve Shirt Ivory', 'Women Linen Button-Up Shirt White']),
    );
    expect((await list(ctx.t, 'q=linen&category=Kids&subCategory=Tops')).items).toEqual([]);
  });

  it('pages the price order of a search with keyset cursors', async () => {
    const whole = (await list(ctx.t, 'q=shirt&sort=asc')).items.map((p) => p.id);
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(ctx.t, `q=shirt&sort=asc&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items.map((p) => p.id));
      cursor = page.next;
    } while (cursor);
    expect(paged).toEqual(whole);
  });

  it('pages through the ranked results with every match exactly once, in order', async () => {
    // Matches in several ranks: both words in the name, then either.
    const whole = (await list(ctx.t, 'q=kids%20shoes')).items.map((p) => p.id);
    expect(whole.length).toBeGreaterThan(20);
    const paged: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(ctx.t, `q=kids%20shoes&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items.map((p) => p.id));
      cursor = page.next;
      pages += 1;
    } while (cursor);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(paged.length);
    expect(pages).toBe(Math.ceil(whole.length / 4));
  });

  it('refuses a tampered ranking cursor with 400', async () => {
    const { next } = await list(ctx.t, 'q=kids&limit=3');
    const offset = JSON.parse(Buffer.from(next, 'base64url').toString());
    expect(offset).toEqual({ o: 3 });
    for (const cursor of [
      `${next}x`,
      Buffer.from(JSON.stringify({ o: -3 })).toString('base64url'),
      Buffer.from(JSON.stringify({ o: '3' })).toString('base64url'),
      'not-a-cursor',
    ]) {
      const response = await ctx.t.request({
        method: 'GET',
        url: `/api/product/all?q=kids&cursor=${cursor}`,
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid cursor' });
    }
  });

  it('lists as before without a search', async () => {
    const { names: newest } = await list(ctx.t, 'limit=3');
    expect(newest).toEqual(
      demoProducts
        .slice(-3)
        .reverse()
        .map((p) => p.variations[0]!.name),
    );
    expect((await list(ctx.t, 'q=%20%20&limit=3')).names).toEqual(newest);
  });

  it('shows each product found as the collection shows it: name, image, price, date and stock alike', async () => {
    const { items: everything } = await list(ctx.t, 'limit=100');
    const byId = new Map(everything.map((product) => [product.id, product]));
    for (const q of ['jeans', 'dennim jaket', 'tshirt&sort=asc']) {
      const { items } = await list(ctx.t, `q=${q}`);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).toEqual(byId.get(item.id));
    }
  });
});

describe('GET /api/product/suggest', () => {
  const ctx = useTestApp();
  beforeAll(() => seedDemo(ctx.t));

  async function suggest(q: string) {
    const response = await ctx.t.request({
      method: 'GET',
      url: `/api/product/suggest?q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { body: SuggestionsSchema.parse(response.json()), response };
  }

  it('suggests the best products with their summary fields, which anyone may keep if they ask again', async () => {
    const { body, response } = await suggest('jack');
    expect(sorted(body.products.slice(0, 3).map((p) => p.name))).toEqual(sorted(JACKETS));
    expect(Object.keys(body.products[0]!).sort()).toEqual(
      ['category', 'id', 'imageUrl', 'name', 'price', 'subCategory'].sort(),
    );
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('suggests the categories whose products match best', async () => {
    const { body } = await suggest('jeans');
    // The jeans, then the products whose descriptions pair them with jeans.
    expect(sorted(body.products.slice(0, 3).map((p) => p.name))).toEqual(
      sorted(['Men Straight Jeans Indigo', 'Women High-Rise Mom Jeans Denim', 'Kids Stretch Jeans Denim']),
    );
    expect(body.categories).toEqual(
      expect.arrayContaining([
        { category: 'Men', subCategory: 'Bottoms' },
        { category: 'Women', subCategory: 'Bottoms' },
        { category: 'Kids', subCategory: 'Bottoms' },
      ]),
    );
    // A whole category when a word names it.
    expect((await suggest('kids sandls')).body.categories[0]).toEqual({
      category: 'Kids',
      subCategory: null,
    });
  });

  it('suggests at most 6 products and 4 categories, and nothing for nonsense', async () => {
    const { body } = await suggest('e');
    expect(body.products).toHaveLength(6);
    expect(body.categories).toHaveLength(4);
    expect(new Set(body.categories.map((c) => `${c.category}/${c.subCategory}`)).size).toBe(4);
    expect((await suggest('zzzzqx')).body).toEqual({ products: [], categories: [] });
  });

  it('asks for something to search', async () => {
    for (const q of ['', '   ']) {
      const response = await ctx.t.request({ method: 'GET', url: `/api/product/suggest?q=${q}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(SEARCH_MESSAGES.blank);
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });
});

describe('GET /api/product/all?q= on a large catalogue', () => {
  const ctx = useTestApp();
  const PRODUCTS = 2500;

  beforeAll(async () => {
    // "zebra" in every 50th name and every 40th other description: fewer than 1 in 40, so a
    // page reads up to the edge of the newest products, and past it.
    await ctx.t.database.db.execute(sql`
      insert into products (name, description, price, image_url, category, sub_category, created_at)
      select case when g % 50 = 0 then 'Tee Zebra ' || g else 'Plain Tee ' || g end,
             case when g % 40 = 0 and g % 50 <> 0 then 'Stripes like a zebra.' else 'A soft cotton tee.' end,
             100 + g, '/uploads/x-800.webp', 'Men', 'Tops', now() - make_interval(secs => g)
      from generate_series(1, ${PRODUCTS}) g`);
  });

  // Past the newest thousand products each rank is read through its index: the pages across
  // that edge, and the deeper ones read without it, still hold every match once, in order.
  it('pages through every match exactly once, names first, newest first', async () => {
    const result = await ctx.t.database.db.execute(sql`
      select id from products where name ilike '%zebra%' or description ilike '%zebra%'
      order by name ilike '%zebra%' desc, created_at desc, id desc`);
    const expected = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    expect(expected).toHaveLength(50 + 50);
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(ctx.t, `q=zebra&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.items.map((p) => p.id));
      cursor = page.next;
    } while (cursor);
    expect(paged).toEqual(expected);
  });
});

describe('search words', () => {
  const ctx = useTestApp();

  it('normalise: lower-cased words, compounds also written together', async () => {
    const result = await ctx.t.database.db.execute(
      sql`select search_normalise(${'Men Crew T-shirt, Kid_Tee 2-Pack/Set'}) as text`,
    );
    expect((result as unknown as { rows: { text: string }[] }).rows[0]!.text).toBe(
      'men crew t shirt kid tee 2 pack set tshirt kidtee 2packset',
    );
  });

  // "t shirt" is stemmed in the server, "3 pack" (a digit) by the database: both find the product
  // that writes the words together before the newer ones that have one of them.
  it('typed apart, find the name that writes them together first', async () => {
    const older = { createdAt: A_YEAR_AGO };
    const tshirt = await insertProduct(ctx.t, { name: 'Women Tshirts Dress Navy', ...older });
    const threePack = await insertProduct(ctx.t, { name: 'Kids Ankle Socks 3pack', ...older });
    await insertProduct(ctx.t, { name: 'Men Oxford Shirt White' });
    await insertProduct(ctx.t, { name: 'Men Travel Pack Grey' });
    expect((await names(ctx.t, 't shirt'))[0]).toBe(tshirt.name);
    expect((await names(ctx.t, 'T shirts'))[0]).toBe(tshirt.name);
    expect((await names(ctx.t, '3 pack'))[0]).toBe(threePack.name);
  });

  it('follow the catalogue: a new or renamed product is found by a near spelling of its new words', async () => {
    const admin = await signInAdmin(ctx.t);
    const product = await insertProduct(ctx.t, { name: 'Men Corduroy Overshirt Rust' });
    expect(await names(ctx.t, 'cordroy')).toEqual([product.name]);
    const edited = await ctx.t.request({
      method: 'PATCH',
      url: `/api/product/edit/${product.id}`,
      cookie: admin.cookie,
      payload: {
        updatedName: 'Men Seersucker Overshirt Rust',
        updatedDescription: product.description,
        updatedPrice: product.price,
        updatedCategory: product.category,
        updatedSubcategory: product.subCategory,
        updatedSizes: product.sizes,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await names(ctx.t, 'sersucker')).toEqual(['Men Seersucker Overshirt Rust']);
  });
});

describe("the back office's searches", () => {
  const ctx = useTestApp();
  const ROWS = 3000;

  beforeAll(async () => {
    const { db } = ctx.t.database;
    await db.execute(sql`
      insert into products (name, price, image_url)
      select 'Search Tee ' || md5(g::text), 699, '/uploads/x-800.webp' from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into customers (name, email, contact_number, password_hash)
      select 'Shopper ' || md5(g::text), 'shopper' || g || '@search.example', '+639170000000', 'x'
      from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into orders (customer_name, shipping_address, payment_method, status, subtotal, shipping_fee, tax, total)
      select 'Shopper ' || md5(g::text), '1 Rizal Avenue', 'cod', 'pending', 1, 0, 0, 1
      from generate_series(1, ${ROWS}) g`);
    // As autovacuum would: the new rows move from the trigram indexes' pending lists into the indexes.
    await db.execute(sql`vacuum analyze products, customers, orders`);
  });

  // ILIKE '%…%' (what the admin lists search with) can use no other index: with sequential
  // scans priced out, the plan reads the trigram index, or all of another one.
  // Part of one row's name: trigrams few other rows have, as a search for a person's name.
  const words = createHash('md5').update('1234').digest('hex').slice(0, 10);
  it.each([
    ['products', 'name', 'products_name_trgm_idx'],
    ['customers', 'name', 'customers_name_trgm_idx'],
    ['orders', 'customer_name', 'orders_customer_name_trgm_idx'],
  ])('%s by %s ILIKE use %s', async (table, column, index) => {
    const plan = await ctx.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} ilike ${`%${words}%`}`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows.map(
        (row) => Object.values(row)[0],
      );
    });
    expect(plan.join('\n')).toMatch(
      new RegExp(`Bitmap Index Scan on ${index}\\s+\\(.*\\n\\s+Index Cond: \\(${column} ~~\\* `),
    );
  });
});
