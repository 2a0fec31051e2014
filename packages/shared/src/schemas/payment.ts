import { z } from 'zod';
import { formatPHP, parseCentavos, toDecimal } from '../money.ts';
import { LEDGER_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES, TRANSFER_ACCOUNT_KINDS } from '../payments.ts';
import { MoneySchema, singleLineText } from './common.ts';

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { message: 'Unknown payment method' });
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES, { message: 'Unknown payment status' });

/** The most one payment, collection or refund may be: the largest order allowed (see PRICE_MAX_CENTAVOS). */
export const PAYMENT_AMOUNT_MAX_CENTAVOS = 999_999_999_999;

export const PAYMENT_MESSAGES = {
  amount: 'Enter an amount from ₱0.01',
  reference: 'Enter the reference number: 4 to 40 letters, digits, spaces or -',
  reason: 'Say why, in 3 to 300 characters',
  note: 'At most 300 characters',
  methodOff: 'This payment method is not available',
  codLimit: (limit: string) =>
    `Cash on delivery is available for orders up to ${formatPHP(limit)}. Choose another payment method.`,
  gatewayDown: 'Online payment is not available right now. Please try again in a few minutes.',
  overRefund: (left: string) => `At most ${formatPHP(left)} can be refunded`,
  refundRefused: 'PayMongo refused the refund. Check the payment in PayMongo’s dashboard.',
  refundUnconfirmed:
    'PayMongo did not answer. The refund is being checked with PayMongo and shows in the ledger if it went through.',
  hours: 'Enter whole hours from 1 to 720',
  minutes: 'Enter whole minutes from 15 to 1,440',
  codMax: 'Enter an amount, or leave it empty for no limit',
  accountName: 'Enter the account name (2 to 100 characters)',
  accountNumber: 'Enter the account or mobile number (4 to 40 characters)',
  bankName: 'Enter the bank’s name',
  proofMissing: 'Choose a screenshot of your transfer',
  proofNeedsReference: 'Send the transfer’s reference number first',
  qrMissing: 'Choose the QR code image',
} as const;

/**
 * The multipart file fields: `PUT /api/payments/orders/{id}/transfer-proof` (the shopper's
 * screenshot of their transfer) and `PUT /api/payments/accounts/{id}/qr-image` (an account's QR
 * code). Neither form has text fields.
 */
export const TRANSFER_PROOF_FIELD = 'proof';
export const QR_IMAGE_FIELD = 'qrImage';
export const ImageOnlyFormSchema = z.strictObject({});

/** A peso amount above zero as a person types it ("1,500", "₱1500.50"), to decimal text. */
const amountSchema = (message: string) =>
  z
    .string({ message })
    .max(20, { message })
    .transform((text, ctx) => {
      const centavos = parseCentavos(text.replace(/^\s*₱\s*/, ''));
      if (centavos === null || centavos <= 0 || centavos > PAYMENT_AMOUNT_MAX_CENTAVOS) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return toDecimal(centavos);
    });
export const PaymentAmountSchema = amountSchema(PAYMENT_MESSAGES.amount);

/** A transfer's or a refund's reference number, as a bank or an e-wallet prints it. */
export const ReferenceSchema = singleLineText()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, { message: PAYMENT_MESSAGES.reference });

const NoteSchema = singleLineText().trim().max(300, { message: PAYMENT_MESSAGES.note });

/** `POST /api/payments/orders/{id}/transfer-reference`: the shopper's transfer reference. */
export const TransferReferenceSchema = z.strictObject({ reference: ReferenceSchema });
export type TransferReferenceInput = z.input<typeof TransferReferenceSchema>;

/** `POST /api/payments/orders/{id}/collections` (COD) and `.../transfer/confirm`: money received. */
export const RecordPaymentSchema = z.strictObject({
  amount: PaymentAmountSchema,
  reference: ReferenceSchema.optional(),
  note: NoteSchema.optional(),
});
export type RecordPaymentInput = z.input<typeof RecordPaymentSchema>;

/** `POST /api/payments/orders/{id}/transfer/reject`: why the transfer was not found. */
export const RejectTransferSchema = z.strictObject({
  reason: singleLineText().trim().min(3, { message: PAYMENT_MESSAGES.reason }).max(300, {
    message: PAYMENT_MESSAGES.reason,
  }),
});
export type RejectTransferInput = z.input<typeof RejectTransferSchema>;

/**
 * `POST /api/payments/orders/{id}/refunds`: money given back. An online payment is refunded
 * through PayMongo; cash and transfers are given back by hand and recorded with a reference.
 */
export const RefundSchema = z.strictObject({
  amount: PaymentAmountSchema,
  reference: ReferenceSchema.optional(),
  note: NoteSchema.optional(),
});
export type RefundInput = z.input<typeof RefundSchema>;

