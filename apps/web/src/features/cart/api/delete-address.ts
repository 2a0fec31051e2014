import type { AddressListResponseSchema, User } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';
import { currentUserQuery } from '../../../lib/session.ts';

type AddressListResponse = z.infer<typeof AddressListResponseSchema>;

/** DELETE /users/deleteAddress/{id} { address } answers the remaining list. */
export function deleteAddress(userId: string, address: string) {
  return request<AddressListResponse>(`/users/deleteAddress/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    json: { address },
  });
}

export function useDeleteAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => deleteAddress(userId, address),
    onSuccess: ({ shippingAddress }) => {
      queryClient.setQueryData<User | null>(currentUserQuery.queryKey, (user) =>
        user ? { ...user, shippingAddress } : user,
      );
      refreshStoreData(queryClient);
    },
  });
}
