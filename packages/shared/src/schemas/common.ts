import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import {
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_BUT_LINES,
  LONE_SURROGATE,
  SEARCH_TEXT_MAX,
} from '../text.ts';

export const MESSAGES = {
  invalidEmail: 'Invalid email address',
  required: 'Required',
  invalidId: 'Invalid id',
} as const;

const CONTROL_CHARACTERS_MESSAGE = 'Remove the control characters';
const NOT_TEXT_MESSAGE = 'Remove the characters that are not text';

/** Text that is text: whole characters only. */
const wellFormed = () =>
  z.string().refine((text) => !LONE_SURROGATE.test(text), { message: NOT_TEXT_MESSAGE, abort: true });

/** Any text a person types on one line: names, usernames, searches. */
export const singleLineText = () =>
  wellFormed().refine((text) => !CONTROL_CHARACTERS.test(text), {
    message: CONTROL_CHARACTERS_MESSAGE,
    abort: true,
  });
/** What a shopper or an admin searches for: one line of at most 100 characters, trimmed. */
export const SearchTextSchema = singleLineText().trim().max(SEARCH_TEXT_MAX);
/** Text that may span lines: addresses and descriptions. */
export const multiLineText = () =>
  wellFormed().refine((text) => !CONTROL_CHARACTERS_BUT_LINES.test(text), {
    message: CONTROL_CHARACTERS_MESSAGE,
    abort: true,
  });

export const IdSchema = z.uuid({ message: MESSAGES.invalidId });
export const IdParamsSchema = z.object({ id: IdSchema });

export const EmailSchema = z
  .string()
  .trim()
  .max(LIMITS.emailMax, { message: MESSAGES.invalidEmail })
  .pipe(z.email({ message: MESSAGES.invalidEmail }));

/** A plus sign followed by exactly 12 digits. */
export const ContactNumberSchema = z.string().regex(/^\+\d{12}$/, { message: 'Invalid phone number' });

/**
 * A line of a request refused for want of stock (a cart line, an order line being restored, a
 * stock change), by its index, with the quantity it can have now.
 */
export const StockShortfallSchema = z.object({ line: z.number().int(), available: z.number().int() });
export type StockShortfall = z.infer<typeof StockShortfallSchema>;

/** Every error the API sends; `available` only with a 409 about stock. */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  available: z.array(StockShortfallSchema).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Decimal money text as it travels, "699.00". */
export const MoneySchema = z.string().regex(/^\d+\.\d{2}$/);

/**
 * The JSON text of a chosen select option, `{"label","value"}`, or '' for none.
 * Parses to the option's value, or null when none was chosen.
 */
export function selectOptionText<T extends z.ZodType>(value: T, message: string) {
  const OptionSchema = z.object({ label: z.string(), value });
  return z
    .string()
    .max(2000)
    .default('')
    .transform((text, ctx): z.output<T> | null => {
      if (text.trim() === '') return null;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const option = OptionSchema.safeParse(json);
      if (option.success) return (option.data as { value: z.output<T> }).value;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

/**
 * Every list the API answers comes in pages of at most PAGE_SIZE_MAX rows, and that many when
 * the caller names no `limit`: no request can ask for a whole table.
 */
export const PAGE_SIZE_MAX = 100;
export const PageSizeSchema = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_MAX);
export const OffsetSchema = z.coerce.number().int().min(0).max(1_000_000).default(0);

/** Paging by offset: the back office's tables and a customer's orders. */
export const PageQuerySchema = z.strictObject({ limit: PageSizeSchema, offset: OffsetSchema });
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Paging, sorting and searching for the back office's tables (done on the server). */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortable: S) {
  return PageQuerySchema.extend({
    q: SearchTextSchema.optional(),
    sort: z.enum(sortable).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  });
}
/** Response header with the number of rows matching a paged list's search. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * Delete calls send the id in the body too (`_id`, or `orderId` for orders); the
 * path id is the one that counts. A body may also be absent.
 */
export const DeleteByIdBodySchema = z
  .strictObject({ _id: z.string().max(100).optional(), orderId: z.string().max(100).optional() })
  .nullish();
