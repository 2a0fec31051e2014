/**
 * Structured Philippine delivery addresses: what couriers ask for (recipient, mobile, street,
 * barangay, city or municipality, province, region, postal code), with the places named by their
 * PSGC codes. One order still ships to one line of text (SPEC's `address`): `addressLine` builds it
 * from the parts, the same on every page, packing slip and export.
 */

/** A place as stored with an address: its PSGC code and its name at the time. */
export interface Place {
  code: string;
  name: string;
}

/** A structured address, with the names of its places (`AddressPartsSchema`). */
export interface AddressParts {
  recipient: string;
  mobile: string;
  street: string;
  region: Place;
  /** Null for a city in no province (Metro Manila's, a few independent cities). */
  province: Place | null;
  city: Place;
  barangay: Place;
  postalCode: string;
}

export const ADDRESS_PART_LIMITS = {
  recipientMin: 2,
  recipientMax: 60,
  streetMin: 3,
  streetMax: 150,
} as const;

export const ADDRESS_PART_MESSAGES = {
  recipient: "Enter the recipient's name",
  recipientTooLong: `The recipient's name is at most ${ADDRESS_PART_LIMITS.recipientMax} characters`,
  mobile: 'Enter a mobile number like 09171234567 or +639171234567',
  street: 'Enter the house number, street and building',
  streetTooLong: `House number, street and building are at most ${ADDRESS_PART_LIMITS.streetMax} characters`,
  region: 'Choose a region',
  province: 'Choose a province',
  provinceNotInRegion: 'This province is not in the chosen region',
  city: 'Choose a city or municipality',
  cityNotInProvince: 'This city or municipality is not in the chosen province',
  cityNotInRegion: 'This city or municipality is not in the chosen region',
  cityHasNoProvince: 'This city is in no province: leave the province empty',
  barangay: 'Choose a barangay',
  barangayNotInCity: 'This barangay is not in the chosen city or municipality',
  postalCode: 'The postal code is 4 digits',
} as const;

export const POSTAL_CODE = /^\d{4}$/;

/**
 * A Philippine mobile number as couriers dial it, 09XXXXXXXXX, from that or +639XXXXXXXXX
 * (spaces and dashes between the digits allowed); undefined for anything else.
 */
export function normalizeMobile(text: string): string | undefined {
  const digits = text.trim().replace(/[\s-]/g, '');
  const match = /^(?:0|\+63)(9\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : undefined;
}

/**
 * The one line a courier reads: recipient, mobile, street, barangay, city, province (when there
 * is one), region, postal code.
 */
export function addressLine(parts: AddressParts): string {
  const places = [parts.barangay.name, parts.city.name, parts.province?.name, parts.region.name];
  return [
    `${parts.recipient} (${parts.mobile})`,
    parts.street,
    ...places.filter((name): name is string => Boolean(name)),
    parts.postalCode,
  ].join(', ');
}

/** The columns exports give a structured address's parts, after its line. */
export const ADDRESS_PART_COLUMNS = [
  'Recipient',
  'Mobile',
  'Street',
  'Barangay',
  'City/Municipality',
  'Province',
  'Region',
  'Postal code',
] as const;

/** An address's cells under `ADDRESS_PART_COLUMNS`: empty for one typed as one text. */
export function addressPartCells(parts: AddressParts | null | undefined): string[] {
  if (!parts) return ADDRESS_PART_COLUMNS.map(() => '');
  return [
    parts.recipient,
    parts.mobile,
    parts.street,
    parts.barangay.name,
    parts.city.name,
    parts.province?.name ?? '',
    parts.region.name,
    parts.postalCode,
  ];
}

/** What the PSGC list answers about a code (the server reads its copy of the list). */
export interface PlaceLookup {
  region(code: string): string | undefined;
  province(code: string): { name: string; region: string } | undefined;
  /** `province` is '' for a city in no province. */
  city(code: string): { name: string; region: string; province: string } | undefined;
  barangay(cityCode: string, code: string): string | undefined;
}

/** The codes of a structured address as sent (`AddressPartsInputSchema`'s output). */
export interface AddressCodes {
  recipient: string;
  mobile: string;
  street: string;
  regionCode: string;
  provinceCode?: string | undefined;
  cityCode: string;
  barangayCode: string;
  postalCode: string;
}

/**
 * The address with its places named, when every code is on the list and each place lies in the
 * one before it (the city in the province, or in none for Metro Manila; the barangay in the
 * city); else the first field that is wrong, with its message.
 */
export function resolveAddressParts(
  input: AddressCodes,
  places: PlaceLookup,
): { parts: AddressParts } | { field: keyof AddressCodes; message: string } {
  const region = places.region(input.regionCode);
  if (!region) return { field: 'regionCode', message: ADDRESS_PART_MESSAGES.region };
  const provinceCode = input.provinceCode ?? '';
  const province = provinceCode ? places.province(provinceCode) : undefined;
  if (provinceCode && !province) return { field: 'provinceCode', message: ADDRESS_PART_MESSAGES.province };
  if (province && province.region !== input.regionCode) {
    return { field: 'provinceCode', message: ADDRESS_PART_MESSAGES.provinceNotInRegion };
  }
  const city = places.city(input.cityCode);
  if (!city) return { field: 'cityCode', message: ADDRESS_PART_MESSAGES.city };
  if (city.region !== input.regionCode)
    return { field: 'cityCode', message: ADDRESS_PART_MESSAGES.cityNotInRegion };
  if (city.province !== provinceCode) {
    if (!provinceCode) return { field: 'provinceCode', message: ADDRESS_PART_MESSAGES.province };
    const message = city.province
      ? ADDRESS_PART_MESSAGES.cityNotInProvince
      : ADDRESS_PART_MESSAGES.cityHasNoProvince;
    return { field: 'cityCode', message };
  }
  const barangay = places.barangay(input.cityCode, input.barangayCode);
  if (!barangay) return { field: 'barangayCode', message: ADDRESS_PART_MESSAGES.barangayNotInCity };
  return {
    parts: {
      recipient: input.recipient,
      mobile: input.mobile,
      street: input.street,
      region: { code: input.regionCode, name: region },
      province: province ? { code: provinceCode, name: province.name } : null,
      city: { code: input.cityCode, name: city.name },
      barangay: { code: input.barangayCode, name: barangay },
      postalCode: input.postalCode,
    },
  };
}

/** The codes of a stored address, to send it again (placing an order with a saved address). */
export function addressCodes(parts: AddressParts): AddressCodes {
  return {
    recipient: parts.recipient,
    mobile: parts.mobile,
    street: parts.street,
    regionCode: parts.region.code,
    provinceCode: parts.province?.code ?? '',
    cityCode: parts.city.code,
    barangayCode: parts.barangay.code,
    postalCode: parts.postalCode,
  };
}
