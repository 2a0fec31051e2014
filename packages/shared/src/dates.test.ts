import { describe, expect, it, vi } from 'vitest';
import {
  addDays,
  deliveryDate,
  deliveryDateLabel,
  deliveryOptionFor,
  formatDayMonthYear,
  storeDate,
} from './dates.ts';

describe('storeDate', () => {
  it('is already the next day in Manila (UTC+8) at 17:00 UTC', () => {
    expect(storeDate(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
  });

  it.each([
    ['2026-11-22T15:59:59Z', '2026-11-22'],
    ['2026-11-22T16:00:00Z', '2026-11-23'],
    ['2026-11-22T00:00:00Z', '2026-11-22'],
    ['2026-12-31T16:00:00Z', '2027-01-01'],
    ['2026-11-22T23:30:00+08:00', '2026-11-22'],
  ])('puts the instant %s on %s in Manila', (instant, date) => {
    expect(storeDate(new Date(instant))).toBe(date);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-11-23', 0, '2026-11-23'],
    ['2026-11-23', 1, '2026-11-24'],
    ['2026-11-23', 9, '2026-12-02'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-04-30', 1, '2026-05-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-12-27', 9, '2027-01-05'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-25', 5, '2028-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2027-01-01', -1, '2026-12-31'],
  ])('%s plus %i days is %s', (date, days, result) => {
    expect(addDays(date, days)).toBe(result);
  });
});

describe('deliveryOptionFor', () => {
  it.each([
    [0, 9],
    [50, 5],
    [100, 1],
  ])('finds the option with fee %i (%i days)', (fee, days) => {
    expect(deliveryOptionFor(fee)).toMatchObject({ fee, days });
  });

  it('finds nothing for another fee', () => {
    expect(deliveryOptionFor(75)).toBeUndefined();
  });
});

describe('deliveryDate', () => {
  const orderedAt = new Date('2026-11-22T17:00:00Z'); // 2026-11-23 in Manila

  it.each([
    [0, '2026-12-02'],
    [50, '2026-11-28'],
    [100, '2026-11-24'],
  ] as const)('counts from the Manila date for fee %i: %s', (fee, date) => {
    expect(deliveryDate(fee, orderedAt)).toBe(date);
  });

  it('crosses the year end', () => {
    expect(deliveryDate(0, new Date('2026-12-28T02:00:00Z'))).toBe('2027-01-06');
  });

  it('throws for a fee that is not an option', () => {
    // @ts-expect-error 75 is not a DeliveryFee
    expect(() => deliveryDate(75, orderedAt)).toThrow('Unknown delivery fee: 75');
  });

  it('counts from the current Manila date by default', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-12-31T16:30:00Z')); // already 2027-01-01 in Manila
      expect(deliveryDate(100)).toBe('2027-01-02');
      expect(deliveryDate(0)).toBe('2027-01-10');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('deliveryDateLabel', () => {
  it.each([
    ['2026-12-01', 'Tuesday, December 1'],
    ['2026-11-23', 'Monday, November 23'],
    ['2027-01-01', 'Friday, January 1'],
    ['2028-02-29', 'Tuesday, February 29'],
  ])('labels %s as %j', (date, label) => {
    expect(deliveryDateLabel(date)).toBe(label);
  });
});

describe('formatDayMonthYear', () => {
  it.each([
    ['2026-03-05T10:00:00Z', '05/03/2026'],
    ['2026-12-01T00:00:00+08:00', '01/12/2026'],
  ])('writes %s as dd/mm/yyyy: %s', (instant, text) => {
    expect(formatDayMonthYear(instant)).toBe(text);
  });

  it('accepts a Date', () => {
    expect(formatDayMonthYear(new Date('2026-07-14T04:00:00Z'))).toBe('14/07/2026');
  });

  it('uses the Manila date', () => {
    expect(formatDayMonthYear('2026-12-31T16:00:00Z')).toBe('01/01/2027');
    expect(formatDayMonthYear('2026-12-31T15:59:00Z')).toBe('31/12/2026');
  });
});

describe('formatDayMonthYear of a Date', () => {
  it('formats a Date as it formats its ISO text', () => {
    expect(formatDayMonthYear(new Date('2026-11-22T17:00:00Z'))).toBe('23/11/2026');
    expect(formatDayMonthYear('2026-11-22T17:00:00Z')).toBe('23/11/2026');
  });
});
