import type { ItemStatus, OrderStatus } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';

interface StatusAnswer {
  message: string;
  status: OrderStatus;
}

/** `PATCH /orders/statusUpdate/{id}`: one status per ordered line, in order. */
export function updateOrderStatus(id: string, updatedStatus: ItemStatus[], userId: string | null) {
  return request<StatusAnswer>(`/orders/statusUpdate/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { updatedStatus, ...(userId ? { userId } : {}) },
  });
}

/** `PATCH /orders/checkAndUpdateOrder/{id}`: the second call, recomputing the order's status. */
export function checkAndUpdateOrder(id: string) {
  return request<StatusAnswer>(`/orders/checkAndUpdateOrder/${encodeURIComponent(id)}`, { method: 'PATCH' });
}

/** Runs both calls in turn; `onSecondCall` marks the start of the second (for the loading state). */
export function useUpdateOrderStatus(id: string, onSecondCall?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ statuses, userId }: { statuses: ItemStatus[]; userId: string | null }) => {
      const first = await updateOrderStatus(id, statuses, userId);
      onSecondCall?.();
      await checkAndUpdateOrder(id);
      return first;
    },
    onSuccess: () => refreshStoreData(queryClient),
  });
}
