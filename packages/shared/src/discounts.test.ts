import { describe, expect, it } from 'vitest';
import {
  discountLabel,
  discountOn,
  discountRuleOf,
  discountValueText,
  minSpendMessage,
} from './discounts.ts';
import { formatPHP } from './money.ts';
import { type SummaryLine, summarizeOrder } from './order-summary.ts';

const line = (price: string, quantity: number, fee: number): SummaryLine => ({ price, quantity, fee });
const php = (centavos: number) => formatPHP(centavos, 'centavos');

describe('discountOn', () => {
  it('takes a percent of the subtotal', () => {
    expect(discountOn(123450, { kind: 'percent', value: 20 })).toBe(24690);
  });

  it('rounds half a centavo up and less than half down, as tax does', () => {
    // 10% of 0.05 = 0.005 -> 0.01; 10% of 0.14 = 0.014 -> 0.01
    expect(discountOn(5, { kind: 'percent', value: 10 })).toBe(1);
    expect(discountOn(14, { kind: 'percent', value: 10 })).toBe(1);
    // 15% of 699.95 = 104.9925 -> 104.99
    expect(discountOn(69995, { kind: 'percent', value: 15 })).toBe(10499);
  });

  it('takes everything at 100%', () => {
    expect(discountOn(69900, { kind: 'percent', value: 100 })).toBe(69900);
  });

  it('takes a fixed amount, never more than the subtotal', () => {
    expect(discountOn(69900, { kind: 'fixed', value: 15000 })).toBe(15000);
    expect(discountOn(10000, { kind: 'fixed', value: 15000 })).toBe(10000);
  });
});

describe('summarizeOrder with a discount', () => {
  it('is priced as before without one', () => {
    const lines = [line('699.00', 2, 50)];
    expect(summarizeOrder(lines, null)).toEqual(summarizeOrder(lines));
    expect(php(summarizeOrder(lines).total)).toBe('₱1,592.80');
  });

  it('takes 20% off the items, not the shipping, and taxes what is left', () => {
    // items 1,234.50, 20% = 246.90; + 50 shipping = 1,037.60; tax 103.76
    const summary = summarizeOrder([line('1,234.50', 1, 50)], { kind: 'percent', value: 20 });
    expect(php(summary.subtotal)).toBe('₱1,234.50');
    expect(php(summary.discount)).toBe('₱246.90');
    expect(php(summary.shipping)).toBe('₱50.00');
    expect(php(summary.totalBeforeTax)).toBe('₱1,037.60');
    expect(php(summary.tax)).toBe('₱103.76');
    expect(php(summary.total)).toBe('₱1,141.36');
  });

  it('takes a fixed ₱150 off', () => {
    // items 2 x 699 = 1,398.00 - 150 = 1,248.00; + 100 shipping = 1,348.00; tax 134.80
    const summary = summarizeOrder([line('699.00', 2, 100)], { kind: 'fixed', value: 15000 });
    expect(php(summary.discount)).toBe('₱150.00');
    expect(php(summary.total)).toBe('₱1,482.80');
  });

  it('leaves only shipping and its tax when a fixed amount covers the items', () => {
    const summary = summarizeOrder([line('99.00', 1, 50)], { kind: 'fixed', value: 50000 });
    expect(php(summary.discount)).toBe('₱99.00');
    expect(php(summary.totalBeforeTax)).toBe('₱50.00');
    expect(php(summary.total)).toBe('₱55.00');
  });
});

describe('discountRuleOf', () => {
  it.each([
    ['percent', '20', { kind: 'percent', value: 20 }],
    ['percent', '1', { kind: 'percent', value: 1 }],
    ['percent', '100', { kind: 'percent', value: 100 }],
    ['fixed', '150', { kind: 'fixed', value: 15000 }],
    ['fixed', '1,500.50', { kind: 'fixed', value: 150050 }],
    ['fixed', '0.01', { kind: 'fixed', value: 1 }],
  ] as const)('reads %s %j', (kind, value, rule) => {
    expect(discountRuleOf(kind, value)).toEqual(rule);
  });

  it.each([
    ['percent', '0'],
    ['percent', '101'],
    ['percent', '12.5'],
    ['percent', ''],
    ['percent', '-5'],
    ['fixed', '0'],
    ['fixed', '0.00'],
    ['fixed', '-1'],
    ['fixed', 'abc'],
    ['fixed', '1.234'],
  ] as const)('refuses %s %j', (kind, value) => {
    expect(discountRuleOf(kind, value)).toBeNull();
  });

  it('writes the value back as it travels', () => {
    expect(discountValueText({ kind: 'percent', value: 20 })).toBe('20');
    expect(discountValueText({ kind: 'fixed', value: 15000 })).toBe('150.00');
  });
});

describe('words', () => {
  it('labels a discount', () => {
    expect(discountLabel({ kind: 'percent', value: 20 })).toBe('20% off');
    expect(discountLabel({ kind: 'fixed', value: 150050 })).toBe('₱1,500.50 off');
  });

  it('names the minimum spend in pesos', () => {
    expect(minSpendMessage(100000)).toBe('Spend at least ₱1,000.00 to use this code');
  });
});
