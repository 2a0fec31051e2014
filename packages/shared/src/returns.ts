/**
 * Returns, size exchanges and cancelling before shipping: who may ask, for what, until when, what
 * comes back, and what each call accepts. One home for these rules (docs/business-rules.md,
 * "Returns and exchanges"); the server's statements are in `apps/server/src/modules/returns`.
 */
import { z } from 'zod';
import type { ItemStatus } from './constants.ts';
import { trackingNumberProblem } from './couriers.ts';
import { addDays } from './dates.ts';
import {
  IdSchema,
  multiLineText,
  PageQuerySchema,
  SearchTextSchema,
  singleLineText,
} from './schemas/common.ts';
import { ReferenceSchema } from './schemas/payment.ts';
import { CreateShipmentSchema, SHIPMENT_MESSAGES, ShipmentSchema } from './schemas/shipment.ts';

/** Money back, or another variation or size of the same product. */
export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_KIND_LABELS: Record<ReturnKind, string> = { return: 'Return', exchange: 'Exchange' };

export const RETURN_REASONS = [
  'wrongSize',
  'defective',
  'notAsDescribed',
  'wrongItem',
  'changedMind',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrongSize: 'Wrong size',
  defective: 'Defective',
  notAsDescribed: 'Not as described',
  wrongItem: 'Wrong item',
  changedMind: 'Changed my mind',
};
/** The shop's mistakes: asked for at any time after delivery, whatever the window. */
export const NO_WINDOW_REASONS: readonly ReturnReason[] = ['defective', 'wrongItem'];
/** A defective item never goes back on sale when it comes back. */
export const NOT_RESTOCKED_REASONS: readonly ReturnReason[] = ['defective'];

/**
 * A request's life: asked (`requested`), then `approved` or `refused` by the shop; an approved
 * one's parcel `received`; then `refunded` (a return) or `exchanged` (the replacement shipped).
 * The shopper may cancel it (`cancelled`) until the parcel is received.
 */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'refused',
  'received',
  'refunded',
  'exchanged',
  'cancelled',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Received',
  refunded: 'Refunded',
  exchanged: 'Exchanged',
  cancelled: 'Cancelled',
};
/** Requests that still count against their item: a refused or cancelled one lets the shopper ask again. */
export const LIVE_RETURN_STATUSES: readonly ReturnStatus[] = [
  'requested',
  'approved',
  'received',
  'refunded',
  'exchanged',
];
/** The shopper may cancel until the parcel is back. */
export const CANCELLABLE_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved'];
/** The colour of a request's pill: waiting on someone yellow, done green, stopped red. */
export function returnStatusColour(status: ReturnStatus): 'yellow' | 'green' | 'red' {
  if (status === 'refused' || status === 'cancelled') return 'red';
  if (status === 'refunded' || status === 'exchanged') return 'green';
  return 'yellow';
}

/** The shop's default window, its bounds, and what a request may carry. */
export const RETURN_DEFAULTS = { windowDays: 7 } as const;
export const RETURN_WINDOW_MAX = 90;
export const RETURN_PHOTOS_MAX = 3;
export const RETURN_NOTE_MAX = 1000;
/** The multipart field a photo comes in. */
export const RETURN_PHOTO_FIELD = 'photo';

export const RETURN_MESSAGES = {
  window: (days: number) => `Returns are accepted within ${days} day${days === 1 ? '' : 's'} of delivery`,
  notDelivered: 'Only delivered items can be returned or exchanged',
  open: 'This item already has a return or exchange',
  notYours: 'You are not allowed to do that',
  itemNotFound: 'Item not found',
  notFound: 'Return not found',
  chooseOther: 'Choose another size or variation than the one you have',
  unknownSize: (size: string) => `This product has no size ${size}`,
  unknownVariation: (name: string) => `This product has no variation ${name}`,
  productGone: 'This product is no longer sold: ask for a return instead',
  exchangeShort: 'The size you chose is no longer available in that quantity',
  exchangeTarget: 'Choose the size or variation you want instead',
  reason: 'Choose a reason',
  kind: 'Choose a return or an exchange',
  note: `At most ${RETURN_NOTE_MAX} characters`,
  refusal: 'Say why the request is refused (at most 300 characters)',
  windowDays: `Enter a whole number of days from 1 to ${RETURN_WINDOW_MAX}`,
  photos: `At most ${RETURN_PHOTOS_MAX} photos`,
  photoMissing: 'Choose a photo to add',
  photoLate: 'Photos can be added while the request waits for the shop',
  noPhoto: 'No such photo',
  cannotCancel: 'The parcel is back with the shop: this request can no longer be cancelled',
  notRequested: 'Only a request waiting for the shop can be approved or refused',
  notApproved: 'Only an approved request can be marked received',
  notReceivedReturn: 'Only a return received can be refunded',
  notReceivedExchange: 'Only an exchange received can ship its replacement',
  refundReference: 'Enter the refund’s reference (at least 4 letters or digits)',
  cancelItems: 'Choose items of this order, each once',
  cannotCancelItem: (name: string) => `“${name}” has shipped or is closed: it can no longer be cancelled`,
} as const;

