import type { CreateShipmentInput, ShipmentResponse } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `POST /shipments`: some of an order's lines handed to a courier; the shopper is mailed. */
export function createShipment(body: CreateShipmentInput) {
  return request<ShipmentResponse>('/shipments', { method: 'POST', json: body });
}

/** On success the order (its lines now To Receive) and the orders list are read again. */
export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
