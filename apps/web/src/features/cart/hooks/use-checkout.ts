import { formatPHP, type OrderSummary, type PaymentMethod, type PlaceOrderInput } from '@habi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { type CartLine, clearCart, setPrice } from '../../../lib/cart-store.ts';
import { newId } from '../../../lib/ids.ts';
import { goToCheckout } from '../../../lib/order-payment.ts';
import { paths } from '../../../lib/paths.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';
import { currentUserQuery } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { orderPayload, usePlaceOrder, withAddressParts } from '../api/place-order.ts';
import { setDiscountCode } from './use-discount-code.ts';

const SIGN_IN_FIRST = 'User must log in first.';
const NO_ADDRESS = 'Please choose a shipping address for your order.';

interface Attempt {
  /** The cart and address the key was made for. */
  signature: string;
  key: string;
  /** Sent again unchanged on a retry, delivery dates included, so the server sees the same request. */
  payload: PlaceOrderInput;
}

interface CheckoutOptions {
  lines: readonly CartLine[];
  summary: OrderSummary | null;
  address: string;
  /** The discount code applied in the cart, sent with the order. */
  discountCode: string | null;
  /** How the shopper pays; null while no method can be had (the options load). */
  paymentMethod: PaymentMethod | null;
  onSignInNeeded(): void;
  onAddressNeeded(): void;
}

/**
 * Placing an order: the shopper's session is checked first; one
 * Idempotency-Key per checkout attempt is kept across retries of the same cart and address, so
 * a retry after a lost answer cannot order twice, and a changed cart gets a new key. When the
 * server refuses stale lines, the cart takes its prices and says which lines changed; when it
 * refuses lines for want of stock, `refused` holds what each can have, by line. A placed order
 * goes to its confirmation, and an online one on to PayMongo's checkout page.
 */
export function useCheckout({
  lines,
  summary,
  address,
  discountCode,
  paymentMethod,
  onSignInNeeded,
  onAddressNeeded,
}: CheckoutOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const attempt = useRef<Attempt | null>(null);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [lineNotices, setLineNotices] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<Record<string, number>>({});
  /** The server's refusal of a discount code, shown while that code stays applied. */
  const [codeError, setCodeError] = useState<{ code: string | null; message: string }>();

  async function place() {
    // A ref, not state: a second click in the same frame must not send a second request.
    if (busy.current || !summary || !paymentMethod || lines.length === 0) return;
    busy.current = true;
    setPending(true);
    setProblem(undefined);
    setCodeError(undefined);
    setLineNotices({});
    const sent = lines;
    try {
      const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      if (!user) {
        toast.error(SIGN_IN_FIRST);
        onSignInNeeded();
        return;
      }
      if (!address) {
        toast.error(NO_ADDRESS);
        onAddressNeeded();
        return;
      }
      const signature = JSON.stringify([user._id, address, sent, discountCode, paymentMethod]);
      if (attempt.current?.signature !== signature) {
        attempt.current = {
          signature,
          key: newId(),
          payload: withAddressParts(
            orderPayload(user._id, address, sent, summary, discountCode, paymentMethod),
            user.shippingAddressParts?.[address],
          ),
        };
      }
      const { payload, key } = attempt.current;
      const { order, checkoutUrl } = await placeOrder.mutateAsync({ payload, key });
      attempt.current = null;
      // Away from the cart first: refreshed stock must not mark the lines just ordered as sold out.
      // An online order's confirmation is where the browser's Back leads from PayMongo.
      await navigate(paths.orderConfirmation(order._id));
      clearCart();
      setDiscountCode(null);
      refreshStoreData(queryClient);
      if (checkoutUrl) goToCheckout(checkoutUrl);
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      setProblem(message);
      if (error instanceof ApiError) {
        const refusal = error.errors.discountCode;
        if (refusal) setCodeError({ code: discountCode, message: refusal });
        setLineNotices(takeServerCorrections(error, sent));
        // The newest word on stock replaces the last; an answer about something else leaves it.
        if (error.available.length > 0) setRefused(refusedLines(error, sent));
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  const codeRefused = codeError?.code === discountCode ? codeError.message : undefined;
  return { place, pending, problem, lineNotices, refused, codeError: codeRefused };
}

/** What each line refused for want of stock can have (`available`, by the line's index in the order sent). */
export function refusedLines(error: ApiError, sent: readonly CartLine[]): Record<string, number> {
  const refused: Record<string, number> = {};
  for (const { line, available } of error.available) {
    const cartLine = sent[line];
    if (cartLine) refused[cartLine.cartProductId] = available;
  }
  return refused;
}

/**
 * Reads the server's per-line errors (`cart.{n}`, `cart.{n}.price`, ...): a changed price is
 * taken into the cart at once, so the summary shows what the order will really cost.
 */
export function takeServerCorrections(error: ApiError, sent: readonly CartLine[]): Record<string, string> {
  const notices: Record<string, string> = {};
  for (const [field, value] of Object.entries(error.errors)) {
    const match = /^cart\.(\d+)(?:\.(\w+))?$/.exec(field);
    const line = match ? sent[Number(match[1])] : undefined;
    if (!match || !line) continue;
    const part = match[2];
    // A line short of stock: the cart says so from `available`, and stops once the line fits.
    if (part === 'quantity' && error.available.some((short) => short.line === Number(match[1]))) continue;
    if (part === 'price') {
      setPrice(line.cartProductId, value);
      notices[line.cartProductId] =
        `The price of this item changed from ${formatPHP(line.price)} to ${formatPHP(value)}. Please review your order.`;
    } else if (part === undefined) {
      notices[line.cartProductId] = 'This product is no longer available. Please delete it from your cart.';
    } else if (part === 'name') {
      notices[line.cartProductId] =
        'This product has changed. Please delete it and add it to your cart again.';
    } else {
      notices[line.cartProductId] = value;
    }
  }
  return notices;
}
