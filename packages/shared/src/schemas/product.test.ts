import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMITS, PRICE_MAX_CENTAVOS, QUANTITY_MAX, SIZE_PRESETS } from '../constants.ts';
import { toDecimal } from '../money.ts';
import { summarizeOrder } from '../order-summary.ts';
import {
  CategorySchema,
  CreateProductFieldsSchema,
  CreateProductFormSchema,
  EditProductFormSchema,
  EditProductSchema,
  PriceInputSchema,
  ProductListQuerySchema,
  SizesSchema,
  SubCategorySchema,
} from './product.ts';
import { messagesByPath } from './test-helpers.ts';

/** The first message for one field. */
const fieldMessage = (schema: z.ZodType, input: unknown, field: string) =>
  messagesByPath(schema, input)[field]?.[0];

const CLOTHES = '{"label":"Clothes","value":["S","M","L","XL","2XL"]}';
const form = { name: 'Men T-shirt Blue', desc: 'Soft cotton tee.', price: '₱699.00' };
const fields = {
  name: 'Men T-shirt Blue',
  description: 'Soft cotton tee.',
  price: '699.00',
  size: CLOTHES,
  category: '{"label":"Men","value":"Men"}',
  subCategory: '{"label":"Tops","value":"Tops"}',
  variationsName: '["Men T-shirt Blue","Men T-shirt Red"]',
};
const edit = {
  updatedName: 'Polo',
  updatedDescription: 'Two-pack polo.',
  updatedPrice: '1,299.00',
  updatedCategory: 'Men',
  updatedSubcategory: 'Tops',
  updatedSizes: ['S', 'M', 'L', 'XL', '2XL'],
};

describe('CreateProductFormSchema', () => {
  it('accepts a complete form', () => {
    expect(CreateProductFormSchema.parse(form)).toEqual(form);
  });

  describe('name', () => {
    it.each(['', '   '])('says "Required" first for %j', (name) => {
      expect(fieldMessage(CreateProductFormSchema, { ...form, name }, 'name')).toBe('Required');
    });

    it.each(['abc', 'a', ' ab '])('says "Too Short!" for %j (under 4)', (name) => {
      expect(messagesByPath(CreateProductFormSchema, { ...form, name })).toEqual({ name: ['Too Short!'] });
    });

    it('accepts 4 characters', () => {
      expect(CreateProductFormSchema.safeParse({ ...form, name: 'Polo' }).success).toBe(true);
    });

    it('says "Too Long!" over 200 characters', () => {
      expect(fieldMessage(CreateProductFormSchema, { ...form, name: 'x'.repeat(201) }, 'name')).toBe(
        'Too Long!',
      );
    });
  });

  describe('desc', () => {
    it.each(['', '   ', 'ab'])('says "Too short!" for %j', (desc) => {
      const messages = messagesByPath(CreateProductFormSchema, { ...form, desc });
      expect(Object.keys(messages)).toEqual(['desc']);
      expect(new Set(messages.desc)).toEqual(new Set(['Too short!']));
    });

    it('accepts 3 and 1000 characters', () => {
      expect(CreateProductFormSchema.safeParse({ ...form, desc: 'abc' }).success).toBe(true);
      expect(CreateProductFormSchema.safeParse({ ...form, desc: 'x'.repeat(1000) }).success).toBe(true);
    });

    it("rejects 1001 characters with the form's message", () => {
      expect(messagesByPath(CreateProductFormSchema, { ...form, desc: 'x'.repeat(1001) })).toEqual({
        desc: ['Description must not exceed to 1000 character(s)'],
      });
    });

    it('counts the description after trimming', () => {
      expect(CreateProductFormSchema.safeParse({ ...form, desc: ` ${'x'.repeat(1000)} ` }).success).toBe(
        true,
      );
    });
  });

  describe('price', () => {
    it.each(['', '₱99', '1.0'])('says "Too short" for %j (under 4 characters)', (price) => {
      const messages = messagesByPath(CreateProductFormSchema, { ...form, price });
      expect(Object.keys(messages)).toEqual(['price']);
      expect(new Set(messages.price)).toEqual(new Set(['Too short']));
    });

    it.each(['₱999', '₱1,299.00'])('accepts %j', (price) => {
      expect(CreateProductFormSchema.safeParse({ ...form, price }).success).toBe(true);
    });

    it('rejects over 20 characters', () => {
      expect(fieldMessage(CreateProductFormSchema, { ...form, price: `₱${'9'.repeat(20)}` }, 'price')).toBe(
        'Price is too long',
      );
    });
  });
});

