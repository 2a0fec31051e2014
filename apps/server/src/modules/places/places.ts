import {
  type AddressCodes,
  type AddressParts,
  type PlaceLookup,
  type PlacesResponse,
  resolveAddressParts,
} from '@habi/shared';
import { badInput } from '../../lib/errors.ts';
import barangayFile from './psgc/barangays.json' with { type: 'json' };
import placesFile from './psgc/places.json' with { type: 'json' };

/**
 * The PSGC list (regions, provinces, cities and municipalities, barangays) as `psgc/` keeps it,
 * trimmed by `psgc/build-places.mjs`. Barangays stay one string per city until a city's are read.
 */
const places = placesFile as PlacesResponse;
const regions = new Map(places.regions.map(([code, name]) => [code, name] as const));
const provinces = new Map(places.provinces.map(([code, name, region]) => [code, { name, region }] as const));
const cities = new Map(
  places.cities.map(([code, name, region, province]) => [code, { name, region, province }] as const),
);
const barangayText: Record<string, string> = barangayFile.barangays;

/** A city's barangays, [code, name], in the list's order (by name); empty for an unknown city. */
export function barangaysOf(cityCode: string): [string, string][] {
  const text = cities.has(cityCode) ? barangayText[cityCode] : undefined;
  if (!text) return [];
  const prefix = cityCode.slice(0, 5);
  return text.split('|').map((entry) => [`${prefix}${entry.slice(0, 5)}`, entry.slice(5)]);
}

export const placeLookup: PlaceLookup = {
  region: (code) => regions.get(code),
  province: (code) => provinces.get(code),
  city: (code) => cities.get(code),
  barangay: (cityCode, code) => barangaysOf(cityCode).find(([each]) => each === code)?.[1],
};

/** The regions, provinces and cities as `GET /places` answers them, written once. */
export const placesJson = JSON.stringify(places);

/**
 * A structured address as sent, with its places named, or 400 naming the first wrong field
 * under `field` (`addressParts`, `parts`): a code not on the list, or a place not in the one
 * before it.
 */
export function resolveAddress(input: AddressCodes, field: string): AddressParts {
  const resolved = resolveAddressParts(input, placeLookup);
  if ('parts' in resolved) return resolved.parts;
  throw badInput(resolved.message, { [`${field}.${resolved.field}`]: resolved.message });
}
