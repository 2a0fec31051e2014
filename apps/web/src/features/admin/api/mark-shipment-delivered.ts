import type { ShipmentResponse } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `PATCH /shipments/{id}/delivered`: its lines move to Delivered; the shopper is mailed. */
export function markShipmentDelivered(id: string) {
  return request<ShipmentResponse>(`/shipments/${encodeURIComponent(id)}/delivered`, {
    method: 'PATCH',
  });
}

export function useMarkShipmentDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markShipmentDelivered,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
