import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_FORM_MESSAGES,
  type Discount,
  DiscountCheckSchema,
  type DiscountFormInput,
  DiscountFormSchema,
  DiscountInputSchema,
  DiscountPatchSchema,
  discountFormValues,
  EnteredCodeSchema,
} from './discount.ts';
import { PlaceOrderSchema } from './order.ts';
import { firstMessage, messagesByPath } from './test-helpers.ts';

const input = (changes: Record<string, unknown> = {}) => ({
  code: 'SAVE20',
  kind: 'percent',
  value: '20',
  ...changes,
});

describe('DiscountInputSchema', () => {
  it('fills in what is left out: no minimum, no end, no limits, anyone, active', () => {
    expect(DiscountInputSchema.parse(input())).toEqual({
      code: 'SAVE20',
      kind: 'percent',
      value: '20',
      minSpend: '0.00',
      endsAt: null,
      totalUses: null,
      perCustomerUses: null,
      email: null,
      active: true,
    });
  });

  it('stores the code upper-case and the email lower-case, the value as it travels', () => {
    const parsed = DiscountInputSchema.parse(
      input({
        code: '  welcome-ab12 ',
        kind: 'fixed',
        value: '1,500',
        minSpend: '2500',
        email: ' Ana@Example.COM ',
      }),
    );
    expect(parsed).toMatchObject({
      code: 'WELCOME-AB12',
      value: '1500.00',
      minSpend: '2500.00',
      email: 'ana@example.com',
    });
  });

  it.each([
    [{ code: 'AB' }, 'code', DISCOUNT_FORM_MESSAGES.code],
    [{ code: 'SAVE 20' }, 'code', DISCOUNT_FORM_MESSAGES.code],
    [{ code: '-SAVE' }, 'code', DISCOUNT_FORM_MESSAGES.code],
    [{ code: 'X'.repeat(33) }, 'code', DISCOUNT_FORM_MESSAGES.code],
    [{ kind: 'bogo' }, 'kind', DISCOUNT_FORM_MESSAGES.kind],
    [{ value: '0' }, 'value', DISCOUNT_FORM_MESSAGES.percent],
    [{ value: '101' }, 'value', DISCOUNT_FORM_MESSAGES.percent],
    [{ value: '12.5' }, 'value', DISCOUNT_FORM_MESSAGES.percent],
    [{ kind: 'fixed', value: '0.00' }, 'value', DISCOUNT_FORM_MESSAGES.fixed],
    [{ kind: 'fixed', value: '1000000.01' }, 'value', DISCOUNT_FORM_MESSAGES.fixed],
    [{ minSpend: '-1' }, 'minSpend', DISCOUNT_FORM_MESSAGES.minSpend],
    [{ totalUses: 0 }, 'totalUses', DISCOUNT_FORM_MESSAGES.totalUses],
    [{ totalUses: 1.5 }, 'totalUses', DISCOUNT_FORM_MESSAGES.totalUses],
    [{ perCustomerUses: 1001 }, 'perCustomerUses', DISCOUNT_FORM_MESSAGES.perCustomerUses],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
    [
      { startsAt: '2026-01-02T00:00:00+08:00', endsAt: '2026-01-01T00:00:00+08:00' },
      'endsAt',
      DISCOUNT_FORM_MESSAGES.endsAt,
    ],
  ])('refuses %j with its message under %s', (changes, field, message) => {
    expect(messagesByPath(DiscountInputSchema, input(changes))[field]).toEqual([message]);
  });

  it('refuses fields it does not know', () => {
    expect(DiscountInputSchema.safeParse(input({ uses: 0 })).success).toBe(false);
  });
});

describe('DiscountPatchSchema', () => {
  it('takes any one field', () => {
    expect(DiscountPatchSchema.parse({ active: false })).toEqual({ active: false });
  });

  it('refuses an empty change', () => {
    expect(firstMessage(DiscountPatchSchema, {})).toBe(DISCOUNT_FORM_MESSAGES.nothingToChange);
  });
});

