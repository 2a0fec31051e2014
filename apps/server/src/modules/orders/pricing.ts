import {
  DEFAULT_PAYMENT_METHOD,
  deliveryDate,
  INITIAL_ITEM_STATUS,
  type PaymentMethod,
  type PlaceOrderInput,
  parseCentavos,
  summarizeOrder,
  toDecimal,
} from '@habi/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type CustomerRow, products } from '../../db/schema.ts';
import { badInput, conflict } from '../../lib/errors.ts';
import { applicableCode } from '../discounts/index.ts';

const REVIEW_CART = 'Prices have changed. Please review your cart and try again.';

/** What pricing an order reads of each product in its cart. */
export type CartProduct = Pick<
  typeof products.$inferSelect,
  'id' | 'name' | 'price' | 'imageUrl' | 'sizes' | 'variations' | 'trackStock'
>;

/**
 * The columns of `CartProduct`, read by both placements (`readCart`, and the transaction's
 * `lockCustomerAndCart`), so the two price from the same product fields. The price is read as
 * text, as a numeric column reads, so it is the same in a row and in JSON.
 */
export const cartColumns = {
  id: products.id,
  name: products.name,
  price: sql<string>`${products.price}::text`,
  imageUrl: products.imageUrl,
  sizes: products.sizes,
  variations: products.variations,
  trackStock: products.trackStock,
} satisfies Record<keyof CartProduct, unknown>;

/** `cartColumns` as a select list, each named as `CartProduct` names it (for a raw statement). */
export const cartSelectList: SQL = sql.join(
  Object.entries(cartColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
  sql`, `,
);

/** The products a cart names, each once. */
export const cartProductIds = (input: PlaceOrderInput) => [...new Set(input.cart.map((line) => line.id))];

/**
 * Checks every line against the catalogue (`found`: the cart's products as read) and computes the
 * order the server will store (prices are the server's). In the transaction the products stay
 * locked until it ends, so a product deleted or repriced at the same moment is either not seen or
 * waits for the order. A refusal is an HttpError, which the fast path takes as "ask the transaction".
 */
export async function priceOrder(
  tx: Executor,
  customer: CustomerRow,
  input: PlaceOrderInput,
  found: CartProduct[],
  now: Date,
) {
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines = input.cart.map((line, position) => {
    const where = `cart.${position}`;
    const product = byId.get(line.id);
    if (!product) throw conflict('A product in your cart is no longer available', { [where]: line.name });
    const variation = product.variations.find((v) => v.name === line.name);
    if (!variation && !(product.variations.length === 0 && line.name === product.name)) {
      throw conflict('A product in your cart has changed. Please review your cart.', {
        [`${where}.name`]: line.name,
      });
    }
    if (product.sizes.length > 0 ? !product.sizes.includes(line.size) : line.size !== '') {
      throw badInput('Please select size', { [`${where}.size`]: 'Please select size' });
    }
    if (parseCentavos(line.price) !== parseCentavos(product.price)) {
      throw conflict(REVIEW_CART, { [`${where}.price`]: product.price });
    }
    return {
      position,
      productId: product.id,
      name: variation?.name ?? product.name,
      imageUrl: variation?.imageUrl ?? product.imageUrl,
      price: product.price,
      variation: variation?.name ?? '',
      size: line.size,
      quantity: line.quantity,
      fee: line.deliveryOption.fee as 0 | 50 | 100,
      tracked: product.trackStock,
    };
  });
  const code =
    input.discountCode === undefined
      ? null
      : await applicableCode(tx, customer, input.discountCode, summarizeOrder(lines).subtotal);
  const summary = summarizeOrder(lines, code?.rule);
  if (parseCentavos(input.total) !== summary.total) {
    throw conflict(REVIEW_CART, { total: toDecimal(summary.total) });
  }
  return {
    summary,
    code,
    /** Each product's name as read, for the confirmation mail. */
    productNames: new Map(found.map((p) => [p.id, p.name])),
    items: lines.map((line) => ({
      position: line.position,
      productId: line.productId,
      name: line.name,
      imageUrl: line.imageUrl,
      price: line.price,
      variation: line.variation,
      size: line.size,
      quantity: line.quantity,
      deliveryFee: toDecimal(line.fee * 100),
      deliveryDate: deliveryDate(line.fee, now),
      status: INITIAL_ITEM_STATUS,
      stockHeld: line.tracked,
    })),
  };
}

/** An order as priced: what placement stores. */
export type Priced = Awaited<ReturnType<typeof priceOrder>>;

/** The order's payment method: cash on delivery when the client names none (SPEC's clients). */
export const paymentMethodOf = (input: PlaceOrderInput): PaymentMethod =>
  input.paymentMethod ?? DEFAULT_PAYMENT_METHOD;
