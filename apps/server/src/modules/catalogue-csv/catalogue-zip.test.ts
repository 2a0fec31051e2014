import { createHash } from 'node:crypto';
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvReport } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  multipartBody,
  queryRows,
  type SignedIn,
  signInAdmin,
  testPng,
  useTestApp,
} from '../../test/helpers.ts';
import { makeZip, type ZipEntry } from '../../test/zip.ts';

/** The file the store names an image by: its bytes' SHA-256 (32 hex digits), at 800 px. */
const storedName = (bytes: Buffer) =>
  `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}-800.webp`;

type Cells = Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>;

/** A catalogue CSV of the given rows (every other cell empty). */
const csvOf = (rows: Cells[]) =>
  [
    CATALOGUE_CSV_COLUMNS.join(','),
    ...rows.map((row) =>
      CATALOGUE_CSV_COLUMNS.map((c) => `"${(row[c] ?? '').replaceAll('"', '""')}"`).join(','),
    ),
  ].join('\r\n');

/** A new product's row. */
const newRow = (key: string, name: string, more: Cells = {}): Cells => ({
  'Product key': key,
  Name: name,
  Description: `${name}, from a ZIP.`,
  Category: 'Women',
  Subcategory: 'Tops',
  Price: '499',
  ...more,
});

describe('the catalogue as a ZIP of a CSV and its images', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let red: Buffer;
  let blue: Buffer;
  let green: Buffer;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    [red, blue, green] = await Promise.all([testPng('#aa2233'), testPng('#2233aa'), testPng('#22aa33')]);
  });

  const send = async (url: string, zip: Buffer, fields: Record<string, string> = {}) =>
    ctx.t.request({
      method: 'POST',
      url,
      cookie: admin.cookie,
      ...(await multipartBody(fields, [['file', zip, 'catalogue.zip', 'application/zip']])),
    });
  const check = (zip: Buffer) => send('/api/admin/catalogue/zip/check', zip);
  const apply = (zip: Buffer, token: string) => send('/api/admin/catalogue/zip', zip, { token });
  const checkOk = async (zip: Buffer) => {
    const response = await check(zip);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CatalogueCsvReport;
  };
  const stored = (files: string[]) => ctx.t.app.images.stored(files);
  const productsNamed = (name: string) =>
    queryRows<{ image_url: string; variations: { name: string; imageUrl: string }[] }>(
      ctx.t,
      sql`select image_url, variations from products where name = ${name}`,
    );

  it('adds products with the images it brings, found by path or by name; the dry run writes nothing', async () => {
    // Red in S to 2XL with 1 to 5 in stock, Blue with none; the Blue rows name its image.
    const sizes = ['S', 'M', 'L', 'XL', '2XL'];
    const csv = csvOf([
      newRow('z-1', 'Zip Blouse', { Variation: 'Red', Size: 'S', Stock: '1', Image: 'photos/red.png' }),
      ...sizes
        .slice(1)
        .map((size, i) => ({ 'Product key': 'z-1', Variation: 'Red', Size: size, Stock: `${i + 2}` })),
      ...sizes.map((size) => ({
        'Product key': 'z-1',
        Variation: 'Blue',
        Size: size,
        Stock: '0',
        'Variation image': 'blue.png',
      })),
      newRow('z-2', 'Zip Scarf', { Image: 'blue.png' }),
    ]);
    // A folder as a computer compresses it, with what macOS adds.
    const zip = makeZip([
      { name: 'Spring/catalogue.csv', data: Buffer.from(csv) },
      { name: 'Spring/photos/red.png', data: red, method: 0 },
      { name: 'Spring/photos/more/blue.png', data: blue },
      { name: '__MACOSX/Spring/._catalogue.csv', data: Buffer.from('apple') },
      { name: 'Spring/.DS_Store', data: Buffer.from('finder') },
    ]);
    const report = await checkOk(zip);
    expect(report.errors).toEqual([]);
    expect(report.changes).toEqual([
      {
        row: 2,
        product: 'Zip Blouse',
        field: 'New product',
        old: '',
        new: '10 rows, 15 in stock, 2 images from the ZIP file',
      },
      {
        row: 12,
        product: 'Zip Scarf',
        field: 'New product',
        old: '',
        new: '1 row, 1 image from the ZIP file',
      },
    ]);
    expect(await productsNamed('Zip Blouse')).toEqual([]);
    expect(await stored([storedName(red), storedName(blue)])).toEqual(new Set());

    const response = await apply(zip, report.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Applied: 2 products added, 0 changed');
    const [blouse] = await productsNamed('Zip Blouse');
    expect(blouse!.image_url).toBe(`/uploads/${storedName(red)}`);
    expect(blouse!.variations).toEqual([
      { name: 'Red', imageUrl: `/uploads/${storedName(red)}` },
      { name: 'Blue', imageUrl: `/uploads/${storedName(blue)}` },
    ]);
    expect((await productsNamed('Zip Scarf'))[0]!.image_url).toBe(`/uploads/${storedName(blue)}`);
    const served = await ctx.t.request({ method: 'GET', url: `/uploads/${storedName(red)}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const stock = await queryRows<{ variation: string; size: string; quantity: number }>(
      ctx.t,
      sql`select variation, size, quantity from product_stock s join products p on p.id = s.product_id
          where p.name = 'Zip Blouse' and s.quantity > 0 order by quantity`,
    );
    expect(stock).toEqual(sizes.map((size, i) => ({ variation: 'Red', size, quantity: i + 1 })));
    const audit = await queryRows<{ action: string; entity: string }>(
      ctx.t,
      sql`select action, entity from audit_log where action = 'import-zip'`,
    );
    expect(audit).toEqual([{ action: 'import-zip', entity: 'product' }]);
    // The same file again: its rows' keys are not the new products' ids, so it would add them
    // twice; an exported file (ids as keys) is how a catalogue comes back.
    expect((await checkOk(zip)).changes.map((c) => c.field)).toEqual(['New product', 'New product']);
  });

  it("names each row's image problem in the shop's words, and applies nothing while any remain", async () => {
    const big = Buffer.concat([red, Buffer.alloc(5 * 1024 * 1024)]);
    const csv = csvOf([
      newRow('e-1', 'Missing Photo Tee', { Image: 'nowhere.png' }),
      newRow('e-2', 'Text Photo Tee', { Image: 'notes.png' }),
      newRow('e-3', 'Huge Photo Tee', { Image: 'huge.png' }),
      newRow('e-4', 'Bomb Photo Tee', { Image: 'bomb.png' }),
      newRow('e-5', 'Good Photo Tee', { Image: 'green.png' }),
    ]);
    const zip = makeZip([
      { name: 'catalogue.csv', data: Buffer.from(csv) },
      { name: 'notes.png', data: Buffer.from('not a picture at all') },
      { name: 'huge.png', data: big },
      // Says 1 kB, inflates to 64 MB: read no further than it says.
      { name: 'bomb.png', data: Buffer.concat([red, Buffer.alloc(64 * 1024 * 1024)]), statedSize: 1024 },
      { name: 'green.png', data: green },
    ]);
    const report = await checkOk(zip);
    expect(report.errors).toEqual([
      'row 2: no image named "nowhere.png" in the ZIP file or the store',
      'row 3: Image: "notes.png" is not a PNG, JPEG or SVG image',
      'row 4: Image: "huge.png" is larger than 5 MB',
      'row 5: Image: "bomb.png" could not be read from the ZIP file',
    ]);
    expect(report.message).toBe('4 errors to fix in 5 rows: nothing can be applied yet');
    const refused = await apply(zip, report.token);
    expect(refused.statusCode).toBe(400);
    expect(await productsNamed('Good Photo Tee')).toEqual([]);
    expect(await stored([storedName(green)])).toEqual(new Set());
  });

  it('refuses an image that is not one when it is encoded, and writes nothing', async () => {
    // A PNG's signature over bytes no decoder reads: found only by the apply's encoding.
    const broken = Buffer.concat([red.subarray(0, 8), Buffer.alloc(400, 7)]);
    const zip = makeZip([
      {
        name: 'catalogue.csv',
        data: Buffer.from(csvOf([newRow('b-1', 'Broken Photo Tee', { Image: 'x.png' })])),
      },
      { name: 'x.png', data: broken },
    ]);
    const report = await checkOk(zip);
    expect(report.errors).toEqual([]);
    const response = await apply(zip, report.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('"x.png" could not be read as an image');
    expect(await productsNamed('Broken Photo Tee')).toEqual([]);
  });

  it('removes the images it stored when the apply is refused, keeping those another row shows', async () => {
    const csv = csvOf([newRow('r-1', 'Raced Tee', { Image: 'red.png', 'Variation image': '' })]);
    const shown = await testPng('#654321');
    const zip = makeZip([
      { name: 'catalogue.csv', data: Buffer.from(csv) },
      { name: 'red.png', data: shown },
    ]);
    const report = await checkOk(zip);
    // A token that is not the dry run's, as when the catalogue changed since: refused after the
    // images were stored.
    const response = await apply(zip, `${report.token}x`);
    expect(response.statusCode).toBe(409);
    expect(await stored([storedName(shown)])).toEqual(new Set());
    expect(await productsNamed('Raced Tee')).toEqual([]);
  });

  it('refuses a ZIP it cannot take, saying why', async () => {
    const csv = Buffer.from(csvOf([newRow('x-1', 'Any Tee', { Image: 'a.png' })]));
    const cases: [Buffer, number, string][] = [
      [Buffer.from('PK not really a zip'), 400, 'The ZIP file could not be read'],
      [makeZip([{ name: 'a.png', data: red }]), 400, 'The ZIP file must hold one CSV file'],
      [
        makeZip([
          { name: 'one.csv', data: csv },
          { name: 'two.CSV', data: csv },
        ]),
        400,
        'The ZIP file must hold one CSV file',
      ],
      [
        makeZip(
          Array.from({ length: 1001 }, (_, i): ZipEntry => ({ name: `f${i}.txt`, data: Buffer.from('x') })),
        ),
        400,
        'The ZIP file holds more than 1,000 files',
      ],
      [
        // 41 photos that say they are 5 MB each: more than 200 MB to unpack.
        makeZip([
          {
            name: 'c.csv',
            data: Buffer.from(
              csvOf(
                Array.from({ length: 41 }, (_, i) =>
                  newRow(`p-${i}`, `Photo Tee ${i}`, { Image: `${i}.png` }),
                ),
              ),
            ),
          },
          ...Array.from({ length: 41 }, (_, i) => ({
            name: `${i}.png`,
            data: red,
            statedSize: 5 * 1024 * 1024,
          })),
        ]),
        400,
        'The photos the CSV names come to more than 200 MB unpacked',
      ],
      [
        makeZip([{ name: 'big.csv', data: Buffer.alloc(4 * 1024 * 1024 + 1, 'a') }]),
        413,
        "The ZIP's CSV file is larger than 4 MB",
      ],
      [
        makeZip([{ name: 'noise.bin', data: Buffer.alloc(50 * 1024 * 1024 + 1, 1), method: 0 }]),
        413,
        'The ZIP file is larger than 50 MB',
      ],
    ];
    for (const [zip, status, message] of cases) {
      const response = await check(zip);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toMatch(
        new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
    }
    const none = await ctx.t.request({
      method: 'POST',
      url: '/api/admin/catalogue/zip/check',
      cookie: admin.cookie,
      ...(await multipartBody({})),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose a ZIP file');
    const noToken = await send('/api/admin/catalogue/zip', makeZip([{ name: 'c.csv', data: csv }]));
    expect(noToken.statusCode).toBe(400);
  });
});
