import type { AddressListResponseSchema, AddressPartsInput, User } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';
import { currentUserQuery } from '../../../lib/session.ts';

type AddressListResponse = z.infer<typeof AddressListResponseSchema>;

/** What Add saves: a typed address, or a structured one (`parts`) with its line. */
export interface NewAddress {
  newAddress: string;
  parts?: AddressPartsInput;
}

/** POST /users/addAddress/{id} { newAddress, parts? } answers the full address list. */
export function addAddress(userId: string, address: NewAddress) {
  return request<AddressListResponse>(`/users/addAddress/${encodeURIComponent(userId)}`, {
    method: 'POST',
    json: address,
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
function useAddressMutation<Sent>(send: (sent: Sent) => Promise<AddressListResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ shippingAddress, shippingAddressParts }) => {
      queryClient.setQueryData<User | null>(currentUserQuery.queryKey, (user) =>
        user ? { ...user, shippingAddress, shippingAddressParts } : user,
      );
      refreshStoreData(queryClient);
    },
  });
}

export const useAddAddress = (userId: string) =>
  useAddressMutation((address: NewAddress) => addAddress(userId, address));

export const useDeleteAddress = (userId: string) =>
  useAddressMutation((address: string) => deleteAddress(userId, address));
