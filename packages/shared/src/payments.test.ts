import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarizeOrder } from './order-summary.ts';
import {
  amountOwed,
  leftToPay,
  lineShares,
  orderReference,
  type PaymentFacts,
  paymentStatusOf,
  refundDue,
  shareOut,
} from './payments.ts';

describe('shareOut', () => {
  it('gives each its part and the centavos left to the largest remainders, the earlier on a tie', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(10, [3, 7])).toEqual([3, 7]);
    expect(shareOut(5, [1, 2, 2])).toEqual([1, 2, 2]);
    expect(shareOut(7, [1, 2, 2])).toEqual([1, 3, 3]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(9, [0, 0])).toEqual([9, 0]);
    expect(shareOut(9, [])).toEqual([]);
  });

  it('always adds up to the amount, no part below its floor or above its ceiling', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 50 }),
        (amount, weights) => {
          const parts = shareOut(amount, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum > 0) {
            parts.forEach((part, i) => {
              const exact = (amount * weights[i]!) / sum;
              expect(part).toBeGreaterThanOrEqual(Math.floor(exact));
              expect(part).toBeLessThanOrEqual(Math.ceil(exact));
            });
          }
        },
      ),
    );
  });
});

describe('lineShares', () => {
  it('gives each line its items, its fee and its part of the tax', () => {
    // ₱699.00 + ₱50 fee = ₱749.00 and ₱1,234.50: ₱1,983.50 before tax, ₱198.35 tax, ₱2,181.85 total.
    expect(
      lineShares(
        [
          { price: '699.00', quantity: 1, fee: 50 },
          { price: '1234.50', quantity: 1, fee: 0 },
        ],
        0,
        19_835,
      ),
    ).toEqual([82_390, 135_795]);
  });

  it('takes the discount off the items in proportion before the tax is shared', () => {
    // ₱300 off ₱600 + ₱300 items: ₱200 and ₱100; ₱400 + ₱100 fee and ₱200 = ₱700; ₱70 tax.
    expect(
      lineShares(
        [
          { price: '300.00', quantity: 2, fee: 100 },
          { price: '300.00', quantity: 1, fee: 0 },
        ],
        30_000,
        7_000,
      ),
    ).toEqual([55_000, 22_000]);
  });

  it('shares a ₱58-million discount over billions exactly (past 2^53 as products)', () => {
    const lines = [
      { price: '799307.04', quantity: 11, fee: 0 },
      { price: '514443.26', quantity: 97, fee: 0 },
    ];
    // 100% off ₱8,792,377.44 + ₱49,900,996.22: nothing is left of either line.
    expect(lineShares(lines, 5_869_337_366, 0)).toEqual([0, 0]);
    // Half off: ₱4,396,188.72 and ₱24,950,498.11 left.
    expect(lineShares(lines, 2_934_668_683, 0)).toEqual([439_618_872, 2_495_049_811]);
  });

  it('adds up to the order’s total for any cart and discount', () => {
    const line = fc.record({
      price: fc
        .integer({ min: 1, max: 100_000_000 })
        .map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`),
      quantity: fc.integer({ min: 1, max: 99 }),
      fee: fc.constantFrom(0, 50, 100),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 1, max: 100 }),
        (lines, percent) => {
          const summary = summarizeOrder(lines, { kind: 'percent', value: percent });
          const shares = lineShares(lines, summary.discount, summary.tax);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(summary.total);
          for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('paymentStatusOf', () => {
  const facts = (over: Partial<PaymentFacts>): PaymentFacts => ({
    method: 'cod',
    total: 10_000,
    lines: [
      { share: 6_000, status: 'toPay' },
      { share: 4_000, status: 'toPay' },
    ],
    paid: 0,
    refunded: 0,
    referenceWaiting: false,
    ...over,
  });

  it('reads the ledger and the lines', () => {
    expect(paymentStatusOf(facts({}))).toBe('unpaid');
    expect(paymentStatusOf(facts({ referenceWaiting: true }))).toBe('pending');
    expect(paymentStatusOf(facts({ paid: 5_000 }))).toBe('pending');
    expect(paymentStatusOf(facts({ paid: 10_000 }))).toBe('paid');
    expect(paymentStatusOf(facts({ paid: 10_000, refunded: 4_000 }))).toBe('partiallyRefunded');
    expect(paymentStatusOf(facts({ paid: 10_000, refunded: 10_000 }))).toBe('refunded');
    const cancelled = [
      { share: 6_000, status: 'cancelled' as const },
      { share: 4_000, status: 'cancelled' as const },
    ];
    expect(paymentStatusOf(facts({ lines: cancelled }))).toBe('cancelled');
    // Paid and then cancelled whole: still paid until the refund is given.
    expect(paymentStatusOf(facts({ lines: cancelled, paid: 10_000 }))).toBe('paid');
  });

  it('owes the lines not cancelled, and owes back what was kept beyond them', () => {
    const oneCancelled = facts({
      lines: [
        { share: 6_000, status: 'cancelled' },
        { share: 4_000, status: 'delivered' },
      ],
      paid: 10_000,
    });
    expect(amountOwed(oneCancelled)).toBe(4_000);
    expect(refundDue(oneCancelled)).toBe(6_000);
    expect(refundDue({ ...oneCancelled, refunded: 6_000 })).toBe(0);
    expect(refundDue(facts({ paid: 3_000 }))).toBe(0);
  });
});

describe('leftToPay and orderReference', () => {
  it('leaves what the lines not cancelled cost less what the shop keeps, never below zero', () => {
    expect(leftToPay({ owed: '877.80', paid: '0.00', refunded: '0.00' })).toBe(87_780);
    expect(leftToPay({ owed: '877.80', paid: '877.80', refunded: '100.00' })).toBe(10_000);
    expect(leftToPay({ owed: '300.00', paid: '877.80', refunded: '0.00' })).toBe(0);
  });

  it('names an order by the first eight hex digits of its id, upper-case', () => {
    expect(orderReference('9843f462-4c26-4a51-92ff-ed480e8be09a')).toBe('#9843F462');
  });
});
