import { z } from 'zod';
import { LOCALE, PRICE_MAX_CENTAVOS } from '../constants.ts';
import { addDays, storeDate, storeDayStart } from '../dates.ts';
import {
  DISCOUNT_KINDS,
  DISCOUNT_LIMITS,
  DISCOUNT_MESSAGES,
  type DiscountKind,
  discountRuleOf,
  discountValueText,
} from '../discounts.ts';
import { formatPHP, parseCentavos, toDecimal } from '../money.ts';
import { EmailSchema, listQuerySchema, MoneySchema, singleLineText } from './common.ts';

const MAX_AMOUNT = formatPHP(PRICE_MAX_CENTAVOS, 'centavos');

export const DISCOUNT_FORM_MESSAGES = {
  code: `Use ${DISCOUNT_LIMITS.codeMin} to ${DISCOUNT_LIMITS.codeMax} letters, digits, - or _`,
  kind: 'Choose a percentage or a fixed amount',
  percent: 'Enter a whole percent from 1 to 100',
  fixed: `Enter an amount from ₱0.01 to ${MAX_AMOUNT}`,
  minSpend: `Enter an amount from ₱0.00 to ${MAX_AMOUNT}, or leave it empty`,
  startsOn: 'Choose a start date',
  endsOn: 'Choose an end date on or after the start date, or leave it empty',
  endsAt: 'The end must be after the start',
  totalUses: `Enter a whole number from 1 to ${DISCOUNT_LIMITS.totalUsesMax.toLocaleString(LOCALE)}, or leave it empty for no limit`,
  perCustomerUses: `Enter a whole number from 1 to ${DISCOUNT_LIMITS.perCustomerUsesMax.toLocaleString(LOCALE)}, or leave it empty for no limit`,
  email: 'Enter a valid email address, or leave it empty',
  nothingToChange: 'Nothing to change',
} as const;

/** A code as the back office names it: trimmed and stored upper-case, so it matches in any case. */
export const DiscountCodeSchema = singleLineText()
  .trim()
  .toUpperCase()
  .min(DISCOUNT_LIMITS.codeMin, { message: DISCOUNT_FORM_MESSAGES.code })
  .max(DISCOUNT_LIMITS.codeMax, { message: DISCOUNT_FORM_MESSAGES.code })
  .regex(/^[A-Z0-9][A-Z0-9_-]*$/, { message: DISCOUNT_FORM_MESSAGES.code });

/** A code as a shopper types it; one longer than any code can be exists nowhere. */
export const EnteredCodeSchema = singleLineText()
  .trim()
  .toUpperCase()
  .min(1, { message: 'Enter a code' })
  .max(DISCOUNT_LIMITS.codeMax, { message: DISCOUNT_MESSAGES.unusable });

export const DiscountKindSchema = z.enum(DISCOUNT_KINDS, { message: DISCOUNT_FORM_MESSAGES.kind });

/** A peso amount from zero up to the price cap, as decimal text ("1,500", "1500.00"). */
const amountIn = (text: string) => {
  const centavos = parseCentavos(text.replace(/^\s*₱\s*/, ''));
  return centavos !== null && centavos <= PRICE_MAX_CENTAVOS ? centavos : null;
};
const MinSpendSchema = z
  .string()
  .max(20, { message: DISCOUNT_FORM_MESSAGES.minSpend })
  .refine((text) => amountIn(text) !== null, { message: DISCOUNT_FORM_MESSAGES.minSpend })
  .transform((text) => toDecimal(amountIn(text)!));

const valueMessage = (kind: DiscountKind) => DISCOUNT_FORM_MESSAGES[kind];
const valueIsValid = (kind: DiscountKind, value: string) => {
  const rule = discountRuleOf(kind, value.replace(/^\s*₱\s*/, ''));
  return rule !== null && (rule.kind === 'percent' || rule.value <= PRICE_MAX_CENTAVOS);
};
/** The value in the form it is stored and sent in: "20" for 20%, "150.00" for ₱150. */
const normalValue = (kind: DiscountKind, value: string) =>
  discountValueText(discountRuleOf(kind, value.replace(/^\s*₱\s*/, ''))!);

const usesSchema = (max: number, message: string) =>
  z.number({ message }).int({ message }).min(1, { message }).max(max, { message });