describe('EditProductFormSchema', () => {
  it('accepts a two-character name', () => {
    expect(EditProductFormSchema.safeParse({ ...form, name: 'Ao' }).success).toBe(true);
  });

  it.each(['a', '', ' a '])('says "Too short!" for the name %j', (name) => {
    expect(messagesByPath(EditProductFormSchema, { ...form, name })).toEqual({ name: ['Too short!'] });
  });

  it('shares the description and price rules', () => {
    expect(messagesByPath(EditProductFormSchema, { ...form, desc: 'x'.repeat(1001), price: '₱99' })).toEqual({
      desc: ['Description must not exceed to 1000 character(s)'],
      price: ['Too short'],
    });
  });
});

describe('PriceInputSchema', () => {
  it.each(['699', '699.00', '1,299.50', ' 0.01 '])('accepts %j', (price) => {
    expect(PriceInputSchema.safeParse(price).success).toBe(true);
  });

  it.each(['0', '0.00', '-5', 'abc', '', '₱699', '12,99', '1.234'])('rejects %j', (price) => {
    expect(PriceInputSchema.safeParse(price).error?.issues[0]?.message).toBe('Enter a price above zero');
  });
});

describe('CategorySchema and SubCategorySchema', () => {
  it.each(['Men', 'Women', 'Kids'])('accepts the category %s', (category) => {
    expect(CategorySchema.parse(category)).toBe(category);
  });

  it.each(['Tops', 'Bottoms', 'Full Outfit', 'Shoes', 'Accessories'])('accepts the subcategory %s', (sub) => {
    expect(SubCategorySchema.parse(sub)).toBe(sub);
  });

  it('rejects unknown values with a message', () => {
    expect(CategorySchema.safeParse('men').error?.issues[0]?.message).toBe('Choose a category');
    expect(SubCategorySchema.safeParse('Hats').error?.issues[0]?.message).toBe('Choose a subcategory');
  });
});

describe('SizesSchema', () => {
  it('accepts a whole preset and none', () => {
    expect(SizesSchema.safeParse([...SIZE_PRESETS.Clothes]).success).toBe(true);
    expect(SizesSchema.safeParse([...SIZE_PRESETS.Sneakers]).success).toBe(true);
    expect(SizesSchema.safeParse([]).success).toBe(true);
  });

  it.each([[['S', 'M']], [['S', 'US 7']], [['M', 'S', 'L', 'XL', '2XL']], [['S', 'S', 'M', 'L', 'XL']]])(
    'rejects %j, which is not a preset',
    (sizes) => {
      expect(SizesSchema.safeParse(sizes).error?.issues[0]?.message).toBe('Choose a size preset');
    },
  );

  it.each([['XS'], ['US 14'], ['s'], ['US 7.0']])('rejects the size %j', (size) => {
    expect(SizesSchema.safeParse([size]).error?.issues[0]?.message).toBe('Unknown size');
  });
});

