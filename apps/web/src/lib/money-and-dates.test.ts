import { deliveryDate, deliveryDateLabel, formatDayMonthYear, formatPHP } from '@habi/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The shared formatters as the web app calls them, in the browser's environment: prices as the
// server sends them, the cart's centavo sums, ETAs and the admin tables' dates. Every expected
// text is written out.

afterEach(() => {
  vi.useRealTimers();
});

describe('prices in pesos', () => {
  it.each([
    ['1299.00', '₱1,299.00'],
    ['1299', '₱1,299.00'],
    ['1,499.50', '₱1,499.50'],
    ['399.00', '₱399.00'],
    ['0.05', '₱0.05'],
    ['1000000.00', '₱1,000,000.00'],
  ])('shows the price %j as %j', (price, text) => {
    expect(formatPHP(price)).toBe(text);
  });

  it.each([
    [50, '₱50.00'],
    [100, '₱100.00'],
  ])('shows the delivery fee %i as %j', (fee, text) => {
    expect(formatPHP(fee)).toBe(text);
  });

  it.each([
    [66670, '₱666.70'],
    [6667, '₱66.67'],
    [73337, '₱733.37'],
    [544500550000, '₱5,445,005,500.00'],
  ])('shows the cart sum of %i centavos as %j', (centavos, text) => {
    expect(formatPHP(centavos, 'centavos')).toBe(text);
  });

  it('shows ₱0.00 for a saved price it cannot read, rather than NaN', () => {
    expect(formatPHP('₱399')).toBe('₱0.00');
  });
});

describe('delivery dates', () => {
  it.each([
    ['2026-12-02', 'Wednesday, December 2'],
    ['2026-11-28', 'Saturday, November 28'],
    ['2026-11-24', 'Tuesday, November 24'],
    ['2027-01-01', 'Friday, January 1'],
  ])('labels %s as %j', (date, label) => {
    expect(deliveryDateLabel(date)).toBe(label);
  });

  it("counts from today's date in Manila, whatever the browser's clock zone", () => {
    // 23:30 on 22 November in UTC is already 07:30 on the 23rd in Manila.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T23:30:00Z') });
    expect([deliveryDate(0), deliveryDate(50), deliveryDate(100)]).toEqual([
      '2026-12-02',
      '2026-11-28',
      '2026-11-24',
    ]);
  });
});

describe('admin table dates', () => {
  it.each([
    ['2026-11-22T15:59:00Z', '22/11/2026'],
    ['2026-11-22T16:00:00Z', '23/11/2026'],
    ['2026-03-05T10:00:00.000Z', '05/03/2026'],
  ])('shows %s as %s (day/month/year in Manila)', (instant, text) => {
    expect(formatDayMonthYear(instant)).toBe(text);
  });
});