const InstantSchema = z.iso.datetime({ offset: true, message: 'Enter a date and time with its offset' });

const fields = {
  code: DiscountCodeSchema,
  kind: DiscountKindSchema,
  /** A whole percent ("20"), or an amount in pesos ("150.00"), by `kind`. */
  value: z.string().max(20, { message: DISCOUNT_FORM_MESSAGES.fixed }),
  /** The items' subtotal an order needs for the code to apply. */
  minSpend: MinSpendSchema,
  startsAt: InstantSchema,
  /** The code works until this instant (not included); null, for ever. */
  endsAt: InstantSchema.nullable(),
  totalUses: usesSchema(DISCOUNT_LIMITS.totalUsesMax, DISCOUNT_FORM_MESSAGES.totalUses).nullable(),
  perCustomerUses: usesSchema(
    DISCOUNT_LIMITS.perCustomerUsesMax,
    DISCOUNT_FORM_MESSAGES.perCustomerUses,
  ).nullable(),
  /** Only the customer with this email may use the code. */
  email: EmailSchema.transform((email) => email.toLowerCase()).nullable(),
  active: z.boolean({ message: 'active must be true or false' }),
};

function checkRules(
  input: { kind?: DiscountKind; value?: string; startsAt?: string; endsAt?: string | null },
  ctx: z.RefinementCtx,
) {
  if (input.kind !== undefined && input.value !== undefined && !valueIsValid(input.kind, input.value)) {
    ctx.addIssue({ code: 'custom', message: valueMessage(input.kind), path: ['value'] });
  }
  if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
    ctx.addIssue({ code: 'custom', message: DISCOUNT_FORM_MESSAGES.endsAt, path: ['endsAt'] });
  }
}

/**
 * `POST /admin/discounts`: a new code. Left out, it starts now, never ends, has no minimum
 * spend and no limits, is open to every customer and is active.
 */
export const DiscountInputSchema = z
  .strictObject({
    ...fields,
    minSpend: fields.minSpend.default('0.00'),
    startsAt: fields.startsAt.optional(),
    endsAt: fields.endsAt.default(null),
    totalUses: fields.totalUses.default(null),
    perCustomerUses: fields.perCustomerUses.default(null),
    email: fields.email.default(null),
    active: fields.active.default(true),
  })
  .superRefine(checkRules)
  .transform((input) => ({ ...input, value: normalValue(input.kind, input.value) }));
export type DiscountInput = z.input<typeof DiscountInputSchema>;
export type DiscountFields = z.output<typeof DiscountInputSchema>;

/**
 * `PATCH /admin/discounts/{id}`: any of the fields, checked again together with the code's
 * other fields once merged.
 */
export const DiscountPatchSchema = z
  .strictObject({
    code: fields.code.optional(),
    kind: fields.kind.optional(),
    value: fields.value.optional(),
    minSpend: fields.minSpend.optional(),
    startsAt: fields.startsAt.optional(),
    endsAt: fields.endsAt.optional(),
    totalUses: fields.totalUses.optional(),
    perCustomerUses: fields.perCustomerUses.optional(),
    email: fields.email.optional(),
    active: fields.active.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: DISCOUNT_FORM_MESSAGES.nothingToChange });
export type DiscountPatch = z.input<typeof DiscountPatchSchema>;

/** A code as the back office reads it, with how often it is in use. */
export const DiscountSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: DiscountKindSchema,
  value: z.string(),
  minSpend: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  totalUses: z.number().int().nullable(),
  /** Uses taken now: an order whose every line was cancelled gave its use back. */
  uses: z.number().int(),
  perCustomerUses: z.number().int().nullable(),
  email: z.string().nullable(),
  active: z.boolean(),
  /** Orders placed with the code, cancelled ones included. */
  orders: z.number().int(),
  createdAt: z.string(),
});
export type Discount = z.infer<typeof DiscountSchema>;

export const DiscountResponseSchema = z.object({ message: z.string(), discount: DiscountSchema });

export const DiscountListQuerySchema = listQuerySchema(['code', 'uses', 'createdAt']);
export type DiscountListQuery = z.infer<typeof DiscountListQuerySchema>;

