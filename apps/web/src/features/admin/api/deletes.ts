import type { MessageResponse } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';

/** `DELETE /product/delete/{id}` with `{_id}`. */
export function deleteProduct(id: string) {
  return request<MessageResponse>(`/product/delete/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    json: { _id: id },
  });
}

/** `DELETE /orders/delete/{id}` with `{orderId}`. */
export function deleteOrder(id: string) {
  return request<MessageResponse>(`/orders/delete/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    json: { orderId: id },
  });
}

/** `DELETE /users/delete/{id}` with `{_id}`. */
export function deleteUser(id: string) {
  return request<MessageResponse>(`/users/delete/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    json: { _id: id },
  });
}

/** A delete that refreshes every cached list afterwards. */
export function useDelete(remove: (id: string) => Promise<MessageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: () => refreshStoreData(queryClient),
  });
}
