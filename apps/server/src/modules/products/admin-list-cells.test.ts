import { SIZE_PRESETS, TOTAL_COUNT_HEADER } from '@habi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertProduct,
  insertTrackedTee,
  type SignedIn,
  signInAdmin,
  useTestApp,
} from '../../test/helpers.ts';

/** Every size of both tee colours at `n`, with the given cells (`{ 'Navy L': 0 }`) instead. */
const allAt = (n: number, cells: Record<string, number> = {}) => ({
  ...Object.fromEntries(
    ['Navy', 'Olive'].flatMap((colour) => SIZE_PRESETS.Clothes.map((size) => [`${colour} ${size}`, n])),
  ),
  ...cells,
});

// The products table's stock filters that read each variation in each size, not the total.
describe('GET /api/product/admin-list?stock=sizeSoldOut|sizeLow', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    const made = {
      // Navy L sold out, 40 of everything else: no total filter finds it.
      navyLOut: await insertTrackedTee(ctx.t, allAt(40, { 'Navy L': 0 })),
      oliveSLow: await insertTrackedTee(ctx.t, allAt(40, { 'Olive S': 3 })),
      plenty: await insertTrackedTee(ctx.t, allAt(40)),
      wholeOut: await insertTrackedTee(ctx.t, {}),
      untracked: await insertProduct(ctx.t),
    };
    for (const [key, row] of Object.entries(made)) ids[key] = row.id;
  });

  async function list(query: string) {
    const response = await ctx.t.request({
      method: 'GET',
      url: `/api/product/admin-list?limit=100&${query}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { id: string; cellsSoldOut?: number; cellsLow?: number }[];
    const byId = new Map(body.map((p) => [p.id, p]));
    const found = Object.keys(ids).filter((key) => byId.has(ids[key]!));
    return { found, byId, total: Number(response.headers[TOTAL_COUNT_HEADER]) };
  }

  it('finds a product with one size sold out, and the wholly sold out', async () => {
    const { found, total } = await list('stock=sizeSoldOut');
    expect(found).toEqual(['navyLOut', 'wholeOut']);
    expect(total).toBe(2);
  });

  it('finds a product with one size low', async () => {
    expect((await list('stock=sizeLow')).found).toEqual(['oliveSLow']);
  });

  it('keeps the total filters as they were: a size sold out is no sold-out or low product', async () => {
    expect((await list('stock=soldOut')).found).toEqual(['wholeOut']);
    expect((await list('stock=low')).found).toEqual([]);
    expect((await list('stock=untracked')).found).toEqual(['untracked']);
  });

  it('counts the sold-out and low sizes of each tracked product', async () => {
    const { byId } = await list('');
    expect(byId.get(ids.navyLOut!)).toMatchObject({ cellsSoldOut: 1, cellsLow: 0, stockTotal: 9 * 40 });
    expect(byId.get(ids.oliveSLow!)).toMatchObject({ cellsSoldOut: 0, cellsLow: 1 });
    expect(byId.get(ids.wholeOut!)).toMatchObject({ cellsSoldOut: 10, cellsLow: 0, soldOut: true });
    expect(byId.get(ids.untracked!)).not.toHaveProperty('cellsSoldOut');
  });
});