/** Whether a reason is held to the window. */
export const windowApplies = (reason: ReturnReason) => !NO_WINDOW_REASONS.includes(reason);

/** The last day ("YYYY-MM-DD", the store's calendar) a return may be asked for an item delivered on `deliveredOn`. */
export const returnDeadline = (deliveredOn: string, windowDays: number) => addDays(deliveredOn, windowDays);

/**
 * Why an item cannot be returned or exchanged now, or null when it can: it must be delivered,
 * have no live request, and (unless the reason is the shop's mistake) be asked for by the last
 * day of the window. Days are the store's calendar days: delivered on the 1st with 7 days, the
 * 8th is the last day and the 9th is refused.
 */
export function returnRefusal(item: {
  status: ItemStatus;
  /** The day it was delivered, "YYYY-MM-DD". */
  deliveredOn: string;
  /** Whether a request that still counts exists for it. */
  hasLiveRequest: boolean;
  reason: ReturnReason;
  /** Today in the store's time zone, "YYYY-MM-DD". */
  today: string;
  windowDays: number;
}): string | null {
  if (item.status !== 'delivered') return RETURN_MESSAGES.notDelivered;
  if (item.hasLiveRequest) return RETURN_MESSAGES.open;
  if (windowApplies(item.reason) && item.today > returnDeadline(item.deliveredOn, item.windowDays)) {
    return RETURN_MESSAGES.window(item.windowDays);
  }
  return null;
}

/**
 * A shopper may cancel an item until it ships: while it is still to pay (shipping moves it to
 * To Receive). Its stock, the discount code's use and its payment follow the orders module's
 * status change.
 */
export const canCancelItem = (status: ItemStatus) => status === 'toPay';

interface Sells {
  sizes: readonly string[];
  variations: readonly { name: string }[];
}

/**
 * What an exchange may become: the same product, in a variation and size it sells, not the one
 * the shopper has. Answers the field and message of the first problem, or null. (In stock is
 * checked when the stock is held.) The product's price is not looked at: an exchange is the same
 * product at the price paid, so no money changes hands.
 */
export function exchangeProblem(
  product: Sells,
  have: { variation: string; size: string },
  want: { variation: string; size: string },
): { field: 'size' | 'variation'; message: string } | null {
  const variations = product.variations.length > 0 ? product.variations.map((v) => v.name) : [''];
  const sizes = product.sizes.length > 0 ? product.sizes : [''];
  if (!variations.includes(want.variation)) {
    return { field: 'variation', message: RETURN_MESSAGES.unknownVariation(want.variation) };
  }
  if (!sizes.includes(want.size)) return { field: 'size', message: RETURN_MESSAGES.unknownSize(want.size) };
  if (want.variation === have.variation && want.size === have.size) {
    return { field: sizes.length > 1 ? 'size' : 'variation', message: RETURN_MESSAGES.chooseOther };
  }
  return null;
}

// Wire shapes.

export const ReturnKindSchema = z.enum(RETURN_KINDS, { message: RETURN_MESSAGES.kind });
export const ReturnReasonSchema = z.enum(RETURN_REASONS, { message: RETURN_MESSAGES.reason });
export const ReturnStatusSchema = z.enum(RETURN_STATUSES);