describe('CreateProductFieldsSchema', () => {
  it('parses the JSON text select options', () => {
    expect(CreateProductFieldsSchema.parse(fields)).toEqual({
      name: 'Men T-shirt Blue',
      description: 'Soft cotton tee.',
      price: '699.00',
      size: ['S', 'M', 'L', 'XL', '2XL'],
      category: 'Men',
      subCategory: 'Tops',
      variationsName: ['Men T-shirt Blue', 'Men T-shirt Red'],
      // No chart of its own: the category's.
      sizeChart: null,
    });
  });

  it('parses the Sneakers preset', () => {
    const size = JSON.stringify({ label: 'Sneakers', value: SIZE_PRESETS.Sneakers });
    expect(CreateProductFieldsSchema.parse({ ...fields, size }).size).toEqual(SIZE_PRESETS.Sneakers);
  });

  it('reads "" as no choice (null) for size, category and subcategory', () => {
    const parsed = CreateProductFieldsSchema.parse({ ...fields, size: '', category: '', subCategory: '' });
    expect(parsed.size).toBeNull();
    expect(parsed.category).toBeNull();
    expect(parsed.subCategory).toBeNull();
  });

  it('defaults missing options to null and missing variation names to []', () => {
    const { size, category, subCategory, variationsName, ...required } = fields;
    expect(CreateProductFieldsSchema.parse(required)).toMatchObject({
      size: null,
      category: null,
      subCategory: null,
      variationsName: [],
    });
  });

  it.each([
    ['size', '{"label":"Clothes"', 'Choose a size preset'],
    ['size', '{"label":"Tiny","value":["XS"]}', 'Choose a size preset'],
    ['size', '{"label":"Clothes","value":"S"}', 'Choose a size preset'],
    ['category', '{"label":"Men","value":"Unisex"}', 'Choose a category'],
    ['category', 'Men', 'Choose a category'],
    ['subCategory', '{"label":"Hats","value":"Hats"}', 'Choose a subcategory'],
    ['subCategory', '{label:"Tops",value:"Tops"}', 'Choose a subcategory'],
  ])('rejects %s %j with %j', (field, text, message) => {
    expect(messagesByPath(CreateProductFieldsSchema, { ...fields, [field]: text })).toEqual({
      [field]: [message],
    });
  });

  it.each([
    ['not json', 'malformed JSON'],
    ['"Blue"', 'not a list'],
    ['[1,2]', 'not names'],
    ['["Blue",""]', 'an empty name'],
    [JSON.stringify(Array.from({ length: 11 }, (_, i) => `Variation ${i + 1}`)), 'more than 10 names'],
  ])('rejects variationsName %j (%s)', (variationsName) => {
    expect(messagesByPath(CreateProductFieldsSchema, { ...fields, variationsName })).toEqual({
      variationsName: ['Variation names must be a list of names'],
    });
  });

  it('trims variation names and accepts an empty list', () => {
    expect(
      CreateProductFieldsSchema.parse({ ...fields, variationsName: '[" Blue "]' }).variationsName,
    ).toEqual(['Blue']);
    expect(CreateProductFieldsSchema.parse({ ...fields, variationsName: '[]' }).variationsName).toEqual([]);
  });

  it('applies the create rules to name and description', () => {
    expect(messagesByPath(CreateProductFieldsSchema, { ...fields, name: 'abc', description: 'ab' })).toEqual({
      name: ['Too Short!'],
      description: ['Too short!'],
    });
  });

  it('rejects a price of zero or a malformed price', () => {
    expect(messagesByPath(CreateProductFieldsSchema, { ...fields, price: '0.00' })).toEqual({
      price: ['Enter a price above zero'],
    });
    expect(CreateProductFieldsSchema.safeParse({ ...fields, price: '₱699.00' }).success).toBe(false);
  });

  it('rejects extra fields', () => {
    expect(CreateProductFieldsSchema.safeParse({ ...fields, stock: '5' }).success).toBe(false);
  });
});

describe('EditProductSchema', () => {
  it('accepts an edit', () => {
    expect(EditProductSchema.parse(edit)).toEqual(edit);
  });

  it('accepts no category, no subcategory and no sizes', () => {
    expect(
      EditProductSchema.safeParse({
        ...edit,
        updatedCategory: null,
        updatedSubcategory: null,
        updatedSizes: [],
      }).success,
    ).toBe(true);
  });

  it('uses the edit name rule', () => {
    expect(EditProductSchema.safeParse({ ...edit, updatedName: 'Ao' }).success).toBe(true);
    expect(messagesByPath(EditProductSchema, { ...edit, updatedName: 'a' })).toEqual({
      updatedName: ['Too short!'],
    });
  });

  it('checks description, price, category and sizes', () => {
    expect(
      messagesByPath(EditProductSchema, {
        ...edit,
        updatedDescription: 'x'.repeat(1001),
        updatedPrice: '-1',
        updatedCategory: 'Unisex',
        updatedSizes: ['S', 'XS'],
      }),
    ).toEqual({
      updatedDescription: ['Description must not exceed to 1000 character(s)'],
      updatedPrice: ['Enter a price above zero'],
      updatedCategory: ['Choose a category'],
      'updatedSizes.1': ['Unknown size'],
    });
  });

  it('rejects extra fields', () => {
    // `imageUrl` and `variations` are the edit's own since Edit Product changes photos too.
    expect(EditProductSchema.safeParse({ ...edit, soldOut: true }).success).toBe(false);
    expect(EditProductSchema.safeParse({ ...edit, createdAt: '2026-01-01' }).success).toBe(false);
  });
});

