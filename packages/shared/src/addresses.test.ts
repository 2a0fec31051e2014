import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_PART_COLUMNS,
  type AddressParts,
  addressCodes,
  addressLine,
  addressPartCells,
  normalizeMobile,
  type PlaceLookup,
  resolveAddressParts,
} from './addresses.ts';
import { AddressPartsInputSchema } from './schemas/address.ts';

// A list of two regions: one without provinces (as Metro Manila), one with.
const places: PlaceLookup = {
  region: (code) => ({ '1300000000': 'NCR', '0700000000': 'Central Visayas' })[code],
  province: (code) => (code === '0702200000' ? { name: 'Cebu', region: '0700000000' } : undefined),
  city: (code) =>
    ({
      '1380300000': { name: 'Makati', region: '1300000000', province: '' },
      '0730600000': { name: 'Cebu City', region: '0700000000', province: '0702200000' },
    })[code],
  barangay: (city, code) =>
    (({ '1380300000:1380300002': 'Bel-Air', '0730600000:0730600041': 'Lahug' }) as Record<string, string>)[
      `${city}:${code}`
    ],
};

const makati = {
  recipient: 'Maria Santos',
  mobile: '09171234567',
  street: '12 Jupiter St.',
  regionCode: '1300000000',
  cityCode: '1380300000',
  barangayCode: '1380300002',
  postalCode: '1209',
};
const cebu = {
  ...makati,
  regionCode: '0700000000',
  provinceCode: '0702200000',
  cityCode: '0730600000',
  barangayCode: '0730600041',
  postalCode: '6000',
};

describe('normalizeMobile', () => {
  it('reads 09XXXXXXXXX and +639XXXXXXXXX, spaced or dashed, as 09XXXXXXXXX', () => {
    expect(normalizeMobile('09171234567')).toBe('09171234567');
    expect(normalizeMobile('+63 917 123 4567')).toBe('09171234567');
    expect(normalizeMobile(' 0917-123-4567 ')).toBe('09171234567');
    fc.assert(
      fc.property(fc.stringMatching(/^9\d{9}$/), (rest) => {
        expect(normalizeMobile(`0${rest}`)).toBe(`0${rest}`);
        expect(normalizeMobile(`+63${rest}`)).toBe(`0${rest}`);
      }),
    );
  });

  it('refuses landlines, other countries and wrong lengths', () => {
    for (const text of [
      '0288123456',
      '+12125550100',
      '0917123456',
      '091712345678',
      '639171234567',
      '+6309171234567',
      '',
    ]) {
      expect(normalizeMobile(text), text).toBeUndefined();
    }
    // Whatever it accepts is 11 digits starting 09.
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const mobile = normalizeMobile(text);
        if (mobile !== undefined) expect(mobile).toMatch(/^09\d{9}$/);
      }),
    );
  });
});

describe('resolveAddressParts', () => {
  it('names the places of a Metro Manila address, which has no province', () => {
    const resolved = resolveAddressParts(makati, places);
    expect(resolved).toEqual({
      parts: {
        recipient: 'Maria Santos',
        mobile: '09171234567',
        street: '12 Jupiter St.',
        region: { code: '1300000000', name: 'NCR' },
        province: null,
        city: { code: '1380300000', name: 'Makati' },
        barangay: { code: '1380300002', name: 'Bel-Air' },
        postalCode: '1209',
      },
    });
  });

  it('names the province of an address in one, and gives back the codes it was sent', () => {
    const resolved = resolveAddressParts(cebu, places);
    if (!('parts' in resolved)) throw new Error(resolved.message);
    expect(resolved.parts.province).toEqual({ code: '0702200000', name: 'Cebu' });
    expect(addressCodes(resolved.parts)).toEqual(cebu);
  });

  it('refuses the first place that is not on the list or not in the one before it', () => {
    expect(resolveAddressParts({ ...makati, regionCode: '9900000000' }, places)).toEqual({
      field: 'regionCode',
      message: 'Choose a region',
    });
    expect(resolveAddressParts({ ...makati, provinceCode: '0702200000' }, places)).toEqual({
      field: 'provinceCode',
      message: 'This province is not in the chosen region',
    });
    expect(resolveAddressParts({ ...cebu, provinceCode: '' }, places)).toEqual({
      field: 'provinceCode',
      message: 'Choose a province',
    });
    expect(resolveAddressParts({ ...makati, cityCode: '0730600000' }, places)).toEqual({
      field: 'cityCode',
      message: 'This city or municipality is not in the chosen region',
    });
    expect(resolveAddressParts({ ...makati, barangayCode: '0730600041' }, places)).toEqual({
      field: 'barangayCode',
      message: 'This barangay is not in the chosen city or municipality',
    });
  });

  it('accepts exactly the combinations that nest', () => {
    const codes = {
      regionCode: ['1300000000', '0700000000', '9900000000'],
      provinceCode: [undefined, '', '0702200000', '0799900000'],
      cityCode: ['1380300000', '0730600000', '1399999000'],
      barangayCode: ['1380300002', '0730600041', '1380300999'],
    };
    fc.assert(
      fc.property(
        fc.record({
          regionCode: fc.constantFrom(...codes.regionCode),
          provinceCode: fc.constantFrom(...codes.provinceCode),
          cityCode: fc.constantFrom(...codes.cityCode),
          barangayCode: fc.constantFrom(...codes.barangayCode),
        }),
        (choice) => {
          const input = { ...makati, ...choice };
          const nests =
            (input.regionCode === makati.regionCode &&
              !input.provinceCode &&
              input.cityCode === makati.cityCode &&
              input.barangayCode === makati.barangayCode) ||
            (input.regionCode === cebu.regionCode &&
              input.provinceCode === cebu.provinceCode &&
              input.cityCode === cebu.cityCode &&
              input.barangayCode === cebu.barangayCode);
          expect('parts' in resolveAddressParts(input, places)).toBe(nests);
        },
      ),
    );
  });
});

