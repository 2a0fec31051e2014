import { describe, expect, it } from 'vitest';
import {
  DeliveryFeeSchema,
  IdempotencyKeySchema,
  ItemStatusSchema,
  type OrderLineInput,
  PlaceOrderSchema,
  QuantitySchema,
  StatusUpdateSchema,
} from './order.ts';
import { firstMessage, messagesByPath } from './test-helpers.ts';

const USER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const PRODUCT_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const cartLine: OrderLineInput = {
  id: PRODUCT_ID,
  name: 'Men T-shirt Blue',
  imageUrl: '/uploads/abc-800.webp',
  price: '699.00',
  size: 'M',
  quantity: 2,
  deliveryOption: { date: 'Tuesday, December 1', fee: 50 },
};
const order = { userId: USER_ID, total: '1592.80', address: '12 Rizal St, Makati 1200', cart: [cartLine] };
const withLine = (changes: Record<string, unknown>) => ({ ...order, cart: [{ ...cartLine, ...changes }] });

describe('QuantitySchema', () => {
  it.each([1, 2, 50, 99])('accepts %i', (quantity) => {
    expect(QuantitySchema.parse(quantity)).toBe(quantity);
  });

  it.each([0, 100, -1])('rejects %i with the bounds message', (quantity) => {
    expect(firstMessage(QuantitySchema, quantity)).toBe('Quantity must be between 1 and 99');
  });

  it('rejects a fraction', () => {
    expect(firstMessage(QuantitySchema, 1.5)).toBe('Quantity must be a whole number');
  });

  it.each(['2', null, undefined])('rejects the non-number %j', (quantity) => {
    expect(firstMessage(QuantitySchema, quantity)).toBe('Quantity must be a number');
  });
});

describe('DeliveryFeeSchema', () => {
  it.each([0, 50, 100])('accepts the fee %i', (fee) => {
    expect(DeliveryFeeSchema.parse(fee)).toBe(fee);
  });

  it.each([
    ['0', 0],
    ['50', 50],
    ['100', 100],
  ])('coerces the text %j to %i', (text, fee) => {
    expect(DeliveryFeeSchema.parse(text)).toBe(fee);
  });

  it.each([75, 1, -50, 50.5, '75', 'abc', '0x32', '5e1'])('rejects %j', (fee) => {
    expect(firstMessage(DeliveryFeeSchema, fee)).toBe('Unknown delivery option');
  });

  it.each([
    ['', 'empty text'],
    ['  ', 'blank text'],
    [null, 'null'],
    [undefined, 'a missing fee'],
    [[], 'an empty list'],
    [false, 'false'],
  ])('does not take %j (%s) for the FREE option', (fee, _reason) => {
    expect(firstMessage(DeliveryFeeSchema, fee)).toBe('Unknown delivery option');
  });
});

