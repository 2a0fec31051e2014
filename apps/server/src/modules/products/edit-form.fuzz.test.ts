import { createHash } from 'node:crypto';
import { type Product, SIZE_PRESETS } from '@habi/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertTrackedTee,
  multipartBody,
  type SignedIn,
  signInAdmin,
  stockRows,
  testPng,
  useTestApp,
} from '../../test/helpers.ts';

// Edit Product's multipart form (the JSON as `product`, new photos as `images`), fuzzed: the
// suite in test/fuzz.test.ts sends the route its JSON body; this sends it forms, valid, near-valid
// and hostile. The property: never a 5xx; errors are `{ message, errors?, available? }`; a
// refusal changes neither the product nor its stock and leaves none of its photos stored; a
// success shows only photos that are served.

const RUNS = 40;
const SEED = 20_261_128;

type FilePart =
  | { kind: 'png'; rgb: number; side: number }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'svg' };
type ImageRef = { kind: 'kept'; n: number } | { kind: 'upload'; n: number } | { kind: 'url'; text: string };
interface Plan {
  mainImage: ImageRef | null;
  variations: { name: string; image: ImageRef }[] | null;
  stale: boolean;
  stock: { variation: number; size: string; quantity: number; expected: number }[];
  files: FilePart[];
  extraField: string | null;
  productText: 'json' | 'broken' | 'absent';
  /** Overrides the rest with a form the edit should take: kept colours reversed, new ones with photos. */
  coherent: { newColours: number; replaceMain: boolean } | null;
}

const imageRef: fc.Arbitrary<ImageRef> = fc.oneof(
  fc.record({ kind: fc.constant('kept' as const), n: fc.nat(3) }),
  fc.record({ kind: fc.constant('upload' as const), n: fc.integer({ min: -1, max: 4 }) }),
  fc.record({
    kind: fc.constant('url' as const),
    text: fc.constantFrom(
      '',
      '/uploads/0123456789abcdef0123456789abcdef-800.webp',
      'javascript:alert(1)',
      '../x',
    ),
  }),
);
const plan: fc.Arbitrary<Plan> = fc.record({
  mainImage: fc.option(imageRef, { nil: null }),
  variations: fc.option(
    fc.array(
      fc.record({
        name: fc.oneof(
          fc.constantFrom('Navy', 'Olive', 'Khaki', '', ' ', 'Navy'),
          fc.string({ maxLength: 12 }),
        ),
        image: imageRef,
      }),
      { maxLength: 4 },
    ),
    { nil: null },
  ),
  stale: fc.boolean(),
  stock: fc.array(
    fc.record({
      variation: fc.nat(4),
      size: fc.constantFrom('S', 'M', 'US 9', ''),
      quantity: fc.integer({ min: -1, max: 12 }),
      expected: fc.nat(3),
    }),
    { maxLength: 2 },
  ),
  files: fc.array(
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('png' as const),
          rgb: fc.nat(0xffffff),
          side: fc.integer({ min: 1, max: 24 }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('bytes' as const),
          bytes: fc.uint8Array({ maxLength: 64 }),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'svg' as const }) },
    ),
    { maxLength: 3 },
  ),
  extraField: fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('name', 'imageUrl', 'product2') },
  ),
  productText: fc.constantFrom('json', 'json', 'json', 'json', 'broken', 'absent'),
  coherent: fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    {
      weight: 2,
      arbitrary: fc.record({ newColours: fc.integer({ min: 0, max: 2 }), replaceMain: fc.boolean() }),
    },
  ),
});