const NoteSchema = multiLineText().trim().max(RETURN_NOTE_MAX, { message: RETURN_MESSAGES.note });
const ChoiceSchema = singleLineText().trim().max(100, { message: RETURN_MESSAGES.exchangeTarget });

/**
 * `POST /api/returns`: a return or an exchange of one delivered item (all its units). An
 * exchange names the variation and/or size wanted; what it leaves out stays as the item has it.
 * Photos are added after, one at a time (`PUT /api/returns/{id}/photos`).
 */
export const CreateReturnSchema = z
  .strictObject({
    itemId: IdSchema,
    kind: ReturnKindSchema,
    reason: ReturnReasonSchema,
    note: NoteSchema.optional(),
    variation: ChoiceSchema.optional(),
    size: ChoiceSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'exchange' && input.variation === undefined && input.size === undefined) {
      ctx.addIssue({ code: 'custom', path: ['size'], message: RETURN_MESSAGES.exchangeTarget });
    }
  });
export type CreateReturnInput = z.input<typeof CreateReturnSchema>;

/** `POST /api/returns/{id}/refuse`: why, mailed to the shopper. */
export const RefuseReturnSchema = z.strictObject({
  reason: singleLineText()
    .trim()
    .min(1, { message: RETURN_MESSAGES.refusal })
    .max(300, { message: RETURN_MESSAGES.refusal }),
});
export type RefuseReturnInput = z.input<typeof RefuseReturnSchema>;

/** `POST /api/returns/{id}/received`: the parcel is back; a damaged item is not put back on sale. */
export const ReceiveReturnSchema = z.strictObject({ damaged: z.boolean().optional() });
export type ReceiveReturnInput = z.input<typeof ReceiveReturnSchema>;

/** `POST /api/returns/{id}/replacement`: the exchange's new item, shipped as a shipment of its own. */
const shipmentFields = CreateShipmentSchema.shape;
export const ReplacementShipmentSchema = z
  .strictObject({
    courier: shipmentFields.courier,
    courierName: shipmentFields.courierName,
    trackingNumber: shipmentFields.trackingNumber,
    shippedOn: shipmentFields.shippedOn,
  })
  .superRefine((input, ctx) => {
    if (input.courier === 'other' && !input.courierName) {
      ctx.addIssue({ code: 'custom', path: ['courierName'], message: SHIPMENT_MESSAGES.courierName });
    }
    const problem = trackingNumberProblem(input.courier, input.trackingNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: problem });
  });
export type ReplacementShipmentInput = z.input<typeof ReplacementShipmentSchema>;

/**
 * `POST /api/returns/{id}/refund`: the money back, into the payments ledger. Cash and transfers
 * are given back by hand and need the reference; an online payment goes back through PayMongo.
 */
export const RefundReturnSchema = z.strictObject({
  reference: ReferenceSchema.optional(),
  note: singleLineText().trim().max(300, { message: 'At most 300 characters' }).optional(),
});
export type RefundReturnInput = z.input<typeof RefundReturnSchema>;

/** `PUT /api/returns/settings`: the shop's window. */
export const ReturnSettingsSchema = z.strictObject({
  windowDays: z
    .number({ message: RETURN_MESSAGES.windowDays })
    .int({ message: RETURN_MESSAGES.windowDays })
    .min(1, { message: RETURN_MESSAGES.windowDays })
    .max(RETURN_WINDOW_MAX, { message: RETURN_MESSAGES.windowDays }),
});
export type ReturnSettings = z.infer<typeof ReturnSettingsSchema>;

/** `GET /api/returns`: the back office's list, searched by customer, filtered by status and reason, newest first. */
export const ReturnListQuerySchema = PageQuerySchema.extend({
  /** Part of the customer's name. */
  q: SearchTextSchema.optional(),
  status: ReturnStatusSchema.optional(),
  reason: ReturnReasonSchema.optional(),
});
export type ReturnListQuery = z.infer<typeof ReturnListQuerySchema>;

/** `POST /api/orders/{id}/cancel`: the shopper cancels items of their order not yet shipped. */
export const CancelItemsSchema = z.strictObject({
  items: z
    .array(IdSchema, { message: RETURN_MESSAGES.cancelItems })
    .min(1, { message: RETURN_MESSAGES.cancelItems })
    .max(50, { message: RETURN_MESSAGES.cancelItems }),
});
export type CancelItemsInput = z.input<typeof CancelItemsSchema>;

