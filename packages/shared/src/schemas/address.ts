import { z } from 'zod';
import { ADDRESS_PART_LIMITS, ADDRESS_PART_MESSAGES, normalizeMobile, POSTAL_CODE } from '../addresses.ts';
import { singleLineText } from './common.ts';

/** A PSGC code: 10 digits. */
const psgcCode = (message: string) => z.string({ message }).regex(/^\d{10}$/, { message });

/**
 * A structured Philippine address as a client sends it: who receives it, their mobile, the street
 * line and the PSGC codes of the places it is in. The codes' existence and nesting are checked on
 * the server against the PSGC list (`resolveAddressParts`), which also gives their names.
 */
export const AddressPartsInputSchema = z.strictObject({
  recipient: singleLineText()
    .trim()
    .min(ADDRESS_PART_LIMITS.recipientMin, { message: ADDRESS_PART_MESSAGES.recipient })
    .max(ADDRESS_PART_LIMITS.recipientMax, { message: ADDRESS_PART_MESSAGES.recipientTooLong }),
  mobile: singleLineText().transform((text, ctx) => {
    const mobile = normalizeMobile(text);
    if (mobile === undefined) ctx.addIssue({ code: 'custom', message: ADDRESS_PART_MESSAGES.mobile });
    return mobile ?? text;
  }),
  street: singleLineText()
    .trim()
    .min(ADDRESS_PART_LIMITS.streetMin, { message: ADDRESS_PART_MESSAGES.street })
    .max(ADDRESS_PART_LIMITS.streetMax, { message: ADDRESS_PART_MESSAGES.streetTooLong }),
  regionCode: psgcCode(ADDRESS_PART_MESSAGES.region),
  /** Absent (or '') for a city in no province: Metro Manila's, and a few independent cities. */
  provinceCode: z.union([z.literal(''), psgcCode(ADDRESS_PART_MESSAGES.province)]).optional(),
  cityCode: psgcCode(ADDRESS_PART_MESSAGES.city),
  barangayCode: psgcCode(ADDRESS_PART_MESSAGES.barangay),
  postalCode: z.string({ message: ADDRESS_PART_MESSAGES.postalCode }).trim().regex(POSTAL_CODE, {
    message: ADDRESS_PART_MESSAGES.postalCode,
  }),
});
export type AddressPartsInput = z.infer<typeof AddressPartsInputSchema>;

const PlaceSchema = z.object({ code: z.string(), name: z.string() });

/** A structured address as stored and read: the parts with the places' names as they were then. */
export const AddressPartsSchema = z.object({
  recipient: z.string(),
  mobile: z.string(),
  street: z.string(),
  region: PlaceSchema,
  /** Null for a city in no province (Metro Manila). */
  province: PlaceSchema.nullable(),
  city: PlaceSchema,
  barangay: PlaceSchema,
  postalCode: z.string(),
});

/** `GET /places`: the regions, provinces and cities or municipalities (PSGC), for the picker. */
export const PlacesResponseSchema = z.object({
  /** Which PSGC release, and where the list came from. */
  source: z.string(),
  /** [code, name] */
  regions: z.array(z.tuple([z.string(), z.string()])),
  /** [code, name, region code] */
  provinces: z.array(z.tuple([z.string(), z.string(), z.string()])),
  /** [code, name, region code, province code or '' for none] */
  cities: z.array(z.tuple([z.string(), z.string(), z.string(), z.string()])),
});
export type PlacesResponse = z.infer<typeof PlacesResponseSchema>;

/** `GET /places/cities/{code}/barangays`: the barangays of one city or municipality, [code, name]. */
export const BarangaysResponseSchema = z.object({
  barangays: z.array(z.tuple([z.string(), z.string()])),
});
export type BarangaysResponse = z.infer<typeof BarangaysResponseSchema>;

export const CityCodeParamsSchema = z.strictObject({ code: psgcCode(ADDRESS_PART_MESSAGES.city) });
