import type {
  CancelItemsInput,
  CreateReturnInput,
  MyReturns,
  Order,
  ReturnRequest,
  ReturnResponse,
} from '@habi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The shopper's returns and exchanges (`/returns`), and cancelling items before they ship
// (`/orders/{id}/cancel`). Their keys sit under the orders' own, so an order change reads them again.

export const myReturnsKey = [...queryKeys.orders.all, 'returns', 'mine'] as const;

/** `GET /returns/mine`: the shopper's requests, the shop's window, and when each delivered item arrived. */
export const myReturnsQueryOptions = () =>
  queryOptions({
    queryKey: myReturnsKey,
    queryFn: ({ signal }) => request<MyReturns>('/returns/mine', { signal }),
  });

export function useMyReturns() {
  return useQuery(myReturnsQueryOptions());
}

/** The request that counts for an item: its newest, if any. */
export function requestFor(returns: MyReturns | undefined, itemId: string): ReturnRequest | undefined {
  return returns?.requests?.find((r) => r.itemId === itemId);
}

/**
 * `POST /returns`, then `PUT /returns/{id}/photos` for each photo (at most 3). A photo refused
 * after the request was made leaves the request standing: the error says which.
 */
export async function createReturn({ photos, ...body }: CreateReturnInput & { photos: File[] }) {
  const created = await request<ReturnResponse>('/returns', { method: 'POST', json: body });
  let latest = created;
  for (const photo of photos) {
    const form = new FormData();
    form.append('photo', photo);
    latest = await request<ReturnResponse>(`/returns/${encodeURIComponent(created.request._id)}/photos`, {
      method: 'PUT',
      form,
    });
  }
  return latest;
}

/** `POST /returns/{id}/cancel`: the shopper withdraws a request before the parcel is back. */
export const cancelReturn = (id: string) =>
  request<ReturnResponse>(`/returns/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

/** `POST /orders/{id}/cancel`: items of the shopper's order that have not shipped. */
export const cancelItems = ({ orderId, ...body }: CancelItemsInput & { orderId: string }) =>
  request<Order>(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', json: body });

/** Each of these reads the orders (their lines, payments, stock shown) and the requests again. */
function useOrderMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}

export const useCreateReturn = () => useOrderMutation(createReturn);
export const useCancelReturn = () => useOrderMutation(cancelReturn);
export const useCancelItems = () => useOrderMutation(cancelItems);
