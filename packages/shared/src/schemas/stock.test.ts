import { describe, expect, it } from 'vitest';
import { stockLeftMessage, stockNowMessage } from '../stock-left.ts';
import { ErrorResponseSchema } from './common.ts';
import { AdminProductListQuerySchema, CreateProductFieldsSchema } from './product.ts';
import {
  ProductStockInputSchema,
  STOCK_LEVELS_MAX,
  StockChangeSchema,
  StockUpdateSchema,
  stockStateOf,
} from './stock.ts';
import { messagesByPath } from './test-helpers.ts';

const level = (quantity: unknown, size = 'M') => ({ variation: 'Tee Navy', size, quantity });

describe('ProductStockInputSchema', () => {
  it('tracks the quantities given, none by default', () => {
    expect(ProductStockInputSchema.parse({ trackStock: true })).toEqual({ trackStock: true, quantities: [] });
    expect(
      ProductStockInputSchema.parse({ trackStock: true, quantities: [level(0), level(100_000, 'L')] }),
    ).toEqual({
      trackStock: true,
      quantities: [level(0), level(100_000, 'L')],
    });
  });

  it.each([
    [
      { trackStock: true, quantities: [level(-1)] },
      'quantities.0.quantity',
      'Enter a whole number from 0 to 100,000',
    ],
    [
      { trackStock: true, quantities: [level(100_001)] },
      'quantities.0.quantity',
      'Enter a whole number from 0 to 100,000',
    ],
    [
      { trackStock: true, quantities: [level(1.5)] },
      'quantities.0.quantity',
      'Enter a whole number from 0 to 100,000',
    ],
    [
      { trackStock: true, quantities: [level(1), level(2)] },
      'quantities.1',
      'This variation and size is listed twice',
    ],
    [{ trackStock: false, quantities: [level(1)] }, 'quantities', 'Turn stock tracking on to set quantities'],
    [{ quantities: [] }, 'trackStock', 'trackStock must be true or false'],
  ])('refuses %j at %s', (input, path, message) => {
    expect(messagesByPath(ProductStockInputSchema, input)[path]).toEqual([message]);
  });

  it('holds at most every variation in every size', () => {
    expect(STOCK_LEVELS_MAX).toBe(130);
    const many = Array.from({ length: 131 }, (_, i) => level(1, `size ${i}`));
    expect(ProductStockInputSchema.safeParse({ trackStock: true, quantities: many }).success).toBe(false);
  });
});

describe('the stock field of Add Product', () => {
  const fields = { name: 'Tee Navy', description: 'A soft tee.', price: '699.00' };

  it('is optional: without it the product does not track stock', () => {
    expect(CreateProductFieldsSchema.parse(fields).stock).toBeUndefined();
  });

  it('reads its JSON, naming the field inside it that is wrong', () => {
    const stock = JSON.stringify({ trackStock: true, quantities: [level(-1)] });
    expect(messagesByPath(CreateProductFieldsSchema, { ...fields, stock })).toEqual({
      'stock.quantities.0.quantity': ['Enter a whole number from 0 to 100,000'],
    });
    expect(messagesByPath(CreateProductFieldsSchema, { ...fields, stock: '{"trackStock":' })).toEqual({
      stock: ['Stock must be JSON: { "trackStock", "quantities" }'],
    });
  });
});

describe('StockChangeSchema', () => {
  const key = { variation: 'Tee Navy', size: 'M' };
  const FORM = 'Send a delta, or a quantity with the quantity you saw as expected';

  it('takes a relative delta, or an absolute quantity with the expected one', () => {
    expect(StockChangeSchema.parse({ ...key, delta: -100_000 })).toEqual({ ...key, delta: -100_000 });
    expect(StockChangeSchema.parse({ ...key, quantity: 5, expected: 200_000 })).toEqual({
      ...key,
      quantity: 5,
      expected: 200_000,
    });
  });

  it.each([
    [{ ...key }, '', FORM],
    [{ ...key, quantity: 5 }, '', FORM],
    [{ ...key, delta: 1, quantity: 5, expected: 4 }, '', FORM],
    [{ ...key, delta: 100_001 }, 'delta', 'Enter a whole number from -100,000 to 100,000'],
    [{ ...key, quantity: 5, expected: -1 }, 'expected', 'Enter the quantity you saw, a whole number from 0'],
  ])('refuses %j', (input, path, message) => {
    expect(messagesByPath(StockChangeSchema, input)[path]).toEqual([message]);
  });
});

describe('StockUpdateSchema', () => {
  const change = { variation: 'Tee Navy', size: 'M', delta: 1 };

  it('takes tracking alone, or changes alone', () => {
    expect(StockUpdateSchema.parse({ trackStock: false })).toEqual({ trackStock: false, changes: [] });
    expect(StockUpdateSchema.parse({ changes: [change] })).toEqual({ changes: [change] });
  });

  it.each([
    [{}, '', 'Nothing to change'],
    [{ changes: [] }, '', 'Nothing to change'],
    [{ trackStock: false, changes: [change] }, 'changes', 'Turn stock tracking on to set quantities'],
    [{ changes: [change, { ...change, delta: 2 }] }, 'changes.1', 'This variation and size is listed twice'],
  ])('refuses %j', (input, path, message) => {
    expect(messagesByPath(StockUpdateSchema, input)[path]).toEqual([message]);
  });

  it('refuses unknown fields', () => {
    expect(StockUpdateSchema.safeParse({ trackStock: true, force: true }).success).toBe(false);
  });
});

describe('stock messages', () => {
  it('say what is left', () => {
    expect(stockLeftMessage(0)).toBe('Sold out');
    expect(stockLeftMessage(2)).toBe('Only 2 left');
    expect(stockNowMessage(7)).toBe('7 in stock now');
  });
});

describe('ErrorResponseSchema with stock', () => {
  it('carries what each refused line can have', () => {
    const refusal = { message: 'Sold out', available: [{ line: 1, available: 0 }] };
    expect(ErrorResponseSchema.parse(refusal)).toEqual(refusal);
    expect(ErrorResponseSchema.safeParse({ message: 'x', available: [{ line: 1 }] }).success).toBe(false);
  });
});

describe('stockStateOf', () => {
  it.each([
    [null, 'untracked'],
    [0, 'soldOut'],
    [1, 'low'],
    [5, 'low'],
    [6, 'inStock'],
    [100_000, 'inStock'],
  ])('reads a total of %j as %s', (total, state) => {
    expect(stockStateOf(total)).toBe(state);
  });
});

describe('AdminProductListQuerySchema stock', () => {
  it('takes a stock filter and the stock sort', () => {
    expect(AdminProductListQuerySchema.parse({ stock: 'low', sort: 'stock', order: 'desc' })).toEqual({
      stock: 'low',
      sort: 'stock',
      order: 'desc',
      limit: 100,
      offset: 0,
    });
    for (const stock of ['tracked', 'untracked', 'low', 'soldOut']) {
      expect(AdminProductListQuerySchema.parse({ stock }).stock).toBe(stock);
    }
  });

  it('refuses any other filter', () => {
    for (const stock of ['', 'plenty', 'inStock', ['low', 'soldOut']]) {
      expect(AdminProductListQuerySchema.safeParse({ stock }).success, String(stock)).toBe(false);
    }
  });
});
