import {
  type Centavos,
  DISCOUNT_MESSAGES,
  type Discount,
  type DiscountFields,
  DiscountInputSchema,
  type DiscountListQuery,
  type DiscountPatch,
  type DiscountPreview,
  type DiscountRule,
  discountOn,
  EMAIL_MESSAGES,
  minSpendMessage,
  parseCentavos,
  toDecimal,
} from '@habi/shared';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { discountCodes, discountRedemptions } from '../../db/schema.ts';
import { badInput, conflict, fieldErrors, HttpError, notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';

type CodeRow = typeof discountCodes.$inferSelect;
/** A code that may be used, with what it takes off. */
export type ApplicableCode = CodeRow & { rule: DiscountRule };

const instant = (text: string) => new Date(text).toISOString();

/** The rule of a stored code: its value is a whole percent or pesos, by kind. */
function ruleOf(row: CodeRow): DiscountRule {
  return row.kind === 'percent'
    ? { kind: 'percent', value: Number(row.value) }
    : { kind: 'fixed', value: parseCentavos(row.value)! };
}
const valueText = (row: CodeRow) => (row.kind === 'percent' ? String(Number(row.value)) : row.value);

function toDiscount(row: CodeRow, orders: number): Discount {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: valueText(row),
    minSpend: row.minSpend,
    startsAt: instant(row.startsAt),
    endsAt: row.endsAt === null ? null : instant(row.endsAt),
    totalUses: row.totalUses,
    uses: row.uses,
    perCustomerUses: row.perCustomerUses,
    email: row.email,
    active: row.active,
    orders,
    createdAt: instant(row.createdAt),
  };
}

/** A refusal of the code a shopper entered, under the `discountCode` field. */
const refused = (message: string, status = 422) => new HttpError(status, message, { discountCode: message });

/** Uses of a code by one customer that are still taken. */
async function usesBy(db: Executor, codeId: string, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.codeId, codeId),
        eq(discountRedemptions.customerId, customerId),
        isNull(discountRedemptions.releasedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The code a customer entered, if they may use it now on an order of this items' subtotal. A code
 * that cannot be used at all is refused in one answer, whatever the reason, so nothing about it
 * shows; one that could be, in the customer's own words (the minimum spend, used already). Dates are read on the
 * database's clock, the same for every instance.
 */
export async function applicableCode(
  db: Executor,
  customer: { id: string; email: string; emailVerifiedAt: Date | null },
  code: string,
  subtotal: Centavos,
): Promise<ApplicableCode> {
  const [found] = await db
    .select({
      row: discountCodes,
      notYet: sql<boolean>`${discountCodes.startsAt} > now()`,
      ended: sql<boolean>`coalesce(${discountCodes.endsAt} <= now(), false)`,
    })
    .from(discountCodes)
    .where(eq(discountCodes.code, code));
  const row = found?.row;
  const usable =
    row !== undefined &&
    (row.email === null || row.email === customer.email) &&
    row.active &&
    !found!.notYet &&
    !found!.ended &&
    (row.totalUses === null || row.uses < row.totalUses);
  if (!usable) throw refused(DISCOUNT_MESSAGES.unusable);
  // A code bound to an address is its owner's: the account must have proven the address is
  // its own, or anyone could sign up with a subscriber's address and take their code. Only one
  // who knows the code (it is mailed to that address) learns this.
  if (row.email !== null && customer.emailVerifiedAt === null) throw refused(EMAIL_MESSAGES.verifyForCode);
  const minSpend = parseCentavos(row.minSpend)!;
  if (subtotal < minSpend) throw refused(minSpendMessage(minSpend));
  if (row.perCustomerUses !== null && (await usesBy(db, row.id, customer.id)) >= row.perCustomerUses) {
    throw refused(DISCOUNT_MESSAGES.alreadyUsed, 409);
  }
  return { ...row, rule: ruleOf(row) };
}

/** `POST /discounts/check`: what a code would take off the cart's items subtotal. */
export async function previewCode(
  db: Executor,
  customer: { id: string; email: string; emailVerifiedAt: Date | null },
  code: string,
  subtotal: Centavos,
): Promise<DiscountPreview> {
  const found = await applicableCode(db, customer, code, subtotal);
  return {
    code: found.code,
    kind: found.kind,
    value: valueText(found),
    minSpend: found.minSpend,
    discount: toDecimal(discountOn(subtotal, found.rule)),
  };
}

/** Takes one use of the code unless none is left. Returns how many a customer may have, or null. */
async function takeUse(tx: Executor, codeId: string) {
  const [taken] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        or(isNull(discountCodes.totalUses), lt(discountCodes.uses, discountCodes.totalUses)),
      ),
    )
    .returning({ perCustomerUses: discountCodes.perCustomerUses });
  return taken;
}

/**
 * Takes a use of the code for an order, in the order's transaction. The update is conditional,
 * so of two checkouts racing for a code's last use one gets it and the other a 409; it also
 * locks the code's row, so the customer's uses are counted again once a checkout of theirs
 * racing this one has finished.
 */
export async function redeemCode(
  tx: Executor,
  code: ApplicableCode,
  order: { orderId: string; customerId: string },
) {
  const taken = await takeUse(tx, code.id);
  if (!taken) throw refused(DISCOUNT_MESSAGES.unusable);
  if (
    taken.perCustomerUses !== null &&
    (await usesBy(tx, code.id, order.customerId)) >= taken.perCustomerUses
  ) {
    throw refused(DISCOUNT_MESSAGES.alreadyUsed, 409);
  }
  await tx.insert(discountRedemptions).values({ codeId: code.id, ...order });
}

