import {
  type AddressCodes,
  AddressPartsInputSchema,
  addressLine,
  normalizeMobile,
  type PlaceLookup,
  type PlacesResponse,
  resolveAddressParts,
  type User,
} from '@habi/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { barangaysQuery, placesQuery } from '../api/places.ts';

export type AddressField = keyof AddressCodes;
/** The fields in the order the form shows them: the first wrong one takes the focus. */
export const ADDRESS_FIELDS: AddressField[] = [
  'recipient',
  'mobile',
  'regionCode',
  'provinceCode',
  'cityCode',
  'barangayCode',
  'street',
  'postalCode',
];
/** The province choice for a city in none, in a region that also has provinces. */
export const NO_PROVINCE = 'none';
export type AddressErrors = Partial<Record<AddressField, string>>;

/** What choosing a place clears: the places below it, which lie in it. */
const BELOW: Partial<Record<AddressField, AddressField[]>> = {
  regionCode: ['provinceCode', 'cityCode', 'barangayCode'],
  provinceCode: ['cityCode', 'barangayCode'],
  cityCode: ['barangayCode'],
};

const EMPTY = {
  regionCode: '',
  provinceCode: '',
  cityCode: '',
  barangayCode: '',
  street: '',
  postalCode: '',
};

/**
 * A structured address being filled in: its values (places by code, '' for none chosen), the
 * lists each combobox offers for the places chosen above it, and the check before saving,
 * the shared rules' on the lists this page holds.
 */
export function useStructuredAddress(user: User) {
  const places = useQuery(placesQuery);
  const [values, setValues] = useState<Record<AddressField, string>>({
    ...EMPTY,
    recipient: user.name,
    mobile: normalizeMobile(user.contactNumber) ?? '',
  });
  const [errors, setErrors] = useState<AddressErrors>({});
  const barangays = useQuery({ ...barangaysQuery(values.cityCode), enabled: values.cityCode !== '' });

  const lists = useMemo(() => {
    const data = places.data;
    if (!data) return undefined;
    const region = values.regionCode;
    const provinces = data.provinces.filter((p) => p[2] === region);
    const withoutProvince = data.cities.some((c) => c[2] === region && c[3] === '');
    const province = values.provinceCode === NO_PROVINCE ? '' : values.provinceCode;
    const chosenProvince = provinces.length === 0 || values.provinceCode !== '';
    return {
      regions: data.regions.map(([value, label]) => ({ value, label })),
      provinces: [
        ...provinces.map(([value, label]) => ({ value, label })),
        ...(provinces.length > 0 && withoutProvince
          ? [{ value: NO_PROVINCE, label: 'Not in a province (independent city)' }]
          : []),
      ],
      /** Metro Manila has none. */
      hasProvinces: provinces.length > 0,
      cities: chosenProvince
        ? data.cities
            .filter((c) => c[2] === region && (provinces.length === 0 || c[3] === province))
            .map(([value, label]) => ({ value, label }))
        : [],
    };
  }, [places.data, values.regionCode, values.provinceCode]);

  function set(field: AddressField, value: string) {
    const cleared = [field, ...(BELOW[field] ?? [])];
    setValues((current) => ({
      ...current,
      ...Object.fromEntries(cleared.map((f) => [f, ''])),
      [field]: value,
    }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([f]) => !cleared.includes(f as AddressField))),
    );
  }

  /** The address to send and its line, or the messages of what is wrong. */
  function check(): { sent: { newAddress: string; parts: AddressCodes } } | { errors: AddressErrors } {
    const found: AddressErrors = {};
    const input = { ...values, provinceCode: values.provinceCode === NO_PROVINCE ? '' : values.provinceCode };
    const parsed = AddressPartsInputSchema.safeParse(input);
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] as AddressField] ??= issue.message;
    if (values.regionCode && lists?.hasProvinces && values.provinceCode === '') {
      found.provinceCode = 'Choose a province';
    }
    if (!parsed.success || Object.keys(found).length > 0 || !places.data) return { errors: found };
    const resolved = resolveAddressParts(
      parsed.data,
      lookup(places.data, values.cityCode, barangays.data?.barangays),
    );
    if (!('parts' in resolved)) return { errors: { [resolved.field]: resolved.message } };
    return { sent: { newAddress: addressLine(resolved.parts), parts: parsed.data } };
  }

  return { places, barangays, lists, values, set, errors, setErrors, check };
}

/** The server's messages by field (`parts.cityCode`), or none when it named no field of the form. */
export function serverErrors(cause: unknown): AddressErrors | undefined {
  const found = Object.fromEntries(
    Object.entries(cause instanceof ApiError ? cause.errors : {})
      .map(([key, message]) => [key.replace(/^parts\./, ''), message] as const)
      .filter(([key]) => ADDRESS_FIELDS.includes(key as AddressField)),
  );
  return Object.keys(found).length > 0 ? found : undefined;
}

/** The shared rules' view of the lists this page holds: every place, and one city's barangays. */
function lookup(places: PlacesResponse, city: string, barangays: [string, string][] = []): PlaceLookup {
  const find = <Row extends readonly string[]>(rows: Row[], code: string) =>
    rows.find((row) => row[0] === code);
  return {
    region: (code) => find(places.regions, code)?.[1],
    province: (code) => {
      const row = find(places.provinces, code);
      return row && { name: row[1], region: row[2] };
    },
    city: (code) => {
      const row = find(places.cities, code);
      return row && { name: row[1], region: row[2], province: row[3] };
    },
    barangay: (cityCode, code) => (cityCode === city ? find(barangays, code)?.[1] : undefined),
  };
}
