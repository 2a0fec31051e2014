import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AdminSignInSchema, SignUpSchema, UsernameSchema } from './auth.ts';
import { listQuerySchema } from './common.ts';
import { CreateProductFieldsSchema, EditProductSchema, ProductListQuerySchema } from './product.ts';
import { AddressSchema, AdminProfileSchema, DeleteAddressSchema, ProfileSchema } from './user.ts';

const REFUSED = 'Remove the control characters';

/** Every text field a person fills in that the store keeps or searches, one line or several. */
const SINGLE_LINE: [string, z.ZodType][] = [
  ['a sign-up name', SignUpSchema.shape.name],
  ['a profile name', ProfileSchema.shape.name],
  ['a username', UsernameSchema],
  ['an admin sign-in username', AdminSignInSchema.shape.username],
  ['an admin profile username', AdminProfileSchema.shape.username],
  ['a product name', CreateProductFieldsSchema.shape.name],
  ['an edited product name', EditProductSchema.shape.updatedName],
  ['a storefront search', ProductListQuerySchema.shape.q],
  ['a storefront cursor', ProductListQuerySchema.shape.cursor],
  ['a back office search', listQuerySchema(['name']).shape.q],
];
const MULTI_LINE: [string, z.ZodType][] = [
  ['an address', AddressSchema],
  ['an address to delete', DeleteAddressSchema.shape.address],
  ['a product description', CreateProductFieldsSchema.shape.description],
  ['an edited description', EditProductSchema.shape.updatedDescription],
];

const message = (schema: z.ZodType, value: string) => schema.safeParse(value).error?.issues[0]?.message;

describe.each([...SINGLE_LINE, ...MULTI_LINE])('%s', (_label, schema) => {
  it.each([
    ['NUL', 'Ana\u0000 Cruz'],
    ['a bell', 'Ana\u0007Cruz'],
    ['an escape', 'Ana\u001b[31m'],
    ['DEL', 'Ana\u007f'],
    ['a C1 control', 'Ana\u0085Cruz'],
  ])('refuses %s', (_what, value) => {
    expect(message(schema, value)).toBe(REFUSED);
  });

  it('keeps accents, emoji and the peso sign', () => {
    expect(message(schema, 'Niño Ñandú ₱ 👕 Tee')).not.toBe(REFUSED);
  });
});

describe.each(SINGLE_LINE)('%s, on one line', (_label, schema) => {
  it.each([
    ['a line break', 'Ana\nCruz'],
    ['a tab', 'Ana\tCruz'],
    ['a carriage return', 'Ana\rCruz'],
  ])('refuses %s', (_what, value) => {
    expect(message(schema, value)).toBe(REFUSED);
  });
});

describe.each(MULTI_LINE)('%s, over lines', (_label, schema) => {
  it('keeps line breaks and tabs', () => {
    expect(schema.safeParse('12 Mabini St\r\nErmita\tManila 1000').success).toBe(true);
  });
});

describe('variation names', () => {
  it('refuses a control character in any of them', () => {
    const parsed = CreateProductFieldsSchema.shape.variationsName.safeParse(
      JSON.stringify(['Navy', 'Olive\u0000']),
    );
    expect(parsed.success).toBe(false);
  });
});
