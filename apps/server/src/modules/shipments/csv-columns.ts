import { COURIER_IDS, COURIERS, type CourierId } from '@habi/shared';
import { badInput } from '../../lib/errors.ts';

/** The columns a shipping CSV is read for; the others (portals export many) are ignored. */
export type CsvColumn = 'order' | 'courier' | 'tracking' | 'date';

/** How each column reads in words, for the messages. */
export const COLUMN_WORDS: Record<CsvColumn, string> = {
  order: 'order number',
  courier: 'courier',
  tracking: 'tracking number',
  date: 'date shipped',
};

/** Lower-case letters and digits only: "Tracking No." and "tracking_no" read the same. */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

// Header names as shops and couriers' portals (J&T's, LBC's, Ninja Van's, marketplaces') write them.
const HEADERS: Record<CsvColumn, readonly string[]> = {
  order: [
    'order',
    'orderid',
    'orderno',
    'ordernumber',
    'ordernum',
    'orderref',
    'orderreference',
    'ordercode',
    'ordersn',
    'reference',
    'referenceno',
    'referencenumber',
    'ref',
    'refno',
    'merchantorderno',
    'merchantorderid',
    'merchantreference',
    'customerreference',
  ],
  courier: [
    'courier',
    'couriername',
    'carrier',
    'carriername',
    'logistics',
    'logisticsprovider',
    'logisticspartner',
    'shippingprovider',
    'shippingcarrier',
    'shippingcourier',
    'shippingcompany',
    'deliverycompany',
    'provider',
  ],
  tracking: [
    'tracking',
    'trackingnumber',
    'trackingno',
    'trackingnum',
    'trackingid',
    'trackingcode',
    'trackno',
    'waybill',
    'waybillno',
    'waybillnumber',
    'awb',
    'awbno',
    'awbnumber',
    'airwaybill',
    'airwaybillno',
    'airwaybillnumber',
    'billcode',
    'consignmentno',
    'consignmentnumber',
    'parcelno',
    'shipmentno',
    'shipmentnumber',
  ],
  date: [
    'date',
    'shippedon',
    'shipdate',
    'shippingdate',
    'shippeddate',
    'dateshipped',
    'dispatchdate',
    'pickupdate',
  ],
};

const COLUMN_OF = new Map<string, CsvColumn>(
  (Object.entries(HEADERS) as [CsvColumn, readonly string[]][]).flatMap(([column, names]) =>
    names.map((name) => [name, column] as const),
  ),
);

/**
 * Which cell of a row holds each column, from the header row. Missing columns, or two headers
 * read as the same column, are 400 naming them.
 */
export function columnsOf(header: readonly string[]): Partial<Record<CsvColumn, number>> & {
  order: number;
  courier: number;
  tracking: number;
} {
  const found: Partial<Record<CsvColumn, number>> = {};
  for (const [index, name] of header.entries()) {
    const column = COLUMN_OF.get(squash(name));
    if (!column) continue;
    if (found[column] !== undefined) {
      throw badInput(
        `Two columns could be the ${COLUMN_WORDS[column]} (“${header[found[column]]!.trim()}” and “${name.trim()}”): keep one`,
      );
    }
    found[column] = index;
  }
  const missing = (['order', 'courier', 'tracking'] as const).filter((column) => found[column] === undefined);
  if (missing.length > 0) {
    const named = header
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => `“${name}”`)
      .join(', ');
    throw badInput(
      `The file needs a column for the order number, the courier and the tracking number; ` +
        `no column reads as the ${missing.map((c) => COLUMN_WORDS[c]).join(' or the ')}` +
        (named ? ` (its first row has ${named.slice(0, 300)})` : ''),
    );
  }
  return found as ReturnType<typeof columnsOf>;
}

// Each courier by its id, its name, and its name without "Express"; J&T's "&" squashes away.
const COURIER_OF = new Map<string, CourierId>([
  ...COURIER_IDS.filter((id) => id !== 'other').flatMap((id) => {
    const name = squash(COURIERS[id].name);
    return [id, name, name.replace(/express$/, '')].map((key) => [key, id] as const);
  }),
  ['jandt', 'jnt'],
  ['jandtexpress', 'jnt'],
  ['jntexpress', 'jnt'],
  ['lbcexpress', 'lbc'],
  ['ninja', 'ninjavan'],
  ['2goexpress', '2go'],
]);

/** The courier a cell names, or null. An own rider ships from the order page, with a name. */
export const courierOf = (text: string): CourierId | null => COURIER_OF.get(squash(text)) ?? null;

/** The named couriers, as a message lists them. */
export const COURIER_NAMES = COURIER_IDS.filter((id) => id !== 'other')
  .map((id) => COURIERS[id].name)
  .join(', ');

/**
 * What an order number cell names: a whole order id, or the 8 characters the shop sees
 * ("#9843F462", with or without "#"). Null when it is neither.
 */
export function orderNumberOf(text: string): { id: string } | { prefix: string } | null {
  const value = text.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)) return { id: value };
  if (/^[0-9a-f]{8}$/.test(value)) return { prefix: value };
  return null;
}

/**
 * A date cell as "YYYY-MM-DD": ISO as written, or month/day/year as spreadsheets in the
 * Philippines show it. Null when it is not a real date.
 */
export function dateOf(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const mdy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : mdy
      ? [mdy[3], mdy[1], mdy[2]]
      : [undefined, undefined, undefined];
  if (!year) return null;
  const date = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : null;
}

/** A cell a spreadsheet would run as a formula when the file is opened again (CSV injection). */
export const looksLikeFormula = (text: string) => /^[\t\r]|^\s*[=+\-@]/.test(text);
