import { describe, expect, it } from 'vitest';
import { COURIER_IDS, COURIERS, courierLabel, trackingLink, trackingNumberProblem } from './couriers.ts';
import { CreateShipmentSchema } from './schemas/shipment.ts';

const base = {
  orderId: '00000000-0000-4000-8000-000000000001',
  lines: ['00000000-0000-4000-8000-000000000002'],
  shippedOn: '2026-11-27',
};

describe('couriers', () => {
  it('takes J&T numbers of 12 digits or JT and 13 digits, and refuses other shapes', () => {
    expect(trackingNumberProblem('jnt', '760012345678')).toBeNull();
    expect(trackingNumberProblem('jnt', 'JT0012345678901')).toBeNull();
    expect(trackingNumberProblem('jnt', '76001234567')).toBe(
      'A J&T Express tracking number is 12 digits, or JT and 13 digits',
    );
    expect(trackingNumberProblem('jnt', '')).toBe('Enter the J&T Express tracking number');
  });

  it('holds couriers without a known shape to letters, digits and dashes', () => {
    expect(trackingNumberProblem('lbc', '123456789012')).toBeNull();
    expect(trackingNumberProblem('ninjavan', 'NVPHSHOP-0001')).toBeNull();
    expect(trackingNumberProblem('flash', 'P6 1041')).toBe(
      'A Flash Express tracking number is 4 to 40 letters, digits or dashes',
    );
    expect(trackingNumberProblem('other', '')).toBeNull();
  });

  it('links each courier with a tracking page to its number, escaped', () => {
    for (const id of COURIER_IDS) {
      const link = trackingLink(id, 'AB-12');
      if (COURIERS[id].trackingUrl === null) expect(link).toBeNull();
      else expect(link).toMatch(/^https:\/\/[^{}]+AB-12/);
    }
    expect(trackingLink('other', 'X')).toBeNull();
    expect(trackingLink('jnt', '')).toBeNull();
    expect(trackingLink('lbc', 'A&B')).toContain('A%26B');
  });

  it('names an own rider by the name typed', () => {
    expect(courierLabel('other', 'Kuya Ben')).toBe('Kuya Ben');
    expect(courierLabel('jnt', null)).toBe('J&T Express');
  });
});

describe('CreateShipmentSchema', () => {
  it('trims and upper-cases the tracking number before checking it', () => {
    const parsed = CreateShipmentSchema.parse({
      ...base,
      courier: 'jnt',
      trackingNumber: '  jt0012345678901 ',
    });
    expect(parsed.trackingNumber).toBe('JT0012345678901');
  });

  it('names the field that is wrong', () => {
    const result = CreateShipmentSchema.safeParse({
      ...base,
      courier: 'other',
      trackingNumber: '',
      lines: [],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['lines', 'courierName']));
    expect(CreateShipmentSchema.safeParse({ ...base, courier: 'dhl', trackingNumber: 'X' }).success).toBe(
      false,
    );
  });
});
