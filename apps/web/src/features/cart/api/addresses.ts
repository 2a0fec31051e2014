import type { AddressListResponseSchema, User } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';
import { currentUserQuery } from '../../../lib/session.ts';

type AddressListResponse = z.infer<typeof AddressListResponseSchema>;

/** POST /users/addAddress/{id} { newAddress } answers the full address list. */
export function addAddress(userId: string, newAddress: string) {
  return request<AddressListResponse>(`/users/addAddress/${encodeURIComponent(userId)}`, {
    method: 'POST',
    json: { newAddress },
  });
}

/** DELETE /users/deleteAddress/{id} { address } answers the remaining list. */
export function deleteAddress(userId: string, address: string) {
  return request<AddressListResponse>(`/users/deleteAddress/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    json: { address },
  });
}

/** Both answer the whole list: it is shown at once, then the cached store data is refreshed. */
function useAddressMutation(send: (address: string) => Promise<AddressListResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ shippingAddress }) => {
      queryClient.setQueryData<User | null>(currentUserQuery.queryKey, (user) =>
        user ? { ...user, shippingAddress } : user,
      );
      refreshStoreData(queryClient);
    },
  });
}

export const useAddAddress = (userId: string) =>
  useAddressMutation((newAddress) => addAddress(userId, newAddress));

export const useDeleteAddress = (userId: string) =>
  useAddressMutation((address) => deleteAddress(userId, address));