/**
 * Gives back the use an order took, once however often its lines are cancelled: the
 * redemption is marked released only if it was not already.
 */
export async function releaseOrderCode(tx: Executor, orderId: string) {
  const released = await tx
    .update(discountRedemptions)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)))
    .returning({ codeId: discountRedemptions.codeId });
  for (const { codeId } of released) {
    await tx
      .update(discountCodes)
      .set({ uses: sql`${discountCodes.uses} - 1` })
      .where(eq(discountCodes.id, codeId));
  }
}

/**
 * A cancelled order restored takes its code's use again, within the code's limits (409 when
 * they are reached since); dates and the active switch were met when it was placed.
 */
export async function retakeOrderCode(tx: Executor, orderId: string) {
  const [redemption] = await tx
    .select()
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.orderId, orderId), isNotNull(discountRedemptions.releasedAt)));
  if (!redemption) return;
  const taken = await takeUse(tx, redemption.codeId);
  if (!taken)
    throw conflict(DISCOUNT_MESSAGES.restoreUsedUp, { discountCode: DISCOUNT_MESSAGES.restoreUsedUp });
  if (
    taken.perCustomerUses !== null &&
    redemption.customerId !== null &&
    (await usesBy(tx, redemption.codeId, redemption.customerId)) >= taken.perCustomerUses
  ) {
    throw conflict(DISCOUNT_MESSAGES.restoreAlreadyUsed, {
      discountCode: DISCOUNT_MESSAGES.restoreAlreadyUsed,
    });
  }
  await tx
    .update(discountRedemptions)
    .set({ releasedAt: null })
    .where(eq(discountRedemptions.id, redemption.id));
}

/**
 * Withdraws the codes bound to an address, as erasing the account with it does: switched off
 * and bound to no one, so the address is not kept and no account made later with it can use
 * them. They stay for the orders that used them. The back office shows them inactive with no
 * email; switching one on again would make it a code anyone could use.
 */
export async function withdrawCodesBoundTo(tx: Executor, email: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ active: false, email: null })
    .where(eq(discountCodes.email, email.toLowerCase()));
}

// ---------------------------------------------------------------------------------------------
// The back office

/**
 * Orders placed with each code, cancelled ones included. The columns are written out: in a
 * one-table select Drizzle leaves them unqualified, and `id` would be the redemption's.
 */
const ordersCount = sql<number>`(select count(*)::int from ${discountRedemptions} where ${discountRedemptions}.code_id = ${discountCodes}.id)`;

const CODE_TAKEN = 'This code already exists';

export async function listDiscounts(db: Executor, query: DiscountListQuery) {
  const where = query.q ? ilike(discountCodes.code, `%${escapeLike(query.q)}%`) : undefined;
  const column =
    query.sort === 'code'
      ? discountCodes.code
      : query.sort === 'uses'
        ? discountCodes.uses
        : discountCodes.createdAt;
  const direction = (query.order ?? (query.sort === 'code' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = await db
    .select({ row: discountCodes, orders: ordersCount })
    .from(discountCodes)
    .where(where)
    .orderBy(direction(column), desc(discountCodes.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(discountCodes).where(where);
  return { discounts: rows.map(({ row, orders }) => toDiscount(row, orders)), total: total?.n ?? 0 };
}

export async function getDiscount(db: Executor, id: string): Promise<Discount> {
  const [found] = await db
    .select({ row: discountCodes, orders: ordersCount })
    .from(discountCodes)
    .where(eq(discountCodes.id, id));
  if (!found) throw notFound('Discount code not found');
  return toDiscount(found.row, found.orders);
}

/** The stored columns of a code's fields. */
const columnsOf = ({ startsAt, ...fields }: DiscountFields) => ({
  ...fields,
  ...(startsAt === undefined ? {} : { startsAt }),
});

/** A new code; the same code in any case is refused (409). */
export async function createDiscount(db: Executor, fields: DiscountFields): Promise<Discount> {
  const [row] = await db.insert(discountCodes).values(columnsOf(fields)).onConflictDoNothing().returning();
  if (!row) throw conflict(CODE_TAKEN, { code: CODE_TAKEN });
  return toDiscount(row, 0);
}

/**
 * Changes some of a code's fields; they are checked again with the others, and the total uses
 * may not fall below the uses already taken. The row is locked, so no checkout takes a use
 * between the check and the change. A code another has is refused by its unique index (409).
 */
export async function updateDiscount(db: Db, id: string, patch: DiscountPatch): Promise<Discount> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!row) throw notFound('Discount code not found');
    const current = toDiscount(row, 0);
    const merged = DiscountInputSchema.safeParse({
      code: current.code,
      kind: current.kind,
      value: current.value,
      minSpend: current.minSpend,
      startsAt: current.startsAt,
      endsAt: current.endsAt,
      totalUses: current.totalUses,
      perCustomerUses: current.perCustomerUses,
      email: current.email,
      active: current.active,
      ...patch,
    });
    if (!merged.success) {
      const errors = fieldErrors(merged.error.issues);
      throw badInput(Object.values(errors)[0]!, errors);
    }
    const fields = merged.data;
    if (fields.totalUses !== null && fields.totalUses < row.uses) {
      const message = `Total uses cannot be fewer than the ${row.uses} already taken`;
      throw conflict(message, { totalUses: message });
    }
    await tx.update(discountCodes).set(columnsOf(fields)).where(eq(discountCodes.id, id));
  });
  return getDiscount(db, id);
}