describe('PlaceOrderSchema', () => {
  it('accepts an order', () => {
    expect(PlaceOrderSchema.parse(order)).toEqual(order);
  });

  it('accepts a line with no size and no date', () => {
    const parsed = PlaceOrderSchema.parse(withLine({ size: '', deliveryOption: { fee: 0 } }));
    expect(parsed.cart[0]?.deliveryOption).toEqual({ fee: 0 });
  });

  it('coerces a fee of "50" to 50', () => {
    expect(
      PlaceOrderSchema.parse(withLine({ deliveryOption: { fee: '50' } })).cart[0]?.deliveryOption.fee,
    ).toBe(50);
  });

  it('rejects a fee of 75', () => {
    expect(messagesByPath(PlaceOrderSchema, withLine({ deliveryOption: { fee: 75 } }))).toEqual({
      'cart.0.deliveryOption.fee': ['Unknown delivery option'],
    });
  });

  it.each([0, 100])('rejects the quantity %i with the bounds message', (quantity) => {
    expect(messagesByPath(PlaceOrderSchema, withLine({ quantity }))).toEqual({
      'cart.0.quantity': ['Quantity must be between 1 and 99'],
    });
  });

  it('accepts the quantities 1 and 99', () => {
    expect(PlaceOrderSchema.safeParse(withLine({ quantity: 1 })).success).toBe(true);
    expect(PlaceOrderSchema.safeParse(withLine({ quantity: 99 })).success).toBe(true);
  });

  it('says "Your cart is empty" for an empty cart', () => {
    expect(messagesByPath(PlaceOrderSchema, { ...order, cart: [] })).toEqual({
      cart: ['Your cart is empty'],
    });
  });

  it('rejects more than 50 lines', () => {
    expect(messagesByPath(PlaceOrderSchema, { ...order, cart: Array(51).fill(cartLine) })).toEqual({
      cart: ['At most 50 lines per order'],
    });
    expect(PlaceOrderSchema.safeParse({ ...order, cart: Array(50).fill(cartLine) }).success).toBe(true);
  });

  it.each(['65f0c1e2a1b2c3d4e5f60718', 'not-a-uuid', '7c9e6679-7425-40de-944b-e07fc1f90ae'])(
    'rejects the malformed product id %j',
    (id) => {
      expect(messagesByPath(PlaceOrderSchema, withLine({ id }))).toEqual({ 'cart.0.id': ['Invalid id'] });
    },
  );

  it('rejects a malformed user id', () => {
    expect(messagesByPath(PlaceOrderSchema, { ...order, userId: '42' })).toEqual({ userId: ['Invalid id'] });
  });

  it('rejects extra fields on the order', () => {
    expect(PlaceOrderSchema.safeParse({ ...order, paidBy: 'Stripe' }).error?.issues[0]?.code).toBe(
      'unrecognized_keys',
    );
  });

  it('takes cod, transfer or online as the payment method, none meaning cash on delivery', () => {
    for (const paymentMethod of ['cod', 'transfer', 'online']) {
      expect(PlaceOrderSchema.parse({ ...order, paymentMethod }).paymentMethod).toBe(paymentMethod);
    }
    expect(PlaceOrderSchema.parse(order).paymentMethod).toBeUndefined();
    expect(messagesByPath(PlaceOrderSchema, { ...order, paymentMethod: 'Stripe' })).toEqual({
      paymentMethod: ['Unknown payment method'],
    });
  });

  it('rejects extra fields on a line', () => {
    expect(messagesByPath(PlaceOrderSchema, withLine({ discount: 20 }))).toHaveProperty(['cart.0']);
  });

  it.each(['', '   '])('rejects the address %j with "No value for address"', (address) => {
    expect(messagesByPath(PlaceOrderSchema, { ...order, address })).toEqual({
      address: ['No value for address'],
    });
  });

  it('rejects a 10,000-character address', () => {
    expect(messagesByPath(PlaceOrderSchema, { ...order, address: 'a'.repeat(10_000) })).toEqual({
      address: ['Address is too long'],
    });
  });

  it('trims the address', () => {
    expect(PlaceOrderSchema.parse({ ...order, address: '  12 Rizal St  ' }).address).toBe('12 Rizal St');
  });

  it('bounds the free-text fields of a line', () => {
    expect(Object.keys(messagesByPath(PlaceOrderSchema, withLine({ name: 'x'.repeat(201) })))).toEqual([
      'cart.0.name',
    ]);
    expect(Object.keys(messagesByPath(PlaceOrderSchema, withLine({ size: 'x'.repeat(21) })))).toEqual([
      'cart.0.size',
    ]);
    expect(Object.keys(messagesByPath(PlaceOrderSchema, { ...order, total: '9'.repeat(21) }))).toEqual([
      'total',
    ]);
  });

  it('requires every field', () => {
    expect(Object.keys(messagesByPath(PlaceOrderSchema, {})).sort()).toEqual([
      'address',
      'cart',
      'total',
      'userId',
    ]);
  });
});

describe('IdempotencyKeySchema', () => {
  it.each(['abcdefgh', 'checkout_2026-11-23_01', '3b241101-e2bb-4255-8caf-4136c566a962', 'x'.repeat(100)])(
    'accepts %j',
    (key) => {
      expect(IdempotencyKeySchema.parse(key)).toBe(key);
    },
  );

  it.each(['', 'abcdefg', 'x'.repeat(101), 'has space', 'semi;colon', 'ünïcode1'])('rejects %j', (key) => {
    expect(firstMessage(IdempotencyKeySchema, key)).toBe(
      'Idempotency-Key must be 8-100 letters, digits, - or _',
    );
  });
});

describe('ItemStatusSchema', () => {
  it.each(['toPay', 'toReceive', 'delivered', 'cancelled'])('accepts %s', (status) => {
    expect(ItemStatusSchema.parse(status)).toBe(status);
  });

  it.each(['pending', 'ToPay', ''])('rejects %j with "Unknown status"', (status) => {
    expect(firstMessage(ItemStatusSchema, status)).toBe('Unknown status');
  });
});

describe('StatusUpdateSchema', () => {
  it('accepts one status per line, in order', () => {
    const body = { updatedStatus: ['delivered', 'cancelled', 'toReceive'] };
    expect(StatusUpdateSchema.parse(body)).toEqual(body);
  });

  it('accepts the user id the admin screen sends', () => {
    expect(StatusUpdateSchema.safeParse({ updatedStatus: ['toPay'], userId: USER_ID }).success).toBe(true);
  });

  it('rejects an unknown status at its position', () => {
    expect(messagesByPath(StatusUpdateSchema, { updatedStatus: ['delivered', 'shipped'] })).toEqual({
      'updatedStatus.1': ['Unknown status'],
    });
  });

  it('rejects an empty list and more than 50 statuses', () => {
    expect(StatusUpdateSchema.safeParse({ updatedStatus: [] }).success).toBe(false);
    expect(StatusUpdateSchema.safeParse({ updatedStatus: Array(51).fill('toPay') }).success).toBe(false);
    expect(StatusUpdateSchema.safeParse({ updatedStatus: Array(50).fill('toPay') }).success).toBe(true);
  });

  it('rejects a single status that is not a list', () => {
    expect(StatusUpdateSchema.safeParse({ updatedStatus: 'delivered' }).success).toBe(false);
  });

  it('rejects extra fields', () => {
    expect(StatusUpdateSchema.safeParse({ updatedStatus: ['toPay'], status: 'completed' }).success).toBe(
      false,
    );
  });
});
