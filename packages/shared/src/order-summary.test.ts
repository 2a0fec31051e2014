import { describe, expect, it } from 'vitest';
import { type OrderSummary, type SummaryLine, summarizeOrder } from './order-summary.ts';

const line = (price: string, quantity: number, fee: number): SummaryLine => ({ price, quantity, fee });

describe('summarizeOrder', () => {
  it('is all zero for an empty cart', () => {
    expect(summarizeOrder([])).toEqual<OrderSummary>({
      subtotal: 0,
      discount: 0,
      shipping: 0,
      totalBeforeTax: 0,
      tax: 0,
      total: 0,
      itemCount: 0,
    });
  });

  it('adds 10% tax on a single free-shipping line', () => {
    expect(summarizeOrder([line('699.00', 1, 0)])).toEqual<OrderSummary>({
      subtotal: 69900,
      discount: 0,
      shipping: 0,
      totalBeforeTax: 69900,
      tax: 6990,
      total: 76890,
      itemCount: 1,
    });
  });

  it('multiplies price by quantity and taxes the shipping fee too', () => {
    // 2 x 699.00 + 50 shipping = 1448.00; tax 144.80; total 1592.80
    expect(summarizeOrder([line('699.00', 2, 50)])).toEqual<OrderSummary>({
      subtotal: 139800,
      discount: 0,
      shipping: 5000,
      totalBeforeTax: 144800,
      tax: 14480,
      total: 159280,
      itemCount: 2,
    });
  });

  it('sums every line, with fees 0, 50 and 100 each charged once per line', () => {
    const summary = summarizeOrder([line('699.00', 1, 0), line('799.50', 3, 50), line('1,299.00', 2, 100)]);
    // items: 699.00 + 2398.50 + 2598.00 = 5695.50; shipping 150.00
    expect(summary.subtotal).toBe(569550);
    expect(summary.shipping).toBe(15000);
    expect(summary.totalBeforeTax).toBe(584550);
    expect(summary.tax).toBe(58455);
    expect(summary.total).toBe(643005);
    expect(summary.itemCount).toBe(6);
  });

  it('charges the fee per line regardless of the quantity on it', () => {
    expect(summarizeOrder([line('100.00', 5, 100)]).shipping).toBe(10000);
    expect(summarizeOrder([line('100.00', 1, 100), line('100.00', 1, 100)]).shipping).toBe(20000);
  });

  it('rounds a tax of half a centavo up', () => {
    // 699.95 + 50 = 749.95; 10% = 74.995 -> 75.00
    const summary = summarizeOrder([line('699.95', 1, 50)]);
    expect(summary.totalBeforeTax).toBe(74995);
    expect(summary.tax).toBe(7500);
    expect(summary.total).toBe(82495);
  });

  it('rounds a tax below half a centavo down', () => {
    // 0.14 -> 0.014 -> 0.01
    const summary = summarizeOrder([line('0.14', 1, 0)]);
    expect(summary.tax).toBe(1);
    expect(summary.total).toBe(15);
  });

  it('computes in centavos without binary-fraction drift', () => {
    // 0.10 + 0.20 in floating point is 0.30000000000000004
    const summary = summarizeOrder([line('0.10', 1, 0), line('0.20', 1, 0)]);
    expect(summary.subtotal).toBe(30);
    expect(summary.tax).toBe(3);
    expect(summary.total).toBe(33);
  });

  it('handles the largest quantity', () => {
    const summary = summarizeOrder([line('999.99', 99, 100)]);
    expect(summary.subtotal).toBe(9899901);
    expect(summary.totalBeforeTax).toBe(9909901);
    // 990990.1 -> 990990
    expect(summary.tax).toBe(990990);
    expect(summary.total).toBe(10900891);
    expect(summary.itemCount).toBe(99);
  });

  it.each(['abc', '', '-5.00', '1.234', '₱699.00'])('throws on the invalid price %j', (price) => {
    expect(() => summarizeOrder([line('699.00', 1, 0), line(price, 1, 0)])).toThrow(
      `Invalid price: ${price}`,
    );
  });
});

describe('summarizeOrder itemCount', () => {
  it('counts units, not lines', () => {
    expect(summarizeOrder([line('10.00', 3, 0), line('20.00', 4, 50), line('5.00', 1, 100)]).itemCount).toBe(
      8,
    );
  });

  it('is 0 for an empty cart', () => {
    expect(summarizeOrder([]).itemCount).toBe(0);
  });
});
