import { describe, expect, it } from 'vitest';
import { columnsOf, courierOf, dateOf, looksLikeFormula, orderNumberOf } from './csv-columns.ts';

describe('reading a shipping CSV’s cells', () => {
  it('finds the columns by the names portals give them, in any order', () => {
    expect(columnsOf(['Waybill No.', 'Remarks', 'ORDER_NO', 'Courier Name', 'Ship Date'])).toEqual({
      tracking: 0,
      order: 2,
      courier: 3,
      date: 4,
    });
    expect(columnsOf(['AWB', 'Carrier', 'Reference'])).toEqual({ tracking: 0, courier: 1, order: 2 });
  });

  it('knows each courier by its id, its name, and its name without Express', () => {
    const cases: [string, string | null][] = [
      ['J&T Express', 'jnt'],
      ['J&T', 'jnt'],
      ['jnt', 'jnt'],
      ['J and T', 'jnt'],
      ['LBC Express', 'lbc'],
      ['Ninja Van', 'ninjavan'],
      ['ninjavan', 'ninjavan'],
      ['Flash', 'flash'],
      ['2GO Express', '2go'],
      ['JRS', 'jrs'],
      ['DHL', null],
      ['Own rider / other', null],
      ['other', null],
    ];
    for (const [text, courier] of cases) expect(courierOf(text), text).toBe(courier);
  });

  it('reads an order number as the 8 characters the shop sees or the whole id', () => {
    expect(orderNumberOf('#9843F462')).toEqual({ prefix: '9843f462' });
    expect(orderNumberOf(' 9843f462 ')).toEqual({ prefix: '9843f462' });
    expect(orderNumberOf('9843F462-4C26-4A51-92FF-ED480E8BE09A')).toEqual({
      id: '9843f462-4c26-4a51-92ff-ed480e8be09a',
    });
    for (const text of ['', '1234', '#9843F46', '9843F4621', 'order 9843F462', '9843F462-4c26']) {
      expect(orderNumberOf(text), text).toBeNull();
    }
  });

  it('reads dates as ISO or month/day/year, real ones only', () => {
    expect(dateOf('2026-11-27')).toBe('2026-11-27');
    expect(dateOf('11/7/2026')).toBe('2026-11-07');
    expect(dateOf('2/29/2028')).toBe('2028-02-29');
    for (const text of ['2/29/2026', '2026-13-01', '27/11/2026', 'yesterday', '2026-11-27T10:00']) {
      expect(dateOf(text), text).toBeNull();
    }
  });

  it('takes a cell starting with =, +, -, @, a tab or a carriage return for a formula', () => {
    for (const text of ['=1+1', ' +63917', '-5', '@SUM(A1)', '\t1', '\r1']) {
      expect(looksLikeFormula(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['760012345678', 'JT0012345678901', 'NV-PH-1', '#9843F462', '']) {
      expect(looksLikeFormula(text), text).toBe(false);
    }
  });
});