let fresh = 0;
/** A plan the edit should take, from the product as it is: every upload named once. */
function coherentPlan(product: Product, { newColours, replaceMain }: NonNullable<Plan['coherent']>): Plan {
  const kept = product.variations.slice(0, 8).reverse();
  const added = Array.from({ length: newColours }, () => {
    fresh += 1;
    return `Fuzz Colour ${fresh}`;
  });
  const files: FilePart[] = [...added, ...(replaceMain ? ['main'] : [])].map((_, i) => ({
    kind: 'png',
    rgb: (fresh * 7919 + i * 104_729) & 0xffffff,
    side: 8 + i,
  }));
  return {
    mainImage: replaceMain ? { kind: 'upload', n: added.length } : null,
    variations: [
      ...kept.map((v, n) => ({ name: v.name, image: { kind: 'kept' as const, n: n + 1 } })),
      ...added.map((name, n) => ({ name, image: { kind: 'upload' as const, n } })),
    ],
    stale: false,
    stock: added.map((_, n) => ({ variation: kept.length + n, size: 'M', quantity: 3, expected: 0 })),
    files,
    extraField: null,
    productText: 'json',
    coherent: null,
  };
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9"/></svg>';

async function bytesOf(file: FilePart): Promise<Buffer> {
  if (file.kind === 'png') return testPng(`#${file.rgb.toString(16).padStart(6, '0')}`, file.side);
  if (file.kind === 'svg') return Buffer.from(SVG);
  return Buffer.from(file.bytes);
}
const urlOf = (bytes: Buffer) =>
  `/uploads/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}-800.webp`;

describe('PATCH /api/product/edit/:id as a multipart form, fuzzed', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let id: string;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    id = (await insertTrackedTee(ctx.t, { 'Navy M': 4 })).id;
  });

  const read = async (): Promise<Product> =>
    (await ctx.t.request({ method: 'GET', url: `/api/product/${id}` })).json();
  const served = async (url: string) => (await ctx.t.request({ method: 'GET', url })).statusCode === 200;

  it('never answers 5xx, and a refusal changes nothing and stores no photo', async () => {
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(plan, async (planned) => {
        const before = await read();
        const p = planned.coherent ? coherentPlan(before, planned.coherent) : planned;
        const stockBefore = await stockRows(ctx.t, id);
        const shown = [before.imageUrl, ...before.variations.map((v) => v.imageUrl)];
        const ref = (image: ImageRef) =>
          image.kind === 'kept'
            ? (shown[image.n] ?? shown[0]!)
            : image.kind === 'upload'
              ? { upload: image.n }
              : image.text;
        const names = p.variations?.map((v) => v.name) ?? before.variations.map((v) => v.name);
        const body = {
          updatedName: before.name,
          updatedDescription: before.description,
          updatedPrice: '699.00',
          updatedCategory: 'Men',
          updatedSubcategory: 'Tops',
          updatedSizes: [...SIZE_PRESETS.Clothes],
          seenUpdatedAt: p.stale ? '2001-01-01T00:00:00.000Z' : before.updatedAt,
          ...(p.mainImage ? { imageUrl: ref(p.mainImage) } : {}),
          ...(p.variations
            ? { variations: p.variations.map((v) => ({ name: v.name, imageUrl: ref(v.image) })) }
            : {}),
          ...(p.stock.length > 0
            ? {
                stock: {
                  changes: p.stock.map((c) => ({
                    variation: names[c.variation] ?? 'Nobody',
                    size: c.size,
                    quantity: c.quantity,
                    expected: c.expected,
                  })),
                },
              }
            : {}),
        };
        const files = await Promise.all(p.files.map(bytesOf));
        const fields: [string, string][] = [];
        if (p.productText === 'json') fields.push(['product', JSON.stringify(body)]);
        if (p.productText === 'broken') fields.push(['product', JSON.stringify(body).slice(0, 40)]);
        if (p.extraField) fields.push([p.extraField, '{}']);
        const newUrls = [];
        for (const bytes of files) if (!(await served(urlOf(bytes)))) newUrls.push(urlOf(bytes));
        const form = await multipartBody(
          fields,
          files.map((bytes, i) => ['images', bytes, `f${i}.png`] as [string, Buffer, string]),
        );
        const response = await ctx.t.request({
          method: 'PATCH',
          url: `/api/product/edit/${id}`,
          cookie: admin.cookie,
          payload: form.payload,
          headers: form.headers,
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const answer = response.json();
        if (response.statusCode >= 400) {
          expect(Object.keys(answer).every((key) => ['message', 'errors', 'available'].includes(key))).toBe(
            true,
          );
          expect(typeof answer.message).toBe('string');
          expect(await read()).toEqual(before);
          expect(await stockRows(ctx.t, id)).toEqual(stockBefore);
          for (const url of newUrls) expect(await served(url), url).toBe(false);
        } else {
          const product: Product = answer.product;
          for (const url of [product.imageUrl, ...product.variations.map((v) => v.imageUrl)]) {
            if (url.startsWith('/uploads/') && newUrls.includes(url))
              expect(await served(url), url).toBe(true);
          }
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The forms reached the edit itself, not only the refusals in front of it.
    expect(statuses[200] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
  }, 240_000);
});
