import { ADDRESS_PART_COLUMNS, type AddressPartsInput } from '@habi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv.ts';
import {
  countRows,
  insertProduct,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrder,
  placeOrderOk,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  useTestApp,
} from '../../test/helpers.ts';

// PSGC 2025-2Q: Makati (Metro Manila, no province) and its Bel-Air; Cebu City, listed in Cebu.
const NCR = '1300000000';
const MAKATI = '1380300000';
const BEL_AIR = '1380300002';
const CENTRAL_VISAYAS = '0700000000';
const CEBU = '0702200000';
const CEBU_CITY = '0730600000';
const LAHUG = '0730600041';

const makati: AddressPartsInput = {
  recipient: 'Maria Santos',
  mobile: '+63 917 123 4567',
  street: 'Unit 5B, 12 Jupiter St.',
  regionCode: NCR,
  cityCode: MAKATI,
  barangayCode: BEL_AIR,
  postalCode: '1209',
};
const MAKATI_LINE =
  'Maria Santos (09171234567), Unit 5B, 12 Jupiter St., Bel-Air, City of Makati, National Capital Region (NCR), 1209';

describe('places and structured addresses', () => {
  const ctx = useTestApp();
  let shopper: SignedIn;
  let admin: SignedIn;
  let shirt: ProductRow;

  beforeAll(async () => {
    shopper = await signUpCustomer(ctx.t);
    admin = await signInAdmin(ctx.t);
    shirt = await insertProduct(ctx.t, { name: 'Barong Tagalog' });
  });

  const addAddress = (payload: Record<string, unknown>, who = shopper) =>
    ctx.t.request({ method: 'POST', url: `/api/users/addAddress/${who.id}`, cookie: who.cookie, payload });

  it('lists the regions, provinces and cities for anyone, cached', async () => {
    const response = await ctx.t.request({ method: 'GET', url: '/api/places' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const places = response.json();
    expect(places.source).toMatch(/^PSGC 2025-2Q/);
    expect(places.regions).toHaveLength(18);
    expect(places.regions).toContainEqual([NCR, 'National Capital Region (NCR)']);
    // Metro Manila has no provinces: its cities have none.
    expect(places.provinces.filter((p: string[]) => p[2] === NCR)).toEqual([]);
    expect(places.cities).toContainEqual([MAKATI, 'City of Makati', NCR, '']);
    expect(places.cities).toContainEqual([CEBU_CITY, 'City of Cebu', CENTRAL_VISAYAS, CEBU]);
  });

  it("gives a city's barangays, and 404 or 400 for a city it does not know", async () => {
    const response = await ctx.t.request({ method: 'GET', url: `/api/places/cities/${MAKATI}/barangays` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const { barangays } = response.json();
    expect(barangays).toHaveLength(23);
    expect(barangays).toContainEqual([BEL_AIR, 'Bel-Air']);
    const manila = (
      await ctx.t.request({ method: 'GET', url: '/api/places/cities/1380600000/barangays' })
    ).json();
    expect(manila.barangays).toContainEqual(['1380601001', 'Barangay 1 (Tondo I/II)']);

    const unknown = await ctx.t.request({ method: 'GET', url: '/api/places/cities/1399999000/barangays' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('City or municipality not found');
    const bad = await ctx.t.request({ method: 'GET', url: '/api/places/cities/makati/barangays' });
    expect(bad.statusCode).toBe(400);
  });

  it('saves a structured address as its line with its parts, and deletes both', async () => {
    const response = await addAddress({ newAddress: 'anything', parts: makati });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved.shippingAddress).toEqual([MAKATI_LINE]);
    expect(saved.shippingAddressParts[MAKATI_LINE]).toEqual({
      recipient: 'Maria Santos',
      mobile: '09171234567',
      street: 'Unit 5B, 12 Jupiter St.',
      region: { code: NCR, name: 'National Capital Region (NCR)' },
      province: null,
      city: { code: MAKATI, name: 'City of Makati' },
      barangay: { code: BEL_AIR, name: 'Bel-Air' },
      postalCode: '1209',
    });
    // A typed address still saves as it is, without parts.
    expect((await addAddress({ newAddress: '7 Luna St, Vigan City 2700' })).json().shippingAddress).toEqual([
      MAKATI_LINE,
      '7 Luna St, Vigan City 2700',
    ]);
    const current = (
      await ctx.t.request({ method: 'GET', url: '/api/users/current', cookie: shopper.cookie })
    ).json();
    expect(Object.keys(current.shippingAddressParts)).toEqual([MAKATI_LINE]);

    const removed = await ctx.t.request({
      method: 'DELETE',
      url: `/api/users/deleteAddress/${shopper.id}`,
      cookie: shopper.cookie,
      payload: { address: MAKATI_LINE },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().shippingAddress).toEqual(['7 Luna St, Vigan City 2700']);
    expect(removed.json().shippingAddressParts).toBeUndefined();
  });

  it('refuses codes not on the list or not nested, and bad parts, with a message, saving nothing', async () => {
    const other = await signUpCustomer(ctx.t);
    const cases: [Partial<AddressPartsInput> & Record<string, unknown>, string, string][] = [
      [{ regionCode: '9900000000' }, 'parts.regionCode', 'Choose a region'],
      [{ cityCode: '1399999000' }, 'parts.cityCode', 'Choose a city or municipality'],
      [
        { barangayCode: LAHUG },
        'parts.barangayCode',
        'This barangay is not in the chosen city or municipality',
      ],
      [{ provinceCode: CEBU }, 'parts.provinceCode', 'This province is not in the chosen region'],
      [
        { regionCode: CENTRAL_VISAYAS, cityCode: CEBU_CITY, barangayCode: LAHUG },
        'parts.provinceCode',
        'Choose a province',
      ],
      [
        { regionCode: CENTRAL_VISAYAS },
        'parts.cityCode',
        'This city or municipality is not in the chosen region',
      ],
      [{ cityCode: 'makati' }, 'parts.cityCode', 'Choose a city or municipality'],
      [{ mobile: '0917123456' }, 'parts.mobile', 'Enter a mobile number like 09171234567 or +639171234567'],
      [{ mobile: '+12125550100' }, 'parts.mobile', 'Enter a mobile number like 09171234567 or +639171234567'],
      [{ postalCode: '12090' }, 'parts.postalCode', 'The postal code is 4 digits'],
      [{ recipient: 'M' }, 'parts.recipient', "Enter the recipient's name"],
      [{ recipient: 'M'.repeat(61) }, 'parts.recipient', "The recipient's name is at most 60 characters"],
      [
        { street: 'x'.repeat(151) },
        'parts.street',
        'House number, street and building are at most 150 characters',
      ],
      [{ street: '12 Jupiter\u0000 St.' }, 'parts.street', 'Remove the control characters'],
      [{ recipient: 'Maria\u202e\ud800' }, 'parts.recipient', 'Remove the characters that are not text'],
      [{ extra: 'x' }, '_', ''],
    ];
    for (const [change, field, message] of cases) {
      const response = await addAddress({ newAddress: 'x', parts: { ...makati, ...change } }, other);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const body = response.json();
      expect(body.message, JSON.stringify(change)).toBeTruthy();
      if (message) expect(body.errors?.[field], JSON.stringify(change)).toBe(message);
    }
    const current = (
      await ctx.t.request({ method: 'GET', url: '/api/users/current', cookie: other.cookie })
    ).json();
    expect(current.shippingAddress).toEqual([]);
    expect(current.shippingAddressParts).toBeUndefined();
  });

  it('places an order to a structured address: its line and parts, on the slip and in the export', async () => {
    const cebu = {
      ...makati,
      regionCode: CENTRAL_VISAYAS,
      provinceCode: CEBU,
      cityCode: CEBU_CITY,
      barangayCode: LAHUG,
      postalCode: '6000',
    };
    const order = await placeOrderOk(
      ctx.t,
      shopper,
      orderBodyFor(shopper, [orderLineFor(shirt)], { address: 'typed text', addressParts: cebu }),
    );
    const line =
      'Maria Santos (09171234567), Unit 5B, 12 Jupiter St., Lahug, City of Cebu, Cebu, Region VII (Central Visayas), 6000';
    expect(order.shippingAddress).toBe(line);
    expect(order).toMatchObject({
      shippingAddressParts: {
        province: { code: CEBU, name: 'Cebu' },
        barangay: { code: LAHUG, name: 'Lahug' },
      },
    });
    // An order placed with typed text alone stays as it was.
    const typed = await placeOrderOk(ctx.t, shopper, [orderLineFor(shirt)]);
    expect(typed).not.toHaveProperty('shippingAddressParts');

    const slips = await ctx.t.request({
      method: 'GET',
      url: `/api/shipments/packing-slips?orderId=${order._id}&orderId=${typed._id}`,
      cookie: admin.cookie,
    });
    const [slip, typedSlip] = slips.json().slips;
    expect(slip.shippingAddress).toBe(line);
    expect(slip.shippingAddressParts.city).toEqual({ code: CEBU_CITY, name: 'City of Cebu' });
    expect(typedSlip).not.toHaveProperty('shippingAddressParts');

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
    const report = await ctx.t.request({
      method: 'GET',
      url: `/api/admin/reports/orders?from=${today}&to=${today}`,
      cookie: admin.cookie,
    });
    expect(report.statusCode, report.body).toBe(200);
    const csv = report.rawPayload.subarray(3).toString('utf8');
    expect(csv.split('\r\n')[0]).toContain(toCsv([[...ADDRESS_PART_COLUMNS]]).trim());
    expect(csv).toContain(
      toCsv([
        [
          line,
          'Maria Santos',
          '09171234567',
          'Unit 5B, 12 Jupiter St.',
          'Lahug',
          'City of Cebu',
          'Cebu',
          'Region VII (Central Visayas)',
          '6000',
        ],
      ]).trim(),
    );
    expect(csv).toContain(toCsv([[typed.shippingAddress, '', '', '', '', '', '', '', '']]).trim());
  });

  it('refuses an order whose address parts do not nest, writing nothing', async () => {
    const before = await countRows(ctx.t, 'orders');
    const response = await placeOrder(
      ctx.t,
      shopper,
      orderBodyFor(shopper, [orderLineFor(shirt)], { addressParts: { ...makati, barangayCode: LAHUG } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'addressParts.barangayCode': 'This barangay is not in the chosen city or municipality',
    });
    expect(await countRows(ctx.t, 'orders')).toBe(before);
  });
});