/** One ledger row: a payment, a collection or a refund, never edited. */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: MoneySchema,
  method: PaymentMethodSchema,
  reference: z.string().nullable(),
  note: z.string().nullable(),
  recordedBy: z.string(),
  createdAt: z.string(),
  /** A refund through PayMongo: where PayMongo has it (pending until it settles). */
  refundStatus: z.enum(['pending', 'succeeded', 'failed']).optional(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** An order's payment as read with the order (by its owner or an admin). */
export const OrderPaymentSchema = z.object({
  method: PaymentMethodSchema,
  status: PaymentStatusSchema,
  paid: MoneySchema,
  refunded: MoneySchema,
  /** What the shopper still owes for the lines not cancelled. */
  owed: MoneySchema,
  /** What the shop owes back (cancelled lines that were paid for). */
  refundDue: MoneySchema,
  /** A transfer or online order lapses, cancelled, when unpaid at this instant. */
  dueBy: z.string().nullable(),
  /** The reference the shopper gave for a transfer, until it is confirmed or rejected. */
  reference: z.string().nullable(),
  /** Why the last transfer reference was rejected. */
  rejectedReason: z.string().nullable(),
  /**
   * The shopper attached a screenshot of their transfer, read by them and the back office at
   * `GET /api/payments/orders/{id}/transfer-proof`. Absent from older servers.
   */
  transferProof: z.boolean().optional(),
  /** PayMongo's hosted checkout page, while an online order is unpaid. */
  checkoutUrl: z.string().nullable(),
  /** Set when the shop must look at the payment (an amount that differs, a payment after cancelling). */
  review: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

export const TransferAccountKindSchema = z.enum(TRANSFER_ACCOUNT_KINDS, {
  message: 'Choose GCash, Maya or a bank',
});

/** An account the shop takes transfers to, as the back office enters it. */
export const TransferAccountInputSchema = z
  .strictObject({
    kind: TransferAccountKindSchema,
    bankName: singleLineText().trim().max(100).optional(),
    accountName: singleLineText()
      .trim()
      .min(2, { message: PAYMENT_MESSAGES.accountName })
      .max(100, { message: PAYMENT_MESSAGES.accountName }),
    accountNumber: singleLineText()
      .trim()
      .min(4, { message: PAYMENT_MESSAGES.accountNumber })
      .max(40, { message: PAYMENT_MESSAGES.accountNumber }),
    /** A QR code image uploaded through the back office (`/uploads/...`). */
    qrImageUrl: z
      .string()
      .regex(/^\/uploads\/[a-f0-9]{32}-\d+\.webp$/, { message: 'Upload the QR code again' })
      .optional(),
  })
  .refine((account) => account.kind !== 'bank' || (account.bankName ?? '').length >= 2, {
    path: ['bankName'],
    message: PAYMENT_MESSAGES.bankName,
  });
export type TransferAccountInput = z.input<typeof TransferAccountInputSchema>;
export type TransferAccountFields = z.output<typeof TransferAccountInputSchema>;

export const TransferAccountSchema = z.object({
  id: z.string(),
  kind: TransferAccountKindSchema,
  bankName: z.string().nullable(),
  accountName: z.string(),
  accountNumber: z.string(),
  qrImageUrl: z.string().nullable(),
});
export type TransferAccount = z.infer<typeof TransferAccountSchema>;

const wholeIn = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });

/** `PUT /api/payments/settings`: which methods are on, the COD limit and how long payments may take. */
export const PaymentSettingsInputSchema = z.strictObject({
  codEnabled: z.boolean(),
  /** Empty, null or absent: no limit. */
  codMaxTotal: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    amountSchema(PAYMENT_MESSAGES.codMax).nullable(),
  ),
  transferEnabled: z.boolean(),
  transferHours: wholeIn(1, 720, PAYMENT_MESSAGES.hours),
  onlineEnabled: z.boolean(),
  onlineMinutes: wholeIn(15, 1440, PAYMENT_MESSAGES.minutes),
});
export type PaymentSettingsInput = z.input<typeof PaymentSettingsInputSchema>;
export type PaymentSettingsFields = z.output<typeof PaymentSettingsInputSchema>;

export const PaymentSettingsSchema = z.object({
  codEnabled: z.boolean(),
  codMaxTotal: MoneySchema.nullable(),
  transferEnabled: z.boolean(),
  transferHours: z.number(),
  onlineEnabled: z.boolean(),
  onlineMinutes: z.number(),
  /** PayMongo's keys are set on the server: online payment can be turned on. */
  onlineAvailable: z.boolean(),
  accounts: z.array(TransferAccountSchema),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/** `GET /api/payments/options`: what the cart offers (public). */
export const PaymentOptionsSchema = z.object({
  methods: z.array(PaymentMethodSchema),
  codMaxTotal: MoneySchema.nullable(),
  transferHours: z.number(),
  onlineMinutes: z.number(),
  accounts: z.array(TransferAccountSchema),
});
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;

/** `POST /api/payments/orders/{id}/checkout`: where to pay an online order. */
export const CheckoutLinkSchema = z.object({ checkoutUrl: z.string() });