describe('codes a shopper types', () => {
  it('reads them in any case', () => {
    expect(EnteredCodeSchema.parse('  save20 ')).toBe('SAVE20');
  });

  it('finds nothing longer than any code can be', () => {
    expect(firstMessage(EnteredCodeSchema, 'X'.repeat(33))).toBe("This code can't be used");
    expect(firstMessage(EnteredCodeSchema, '  ')).toBe('Enter a code');
  });

  it('is optional at checkout: an order without a code sends no field for it', () => {
    const body = {
      userId: '3b241101-e2bb-4255-8caf-4136c566a962',
      total: '1.00',
      address: 'Manila',
      cart: [],
    };
    expect(messagesByPath(PlaceOrderSchema, body).discountCode).toBeUndefined();
    expect(messagesByPath(PlaceOrderSchema, { ...body, discountCode: '' }).discountCode).toEqual([
      'Enter a code',
    ]);
  });

  it('is checked against a subtotal written as money', () => {
    expect(DiscountCheckSchema.safeParse({ discountCode: 'save20', subtotal: '1234.50' }).success).toBe(true);
    expect(DiscountCheckSchema.safeParse({ discountCode: 'save20', subtotal: '1,234.50' }).success).toBe(
      false,
    );
  });
});

describe('DiscountFormSchema', () => {
  const form = (changes: Partial<DiscountFormInput> = {}): DiscountFormInput => ({
    code: 'save20',
    kind: 'percent',
    value: '20',
    minSpend: '',
    startsOn: '2026-12-01',
    endsOn: '',
    totalUses: '',
    perCustomerUses: '',
    email: '',
    active: true,
    ...changes,
  });

  it("reads days in Manila: from the start day's first moment to the end day's last", () => {
    expect(
      DiscountFormSchema.parse(
        form({
          kind: 'fixed',
          value: '₱1,500.00',
          minSpend: '₱2,000.00',
          endsOn: '2026-12-31',
          totalUses: '100',
          perCustomerUses: '1',
          email: 'Ana@Example.com',
        }),
      ),
    ).toEqual({
      code: 'SAVE20',
      kind: 'fixed',
      value: '1500.00',
      minSpend: '2000.00',
      startsAt: '2026-11-30T16:00:00.000Z',
      endsAt: '2026-12-31T16:00:00.000Z',
      totalUses: 100,
      perCustomerUses: 1,
      email: 'ana@example.com',
      active: true,
    });
  });

  it('leaves empty limits as none', () => {
    expect(DiscountFormSchema.parse(form())).toMatchObject({
      minSpend: '0.00',
      endsAt: null,
      totalUses: null,
      perCustomerUses: null,
      email: null,
    });
  });

  it.each([
    [{ value: '' }, 'value', DISCOUNT_FORM_MESSAGES.percent],
    [{ kind: 'fixed' as const, value: '' }, 'value', DISCOUNT_FORM_MESSAGES.fixed],
    [{ minSpend: 'lots' }, 'minSpend', DISCOUNT_FORM_MESSAGES.minSpend],
    [{ startsOn: '' }, 'startsOn', DISCOUNT_FORM_MESSAGES.startsOn],
    [{ endsOn: '2026-11-30' }, 'endsOn', DISCOUNT_FORM_MESSAGES.endsOn],
    [{ totalUses: '0' }, 'totalUses', DISCOUNT_FORM_MESSAGES.totalUses],
    [{ totalUses: '2.5' }, 'totalUses', DISCOUNT_FORM_MESSAGES.totalUses],
    [{ perCustomerUses: 'once' }, 'perCustomerUses', DISCOUNT_FORM_MESSAGES.perCustomerUses],
    [{ email: 'nope' }, 'email', DISCOUNT_FORM_MESSAGES.email],
  ])('refuses %j with its message under %s', (changes, field, message) => {
    expect(messagesByPath(DiscountFormSchema, form(changes))[field]).toEqual([message]);
  });

  it('ends on the day it started', () => {
    expect(DiscountFormSchema.parse(form({ endsOn: '2026-12-01' })).endsAt).toBe('2026-12-01T16:00:00.000Z');
  });

  it('shows a stored code as the form had it', () => {
    const stored: Discount = {
      _id: 'id',
      code: 'SAVE20',
      kind: 'fixed',
      value: '1500.00',
      minSpend: '2000.00',
      startsAt: '2026-11-30T16:00:00.000Z',
      endsAt: '2026-12-31T16:00:00.000Z',
      totalUses: 100,
      uses: 3,
      perCustomerUses: null,
      email: null,
      active: false,
      orders: 4,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const values = discountFormValues(stored);
    expect(values).toEqual({
      code: 'SAVE20',
      kind: 'fixed',
      value: '1500.00',
      minSpend: '2000.00',
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
      totalUses: '100',
      perCustomerUses: '',
      email: '',
      active: false,
    });
    expect(DiscountFormSchema.parse(values)).toMatchObject({
      startsAt: stored.startsAt,
      endsAt: stored.endsAt,
    });
  });
});