/** A request as read, by its shopper (My Orders) and the back office. */
export const ReturnRequestSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  itemId: z.string(),
  kind: ReturnKindSchema,
  reason: ReturnReasonSchema,
  note: z.string(),
  status: ReturnStatusSchema,
  /** The item as ordered. */
  item: z.object({
    name: z.string(),
    imageUrl: z.string(),
    productId: z.string().nullable(),
    variation: z.string(),
    size: z.string(),
    quantity: z.number().int(),
    price: z.string(),
  }),
  /** What an exchange becomes; null for a return. */
  exchange: z.object({ variation: z.string(), size: z.string() }).nullable(),
  /** How many photos came with it (read at `/api/returns/{id}/photos/{n}`, 0-based). */
  photos: z.number().int(),
  /** What a return gives back (the line's share of what was paid); "0.00" for an exchange. */
  refundAmount: z.string(),
  /** What went into the ledger when it was refunded. */
  refundedAmount: z.string().nullable(),
  refusedReason: z.string().nullable(),
  /** Marked damaged when received: not put back on sale. */
  damaged: z.boolean(),
  /** The exchange's replacement, once shipped. */
  replacement: ShipmentSchema.nullable(),
  customerName: z.string(),
  /** The day the item was delivered, "YYYY-MM-DD". */
  deliveredOn: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnRequest = z.infer<typeof ReturnRequestSchema>;

/** A request as a role without `money:read` (fulfilment) reads it: no price or refund amounts. */
export const ReturnRequestWithoutMoneySchema = ReturnRequestSchema.omit({
  item: true,
  refundAmount: true,
  refundedAmount: true,
}).extend({
  item: ReturnRequestSchema.shape.item.omit({ price: true }),
  moneyHidden: z.literal(true),
});
export type ReturnRequestWithoutMoney = z.infer<typeof ReturnRequestWithoutMoneySchema>;

/** A request as the back office reads it: whole, or without its money figures for the role. */
export const StaffReturnRequestSchema = z.union([ReturnRequestSchema, ReturnRequestWithoutMoneySchema]);
export type StaffReturnRequest = ReturnRequest | ReturnRequestWithoutMoney;

/** The request with its money figures left out (the schema drops every field it does not name). */
export const returnWithoutMoney = (request: ReturnRequest): ReturnRequestWithoutMoney =>
  ReturnRequestWithoutMoneySchema.parse({ ...request, moneyHidden: true });

export const ReturnResponseSchema = z.object({ message: z.string(), request: ReturnRequestSchema });
export type ReturnResponse = z.infer<typeof ReturnResponseSchema>;
/** A step of a request taken in the back office, the request as the role reads it. */
export const StaffReturnResponseSchema = z.object({ message: z.string(), request: StaffReturnRequestSchema });
export type StaffReturnResponse = z.infer<typeof StaffReturnResponseSchema>;

/** `GET /api/returns/mine`: the shopper's requests and the window, to offer Return or exchange. */
export const MyReturnsSchema = z.object({
  windowDays: z.number().int(),
  /** The day each delivered item of theirs was delivered (its shipment's, else its ETA). */
  deliveredOn: z.record(z.string(), z.string()),
  requests: z.array(ReturnRequestSchema),
});
export type MyReturns = z.infer<typeof MyReturnsSchema>;

const RateSchema = z.object({ count: z.number().int(), rate: z.number() });
/**
 * `GET /api/returns/report`: requests (refused and cancelled ones aside) by reason, as a share of
 * all requests, and by product, as a share of the units of it delivered.
 */
export const ReturnReportSchema = z.object({
  requests: z.number().int(),
  returns: z.number().int(),
  exchanges: z.number().int(),
  deliveredUnits: z.number().int(),
  byReason: z.array(RateSchema.extend({ reason: ReturnReasonSchema })),
  byProduct: z.array(
    RateSchema.extend({ productId: z.string().nullable(), name: z.string(), delivered: z.number().int() }),
  ),
});
export type ReturnReport = z.infer<typeof ReturnReportSchema>;