describe('addressLine and addressPartCells', () => {
  const parts = (input: typeof makati | typeof cebu): AddressParts => {
    const resolved = resolveAddressParts(input, places);
    if (!('parts' in resolved)) throw new Error(resolved.message);
    return resolved.parts;
  };

  it('writes one line a courier reads, the province only when there is one', () => {
    expect(addressLine(parts(makati))).toBe(
      'Maria Santos (09171234567), 12 Jupiter St., Bel-Air, Makati, NCR, 1209',
    );
    expect(addressLine(parts(cebu))).toBe(
      'Maria Santos (09171234567), 12 Jupiter St., Lahug, Cebu City, Cebu, Central Visayas, 6000',
    );
  });

  it('keeps every part in the line, in order, on one line', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 2, maxLength: 60 }).filter((s) => !/[\n\r]/.test(s)),
        fc.string({ minLength: 3, maxLength: 150 }).filter((s) => !/[\n\r]/.test(s)),
        (recipient, street) => {
          const line = addressLine({ ...parts(cebu), recipient, street });
          expect(line.startsWith(`${recipient} (09171234567), ${street}, Lahug, `)).toBe(true);
          expect(line.endsWith(', 6000')).toBe(true);
          expect(line).not.toMatch(/[\n\r]/);
        },
      ),
    );
  });

  it('gives a cell for each column, empty ones for a typed address', () => {
    expect(addressPartCells(parts(makati))).toEqual([
      'Maria Santos',
      '09171234567',
      '12 Jupiter St.',
      'Bel-Air',
      'Makati',
      '',
      'NCR',
      '1209',
    ]);
    expect(addressPartCells(null)).toEqual(ADDRESS_PART_COLUMNS.map(() => ''));
  });
});

describe('AddressPartsInputSchema', () => {
  it('takes a structured address, trimmed, its mobile as couriers dial it', () => {
    const parsed = AddressPartsInputSchema.parse({
      ...makati,
      recipient: ' Maria Santos ',
      mobile: '+639171234567',
    });
    expect(parsed).toEqual({ ...makati, recipient: 'Maria Santos' });
  });

  it('refuses bad parts with their messages', () => {
    const messageOf = (change: Record<string, unknown>) =>
      AddressPartsInputSchema.safeParse({ ...makati, ...change }).error?.issues[0]?.message;
    expect(messageOf({ mobile: '0288123456' })).toBe(
      'Enter a mobile number like 09171234567 or +639171234567',
    );
    expect(messageOf({ postalCode: '120' })).toBe('The postal code is 4 digits');
    expect(messageOf({ postalCode: '１２０９' })).toBe('The postal code is 4 digits');
    expect(messageOf({ cityCode: '13803' })).toBe('Choose a city or municipality');
    expect(messageOf({ street: 'ab' })).toBe('Enter the house number, street and building');
    expect(messageOf({ street: 'x'.repeat(151) })).toBe(
      'House number, street and building are at most 150 characters',
    );
    expect(messageOf({ recipient: 'Ana\u0007' })).toBe('Remove the control characters');
    expect(messageOf({ street: '12\ud800 Jupiter' })).toBe('Remove the characters that are not text');
    expect(AddressPartsInputSchema.safeParse({ ...makati, country: 'PH' }).success).toBe(false);
  });
});
