import {
  type AddressParts,
  addressCodes,
  DELIVERY_OPTIONS,
  type DeliveryFee,
  deliveryDate,
  IDEMPOTENCY_KEY_HEADER,
  type OrderSummary,
  type PaymentMethod,
  type PlaceOrderInput,
  type PlaceOrderResponseSchema,
  toDecimal,
} from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import type { CartLine } from '../../../lib/cart-store.ts';

type PlaceOrderResponse = z.infer<typeof PlaceOrderResponseSchema>;

const isDeliveryFee = (fee: number): fee is DeliveryFee =>
  DELIVERY_OPTIONS.some((option) => option.fee === fee);

/**
 * Order payload; the server re-prices every line (and the discount code) and computes the dates.
 * Without a payment method the server takes cash on delivery.
 */
export function orderPayload(
  userId: string,
  address: string,
  lines: readonly CartLine[],
  summary: OrderSummary,
  discountCode: string | null = null,
  paymentMethod: PaymentMethod | null = null,
): PlaceOrderInput {
  return {
    userId,
    total: toDecimal(summary.total),
    address,
    cart: lines.map((line) => ({
      id: line.productId,
      name: line.name,
      imageUrl: line.imageUrl,
      price: line.price,
      size: line.size,
      quantity: line.quantity,
      deliveryOption: {
        date: isDeliveryFee(line.deliveryOption.fee) ? deliveryDate(line.deliveryOption.fee) : undefined,
        fee: line.deliveryOption.fee,
      },
    })),
    ...(discountCode === null ? {} : { discountCode }),
    ...(paymentMethod === null ? {} : { paymentMethod }),
  };
}

/** A saved structured address's parts go with its line: the order keeps them for the courier. */
export function withAddressParts(payload: PlaceOrderInput, parts: AddressParts | undefined): PlaceOrderInput {
  return parts ? { ...payload, addressParts: addressCodes(parts) } : payload;
}

/** POST /orders/placed-order; a repeat with the same key returns the first order. */
export function placeOrder(payload: PlaceOrderInput, idempotencyKey: string) {
  return request<PlaceOrderResponse>('/orders/placed-order', {
    method: 'POST',
    json: payload,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: ({ payload, key }: { payload: PlaceOrderInput; key: string }) => placeOrder(payload, key),
  });
}
