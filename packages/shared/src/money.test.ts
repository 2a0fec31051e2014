import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY, LOCALE } from './constants.ts';
import { formatPHP, parseCentavos, percentOf, toDecimal } from './money.ts';

describe('parseCentavos', () => {
  it.each([
    ['699', 69900],
    ['699.5', 69950],
    ['699.50', 69950],
    ['699.05', 69905],
    ['0', 0],
    ['0.01', 1],
    ['1,299.00', 129900],
    ['1,299', 129900],
    ['1,234,567.89', 123456789],
    ['1299.00', 129900],
    [' 12 ', 1200],
    ['0699', 69900],
    ['9999999999.99', 999999999999],
  ])('reads the text %j as %i centavos', (text, centavos) => {
    expect(parseCentavos(text)).toBe(centavos);
  });

  it.each([
    [699, 69900],
    [699.5, 69950],
    [0.05, 5],
    [0, 0],
    [1e3, 100000],
  ])('reads the number %d as %i centavos', (value, centavos) => {
    expect(parseCentavos(value)).toBe(centavos);
  });

  it.each([
    ['-1', 'a negative amount'],
    ['1.234', 'more than two decimals'],
    ['abc', 'letters'],
    ['', 'an empty text'],
    ['   ', 'blanks only'],
    ['1e3', 'exponent notation'],
    ['.5', 'no whole part'],
    ['5.', 'a dangling decimal point'],
    ['1,299,', 'a trailing group separator'],
    [',699', 'a leading group separator'],
    ['12,99', 'a decimal comma (the separator is ".")'],
    ['1,2,3', 'groups that are not three digits'],
    ['1299,00', 'a group separator in the wrong place'],
    ['1 299', 'a space inside the number'],
    ['₱699', 'the currency symbol'],
    ['12345678901', 'more than ten whole digits'],
    ['12,345,678,901', 'more than ten whole digits, grouped'],
    ['0x10', 'hexadecimal'],
  ])('rejects %j (%s)', (text) => {
    expect(parseCentavos(text)).toBeNull();
  });

  it.each([
    [-1, 'a negative number'],
    [1.234, 'a number with more than two decimals'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [1e21, 'a number printed in exponent notation'],
  ])('rejects %d (%s)', (value) => {
    expect(parseCentavos(value)).toBeNull();
  });
});

describe('toDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [100, '1.00'],
    [69900, '699.00'],
    [69950, '699.50'],
    [129905, '1299.05'],
    [-5, '-0.05'],
    [-69950, '-699.50'],
  ])('writes %i centavos as %j', (centavos, text) => {
    expect(toDecimal(centavos)).toBe(text);
  });

  it.each(['0.00', '0.05', '699.00', '1299.50', '123456789.99'])(
    'round-trips %j through parseCentavos',
    (text) => {
      expect(toDecimal(parseCentavos(text)!)).toBe(text);
    },
  );
});

describe('formatPHP', () => {
  it.each([
    ['1299.5', '₱1,299.50'],
    ['1,299.50', '₱1,299.50'],
    ['699', '₱699.00'],
    [699, '₱699.00'],
    ['0', '₱0.00'],
    ['1234567.8', '₱1,234,567.80'],
  ])('formats %j pesos in en-PH as %j', (value, text) => {
    expect(formatPHP(value)).toBe(text);
  });

  it.each([
    [129950, '₱1,299.50'],
    [5, '₱0.05'],
    [69900, '₱699.00'],
    [-500, '-₱5.00'],
  ])('formats %i centavos as %j', (centavos, text) => {
    expect(formatPHP(centavos, 'centavos')).toBe(text);
  });

  it('reads a number as pesos by default and as centavos when asked', () => {
    expect(formatPHP(100)).toBe('₱100.00');
    expect(formatPHP(100, 'centavos')).toBe('₱1.00');
  });

  it('shows ₱0.00 for a price it cannot read', () => {
    expect(formatPHP('abc')).toBe('₱0.00');
  });

  it('writes any amount as Intl.NumberFormat writes pesos in en-PH', () => {
    const intl = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (centavos) => {
        expect(formatPHP(centavos, 'centavos')).toBe(intl.format(centavos / 100));
      }),
    );
  });
});

describe('percentOf', () => {
  it.each([
    [5, 10, 1, '0.5 rounds up'],
    [4, 10, 0, '0.4 rounds down'],
    [15, 10, 2, '1.5 rounds up'],
    [14, 10, 1, '1.4 rounds down'],
    [25, 10, 3, '2.5 rounds up, not to even'],
    [6, 10, 1, '0.6 rounds up'],
    [0, 10, 0, 'nothing of nothing'],
    [69900, 10, 6990, 'exact'],
    [74995, 10, 7500, '7499.5 rounds up'],
    [10000, 20, 2000, 'another percentage'],
    [12345, 0, 0, 'zero percent'],
    [12345, 100, 12345, 'a hundred percent'],
  ])('%i centavos at %i%% is %i (%s)', (centavos, percent, result) => {
    expect(percentOf(centavos, percent)).toBe(result);
  });
});

describe('parseCentavos grouping', () => {
  it('takes groups of three after one to three leading digits only', () => {
    expect(parseCentavos('1,234,567.89')).toBe(123456789);
    expect(parseCentavos('1234,567.89')).toBeNull();
    expect(parseCentavos('12,34')).toBeNull();
  });

  it('reads a whole amount without a fraction as round pesos', () => {
    expect(parseCentavos('1,299')).toBe(129900);
  });
});

describe('formatPHP units', () => {
  it('reads pesos unless told the amount is in centavos', () => {
    expect(formatPHP('12')).toBe('₱12.00');
    expect(formatPHP(1200, 'centavos')).toBe('₱12.00');
  });
});