describe('ProductListQuerySchema', () => {
  it('lists the first 100 when called bare, sorted by relevance', () => {
    expect(ProductListQuerySchema.parse({})).toEqual({
      category: [],
      subCategory: [],
      sort: 'relevant',
      limit: 100,
    });
  });

  it('turns a single value into a list', () => {
    expect(ProductListQuerySchema.parse({ category: 'Men', subCategory: 'Tops' })).toMatchObject({
      category: ['Men'],
      subCategory: ['Tops'],
    });
  });

  it('takes repeated values', () => {
    expect(
      ProductListQuerySchema.parse({ category: ['Men', 'Kids'], subCategory: ['Tops', 'Full Outfit'] }),
    ).toMatchObject({ category: ['Men', 'Kids'], subCategory: ['Tops', 'Full Outfit'] });
  });

  it('rejects unknown categories and subcategories', () => {
    expect(
      messagesByPath(ProductListQuerySchema, { category: ['Men', 'Pets'], subCategory: 'Hats' }),
    ).toEqual({
      'category.1': ['Choose a category'],
      'subCategory.0': ['Choose a subcategory'],
    });
  });

  it('rejects more than 10 values of one filter', () => {
    expect(ProductListQuerySchema.safeParse({ category: Array(11).fill('Men') }).success).toBe(false);
  });

  it.each(['relevant', 'asc', 'desc'])('accepts the sort %s', (sort) => {
    expect(ProductListQuerySchema.parse({ sort }).sort).toBe(sort);
  });

  it.each(['price', 'ASC', ''])('rejects the sort %j', (sort) => {
    expect(Object.keys(messagesByPath(ProductListQuerySchema, { sort }))).toEqual(['sort']);
  });

  it.each([
    ['1', 1],
    ['20', 20],
    ['100', 100],
  ])('coerces the limit %j to %i', (limit, value) => {
    expect(ProductListQuerySchema.parse({ limit }).limit).toBe(value);
  });

  it.each(['0', '101', '2.5', 'ten', '-1'])('rejects the limit %j', (limit) => {
    expect(Object.keys(messagesByPath(ProductListQuerySchema, { limit }))).toEqual(['limit']);
  });

  it('trims the search text and bounds it to 100 characters', () => {
    expect(ProductListQuerySchema.parse({ q: '  polo ' }).q).toBe('polo');
    expect(ProductListQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });

  it('takes a cursor', () => {
    expect(ProductListQuerySchema.parse({ cursor: 'abc' }).cursor).toBe('abc');
  });

  it('rejects unknown query parameters', () => {
    expect(ProductListQuerySchema.safeParse({ page: '2' }).success).toBe(false);
  });
});

describe('the price cap', () => {
  it('takes ₱1,000,000.00 and refuses a centavo more, typed or sent', () => {
    expect(EditProductSchema.shape.updatedPrice.safeParse('1000000.00').success).toBe(true);
    expect(EditProductSchema.shape.updatedPrice.safeParse('1,000,000.01').error?.issues[0]?.message).toBe(
      'Price must be at most ₱1,000,000.00',
    );
    expect(CreateProductFieldsSchema.shape.price.safeParse('9999999999.99').error?.issues[0]?.message).toBe(
      'Price must be at most ₱1,000,000.00',
    );
    expect(CreateProductFormSchema.shape.price.safeParse('₱1,000,000.00').success).toBe(true);
    expect(EditProductFormSchema.shape.price.safeParse('₱1,000,000.01').error?.issues[0]?.message).toBe(
      'Price must be at most ₱1,000,000.00',
    );
  });

  it('leaves the largest order inside what an order total can hold', () => {
    const lines = Array.from({ length: LIMITS.cartLinesMax }, () => ({
      price: toDecimal(PRICE_MAX_CENTAVOS),
      quantity: QUANTITY_MAX,
      fee: 100,
    }));
    expect(toDecimal(summarizeOrder(lines).total)).toBe('5445005500.00');
  });
});

describe('the messages of over-long product fields', () => {
  it('names each limit', () => {
    expect(CreateProductFormSchema.shape.name.safeParse('x'.repeat(201)).error?.issues[0]?.message).toBe(
      'Too Long!',
    );
    expect(PriceInputSchema.safeParse('1'.repeat(21)).error?.issues[0]?.message).toBe('Price is too long');
    expect(
      CreateProductFieldsSchema.shape.variationsName.safeParse('not json').error?.issues[0]?.message,
    ).toBe('Variation names must be a list of names');
  });
});