/** `POST /discounts/check`: a code tried against the cart's items subtotal before checkout. */
export const DiscountCheckSchema = z.strictObject({
  discountCode: EnteredCodeSchema,
  subtotal: MoneySchema.max(16),
});
export type DiscountCheckInput = z.infer<typeof DiscountCheckSchema>;

/** What a code takes off, and what it takes off that subtotal. */
export const DiscountPreviewSchema = z.object({
  code: z.string(),
  kind: DiscountKindSchema,
  value: z.string(),
  minSpend: z.string(),
  discount: z.string(),
});
export type DiscountPreview = z.infer<typeof DiscountPreviewSchema>;

// ---------------------------------------------------------------------------------------------
// The back office's form: days in the store's time zone, numbers as typed.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const wholeOrEmpty = (text: string, max: number) =>
  text === '' || (/^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= max);
const countOrNull = (text: string) => (text === '' ? null : Number(text));

/**
 * The Discounts form. It reads as the API's input: the start day from its first moment, the end
 * day to its last (the code ends as the next day starts), empty limits as none.
 */
export const DiscountFormSchema = z
  .object({
    code: DiscountCodeSchema,
    kind: DiscountKindSchema,
    value: z.string().trim(),
    minSpend: z
      .string()
      .trim()
      .refine((text) => text === '' || amountIn(text) !== null, { message: DISCOUNT_FORM_MESSAGES.minSpend }),
    startsOn: z.string().regex(DAY, { message: DISCOUNT_FORM_MESSAGES.startsOn }),
    endsOn: z
      .string()
      .refine((text) => text === '' || DAY.test(text), { message: DISCOUNT_FORM_MESSAGES.endsOn }),
    totalUses: z
      .string()
      .trim()
      .refine((text) => wholeOrEmpty(text, DISCOUNT_LIMITS.totalUsesMax), {
        message: DISCOUNT_FORM_MESSAGES.totalUses,
      }),
    perCustomerUses: z
      .string()
      .trim()
      .refine((text) => wholeOrEmpty(text, DISCOUNT_LIMITS.perCustomerUsesMax), {
        message: DISCOUNT_FORM_MESSAGES.perCustomerUses,
      }),
    email: z
      .string()
      .trim()
      .refine((text) => text === '' || z.email().safeParse(text).success, {
        message: DISCOUNT_FORM_MESSAGES.email,
      }),
    active: z.boolean(),
  })
  .superRefine((form, ctx) => {
    if (!valueIsValid(form.kind, form.value)) {
      ctx.addIssue({ code: 'custom', message: valueMessage(form.kind), path: ['value'] });
    }
    if (form.endsOn !== '' && form.endsOn < form.startsOn) {
      ctx.addIssue({ code: 'custom', message: DISCOUNT_FORM_MESSAGES.endsOn, path: ['endsOn'] });
    }
  })
  .transform(
    (form): z.output<typeof DiscountInputSchema> => ({
      code: form.code,
      kind: form.kind,
      value: normalValue(form.kind, form.value),
      minSpend: toDecimal(form.minSpend === '' ? 0 : amountIn(form.minSpend)!),
      startsAt: storeDayStart(form.startsOn),
      endsAt: form.endsOn === '' ? null : storeDayStart(addDays(form.endsOn, 1)),
      totalUses: countOrNull(form.totalUses),
      perCustomerUses: countOrNull(form.perCustomerUses),
      email: form.email === '' ? null : form.email.toLowerCase(),
      active: form.active,
    }),
  );
export type DiscountFormInput = z.input<typeof DiscountFormSchema>;

/** The form's fields for a stored code (its end shown as the last day it works). */
export function discountFormValues(discount: Discount): DiscountFormInput {
  return {
    code: discount.code,
    kind: discount.kind,
    value: discount.value,
    minSpend: parseCentavos(discount.minSpend) === 0 ? '' : discount.minSpend,
    startsOn: storeDate(new Date(discount.startsAt)),
    endsOn: discount.endsAt === null ? '' : storeDate(new Date(Date.parse(discount.endsAt) - 1)),
    totalUses: discount.totalUses === null ? '' : String(discount.totalUses),
    perCustomerUses: discount.perCustomerUses === null ? '' : String(discount.perCustomerUses),
    email: discount.email ?? '',
    active: discount.active,
  };
}
