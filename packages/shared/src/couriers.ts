/**
 * The couriers an order ships with, each with its tracking page and, where it has a well-known
 * one, the shape of its tracking numbers (docs/business-rules.md, "Shipments").
 *
 * Tracking pages are the couriers' public "track a parcel" pages in the Philippines, with the
 * number in the query as they take it (`{number}`). Shapes are refused only where we are sure of
 * them: J&T Express Philippines prints 12-digit waybill numbers, and `JT` with 13 digits on its
 * newer waybills. LBC, Ninja Van, Flash Express, 2GO and JRS issue numbers of several lengths and
 * prefixes (and shops' portals add their own), so theirs are held only to letters, digits and
 * dashes. An own rider or another company has no shape and may have no number at all.
 */

import type { ItemStatus } from './constants.ts';

export const COURIER_IDS = ['jnt', 'lbc', 'ninjavan', 'flash', '2go', 'jrs', 'other'] as const;
export type CourierId = (typeof COURIER_IDS)[number];

export interface Courier {
  name: string;
  /** The courier's tracking page, `{number}` standing for the tracking number; null: none. */
  trackingUrl: string | null;
  /** What its tracking numbers look like, and how the message names it; null: no known shape. */
  shape: { pattern: RegExp; says: string } | null;
}

/** Letters, digits and dashes, 4 to 40: what every named courier's numbers are made of. */
const ANY_COURIER_NUMBER = /^[A-Z0-9-]{4,40}$/;
const ANY_COURIER_SAYS = '4 to 40 letters, digits or dashes';

export const COURIERS: Record<CourierId, Courier> = {
  jnt: {
    name: 'J&T Express',
    trackingUrl: 'https://www.jtexpress.ph/track-and-trace?billCodes={number}',
    shape: { pattern: /^(\d{12}|JT\d{13})$/, says: '12 digits, or JT and 13 digits' },
  },
  lbc: {
    name: 'LBC',
    trackingUrl: 'https://www.lbcexpress.com/track/?tracking_no={number}',
    shape: null,
  },
  ninjavan: {
    name: 'Ninja Van',
    trackingUrl: 'https://www.ninjavan.co/en-ph/tracking?id={number}',
    shape: null,
  },
  flash: {
    name: 'Flash Express',
    trackingUrl: 'https://www.flashexpress.ph/fle/tracking?se={number}',
    shape: null,
  },
  '2go': {
    name: '2GO',
    trackingUrl: 'https://supplychain.2go.com.ph/CustomerSupport/etrace/indiv1.asp?code={number}',
    shape: null,
  },
  jrs: {
    name: 'JRS Express',
    trackingUrl: 'https://jrs-express.com/track?or={number}',
    shape: null,
  },
  other: { name: 'Own rider / other', trackingUrl: null, shape: null },
};

/** A line may ship while still to pay (cash on delivery) or to receive (set by hand before shipping). */
export function canShip(status: ItemStatus): boolean {
  return status === 'toPay' || status === 'toReceive';
}

/** A tracking number as stored: trimmed and upper-cased. */
export function normaliseTrackingNumber(number: string): string {
  return number.trim().toUpperCase();
}

/**
 * Why a (normalised) tracking number cannot be the courier's, or null when it can. An own rider's
 * may be empty; every courier's is required.
 */
export function trackingNumberProblem(courier: CourierId, number: string): string | null {
  if (courier === 'other') return null;
  const { name, shape } = COURIERS[courier];
  if (number === '') return `Enter the ${name} tracking number`;
  if (!ANY_COURIER_NUMBER.test(number)) return `A ${name} tracking number is ${ANY_COURIER_SAYS}`;
  if (shape && !shape.pattern.test(number)) return `A ${name} tracking number is ${shape.says}`;
  return null;
}

/** What the courier's tracking numbers look like, as its messages say it ("12 digits, or JT and 13 digits"). */
export function trackingNumberRule(courier: CourierId): string {
  return COURIERS[courier].shape?.says ?? ANY_COURIER_SAYS;
}

/** The courier's page tracking this number, or null when it has none or there is no number. */
export function trackingLink(courier: CourierId, number: string): string | null {
  const template = COURIERS[courier].trackingUrl;
  return template && number ? template.replace('{number}', encodeURIComponent(number)) : null;
}

/** The name a shipment's courier goes by: the table's, or the one typed for an own rider. */
export function courierLabel(courier: CourierId, otherName: string | null): string {
  return courier === 'other' && otherName ? otherName : COURIERS[courier].name;
}
