import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvReport, isValidBarcode, STOCK_MESSAGES } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv-parse.ts';
import {
  insertProduct,
  insertTrackedTee,
  multipartBody,
  type ProductRow,
  queryRows,
  type SignedIn,
  signInAdmin,
  stockRows,
  testPng,
  useTestApp,
} from '../../test/helpers.ts';

describe('the catalogue as CSV', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let tee: ProductRow;
  let plain: ProductRow;
  /** A product added through the back office, so its image is in the store. */
  let imageFile: string;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    tee = await insertTrackedTee(ctx.t, { 'Navy M': 4, 'Olive S': 2 });
    // Quotes, commas, line breaks, ñ, emoji and a formula: text that must come back as it was.
    plain = await insertProduct(ctx.t, {
      name: 'Piña "Barong", Cream',
      description: '=cmd|\' /C calc\'!A0\nHand-woven piña, with "quotes", commas; and 🌺.\n+ - @ too',
      sizes: [],
      variations: [],
    });
    const body = await multipartBody(
      {
        name: 'Image Source Tee',
        description: 'A tee whose image the store has.',
        price: '100.00',
        variationsName: '[]',
      },
      [['imageUrl', await testPng('#123456')]],
    );
    const added = await ctx.t.request({
      method: 'POST',
      url: '/api/product/add',
      cookie: admin.cookie,
      ...body,
    });
    expect(added.statusCode, added.body).toBe(201);
    imageFile = (added.json() as { product: { imageUrl: string } }).product.imageUrl.split('/').pop()!;
  });

  const exportCsv = async () => {
    const response = await ctx.t.request({
      method: 'GET',
      url: '/api/admin/catalogue/csv',
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    return response.body;
  };
  const check = (csv: string) =>
    ctx.t.request({
      method: 'POST',
      url: '/api/admin/catalogue/csv/check',
      cookie: admin.cookie,
      payload: { csv },
    });
  const apply = (csv: string, token: string) =>
    ctx.t.request({
      method: 'POST',
      url: '/api/admin/catalogue/csv',
      cookie: admin.cookie,
      payload: { csv, token },
    });
  const checkOk = async (csv: string) => {
    const response = await check(csv);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CatalogueCsvReport;
  };
  /** The exported file as rows of cells, header first, the cells as the file holds them. */
  const table = (csv: string) => parseCsv(csv).map((record) => record.cells);
  const toText = (rows: string[][]) =>
    rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\r\n');
  const col = (name: (typeof CATALOGUE_CSV_COLUMNS)[number]) => CATALOGUE_CSV_COLUMNS.indexOf(name);

  it('exports every variation and size with its SKU, starting with a BOM, and reads back as 0 changes', async () => {
    const csv = await exportCsv();
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = table(csv);
    expect(rows[0]).toEqual([...CATALOGUE_CSV_COLUMNS]);
    const teeRows = rows.filter((row) => row[col('Product key')] === tee.id);
    expect(teeRows).toHaveLength(10);
    const navyM = teeRows.find((row) => row[col('Variation')]!.endsWith('Navy') && row[col('Size')] === 'M')!;
    expect(navyM[col('Stock')]).toBe('4');
    expect(navyM[col('SKU')]).toMatch(/^STOCK-TEE-\d+-NAVY-STOCKTEE\w*-M$/);
    // The formula is written as text (an apostrophe first), the rest of the cell untouched.
    const plainRow = rows.find((row) => row[col('Product key')] === plain.id)!;
    expect(plainRow[col('Description')]).toBe(`'${plain.description}`);
    expect(plainRow[col('Name')]).toBe(plain.name);
    expect(plainRow[col('SKU')]).toBe('');

    const report = await checkOk(csv);
    expect(report.errors).toEqual([]);
    expect(report.changes).toEqual([]);
    expect(report.message).toBe('Nothing to change: the catalogue already matches the file');
  });

  it('gives every stock row a unique SKU, and finds a product by SKU or barcode in the back office', async () => {
    // The same name and variations: the same SKUs made, so the twin's are numbered.
    const twin = await insertTrackedTee(ctx.t, {}, { name: tee.name, variations: tee.variations });
    const skus = await queryRows<{ sku: string }>(ctx.t, sql`select sku from product_stock`);
    expect(new Set(skus.map((s) => s.sku)).size).toBe(skus.length);
    const [twinSku] = await queryRows<{ sku: string }>(
      ctx.t,
      sql`select sku from product_stock where product_id = ${twin.id} order by sku limit 1`,
    );
    expect(twinSku!.sku).toMatch(/\.2$/);
    await ctx.t.database.db.execute(
      sql`update product_stock set barcode = '036000291452' where sku = ${twinSku!.sku}`,
    );
    for (const q of [twinSku!.sku.toLowerCase(), '036000291452']) {
      const found = await ctx.t.request({
        method: 'GET',
        url: `/api/product/admin-list?q=${encodeURIComponent(q)}`,
        cookie: admin.cookie,
      });
      expect(found.statusCode).toBe(200);
      expect((found.json() as { id: string }[]).map((p) => p.id)).toEqual([twin.id]);
    }
  });

  it('lists three edited rows and names the bad one; applies nothing until it is fixed, then all', async () => {
    const rows = table(await exportCsv());
    const teeRows = rows.filter((row) => row[col('Product key')] === tee.id);
    const at = (row: string[]) => rows.indexOf(row) + 1;
    teeRows[0]![col('Stock')] = '9';
    teeRows[1]![col('Barcode')] = '4006381333931'; // a real EAN-13
    for (const row of teeRows) row[col('Price')] = '749.50';
    const bad = teeRows[2]!;
    bad[col('Stock')] = '-3';
    const csv = toText(rows);

    const report = await checkOk(csv);
    expect(report.errors).toEqual([`row ${at(bad)}: Stock: ${STOCK_MESSAGES.quantity}`]);
    expect(report.changes.map((c) => [c.field.replace(/\(.*\)/, '()'), c.old, c.new])).toEqual([
      ['Price', '699.00', '749.50'],
      ['Stock ()', '0', '9'],
      ['Barcode ()', '', '4006381333931'],
    ]);
    const refused = await apply(csv, report.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['rows.0']).toContain(`row ${at(bad)}`);
    const [price] = await queryRows<{ price: string }>(
      ctx.t,
      sql`select price from products where id = ${tee.id}`,
    );
    expect(price!.price).toBe('699.00');

    bad[col('Stock')] = '3';
    const fixed = toText(rows);
    const ready = await checkOk(fixed);
    expect(ready.errors).toEqual([]);
    expect(ready.changes).toHaveLength(4);
    const applied = await apply(fixed, ready.token);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().applied).toEqual({ created: 0, updated: 1 });
    const stock = await stockRows(ctx.t, tee.id);
    expect(Object.values(stock).reduce((a, b) => a + b, 0)).toBe(4 + 2 + 9 + 3);
    expect((await checkOk(await exportCsv())).changes).toEqual([]);
  });

  it('swaps SKUs in one file: two cells of a product, and round three cells of two products', async () => {
    const other = await insertTrackedTee(ctx.t, { 'Navy M': 1 });
    const rows = table(await exportCsv());
    const cell = (id: string, colour: string, size: string) =>
      rows.find(
        (r) =>
          r[col('Product key')] === id && r[col('Variation')]!.endsWith(colour) && r[col('Size')] === size,
      )!;
    const sku = col('SKU');
    const [teeS, teeXL] = [cell(tee.id, 'Olive', 'S'), cell(tee.id, 'Olive', 'XL')];
    const [navyM, navyL, otherM] = [
      cell(tee.id, 'Navy', 'M'),
      cell(tee.id, 'Navy', 'L'),
      cell(other.id, 'Navy', 'M'),
    ];
    const [s, xl, a, b, c] = [teeS[sku]!, teeXL[sku]!, navyM[sku]!, navyL[sku]!, otherM[sku]!];
    [teeS[sku], teeXL[sku]] = [xl, s];
    [navyM[sku], navyL[sku], otherM[sku]] = [b, c, a];
    const csv = toText(rows);

    const report = await checkOk(csv);
    expect(report.errors).toEqual([]);
    expect(report.changes.map((change) => [change.old, change.new]).sort()).toEqual(
      [
        [s, xl],
        [xl, s],
        [a, b],
        [b, c],
        [c, a],
      ].sort(),
    );
    const applied = await apply(csv, report.token);
    expect(applied.statusCode, applied.body).toBe(200);
    const held = await queryRows<{ product_id: string; variation: string; size: string; sku: string }>(
      ctx.t,
      sql`select product_id, variation, size, sku from product_stock where sku in (${s}, ${xl}, ${a}, ${b}, ${c})`,
    );
    const where = (code: string) => {
      const row = held.find((h) => h.sku === code)!;
      return [row.product_id, row.variation.split(' ').pop(), row.size];
    };
    expect([s, xl, a, b, c].map(where)).toEqual([
      [tee.id, 'Olive', 'XL'],
      [tee.id, 'Olive', 'S'],
      [other.id, 'Navy', 'M'],
      [tee.id, 'Navy', 'M'],
      [tee.id, 'Navy', 'L'],
    ]);
    expect((await checkOk(await exportCsv())).changes).toEqual([]);

    // A SKU whose cell keeps it (its row is not in the file) is still another product's.
    const exported = table(await exportCsv());
    const mine = [exported[0]!, ...exported.filter((r) => r[col('Product key')] === other.id)];
    mine.find((r) => r[col('Size')] === 'S')![sku] = s;
    const refused = await checkOk(toText(mine));
    expect(refused.errors).toEqual(['row 2: the SKUs of these rows belong to different products']);
  });

  it('refuses an apply when the catalogue changed since its dry run', async () => {
    const rows = table(await exportCsv());
    for (const row of rows.filter((r) => r[col('Product key')] === plain.id)) row[col('Price')] = '1.50';
    const csv = toText(rows);
    const report = await checkOk(csv);
    expect(report.changes).toHaveLength(1);
    await ctx.t.database.db.execute(sql`update products set name = 'Piña Barong' where id = ${plain.id}`);
    const response = await apply(csv, report.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/changed since the dry run/);
  });

  it('adds a product from rows with a new key, SKUs given or made; of two adding the same SKU one wins', async () => {
    const header = [...CATALOGUE_CSV_COLUMNS];
    const row = (size: string, sku: string) => {
      const cells: Record<string, string> = {
        'Product key': 'new-1',
        Name: 'Canvas Tote',
        Description: 'A sturdy canvas tote.',
        Category: 'Women',
        Subcategory: 'Accessories',
        Price: '350',
        Variation: '',
        Size: size,
        SKU: sku,
        Barcode: '',
        Stock: '5',
        Image: imageFile,
        'Variation image': '',
      };
      return header.map((h) => cells[h]!);
    };
    const csv = toText([header, row('', 'TOTE-001')]);
    const first = await checkOk(csv);
    expect(first.errors).toEqual([]);
    expect(first.changes).toEqual([
      { row: 2, product: 'Canvas Tote', field: 'New product', old: '', new: '1 row, 5 in stock' },
    ]);
    const second = await checkOk(csv);
    const won = await apply(csv, first.token);
    expect(won.statusCode, won.body).toBe(200);
    const lost = await apply(csv, second.token);
    expect(lost.statusCode).toBe(409);
    const totes = await queryRows<{ n: number }>(
      ctx.t,
      sql`select count(*)::int as n from products where name = 'Canvas Tote'`,
    );
    expect(totes[0]!.n).toBe(1);
    // The same SKU given to a product at the same moment as the index sees it: 409 too.
    const race = ctx.t.database.db.execute(
      sql`insert into product_stock (product_id, variation, size, quantity, sku) values (${plain.id}, '', '', 0, 'TOTE-001')`,
    );
    await expect(race).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('checks barcodes, SKUs and the columns in the shop words', async () => {
    expect(isValidBarcode('4006381333931')).toBe(true);
    expect(isValidBarcode('4006381333932')).toBe(false);
    expect(isValidBarcode('036000291452')).toBe(true); // UPC-A
    expect(isValidBarcode('03600029145')).toBe(false);
    const rows = table(await exportCsv());
    const teeRow = rows.find((r) => r[col('Product key')] === tee.id)!;
    teeRow[col('Barcode')] = '4006381333932';
    teeRow[col('SKU')] = 'no spaces please';
    const report = await checkOk(toText(rows));
    const line = rows.indexOf(teeRow) + 1;
    expect(report.errors).toEqual([
      `row ${line}: SKU: A SKU is 1 to 40 letters, digits, dots, dashes or underscores`,
      `row ${line}: Barcode: A barcode is 12 digits (UPC-A) or 13 digits (EAN-13) with the right check digit`,
    ]);

    const wrong = await check('Name,Price,Colour\r\n"Tee",100,Red\r\n');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(
      /^The columns must be: Product key, Name, Description,.*missing: Product key.*not known: Colour/,
    );
    const empty = await check(`${CATALOGUE_CSV_COLUMNS.join(',')}\r\n`);
    expect(empty.json().message).toBe('The file has a header but no rows');
  });

  it('keeps formulas as the text they were, never running them', async () => {
    const rows = table(await exportCsv());
    const plainRow = rows.find((r) => r[col('Product key')] === plain.id)!;
    plainRow[col('Name')] = '@SUM(1+1)';
    plainRow[col('Price')] = '1.50';
    const csv = toText(rows);
    const report = await checkOk(csv);
    expect(report.changes.find((c) => c.field === 'Name')?.new).toBe('@SUM(1+1)');
    expect((await apply(csv, report.token)).statusCode).toBe(200);
    const out = table(await exportCsv()).find((r) => r[col('Product key')] === plain.id)!;
    expect(out[col('Name')]).toBe("'@SUM(1+1)");
    const [row] = await queryRows<{ name: string; description: string }>(
      ctx.t,
      sql`select name, description from products where id = ${plain.id}`,
    );
    expect(row).toEqual({ name: '@SUM(1+1)', description: plain.description });
  });
});
