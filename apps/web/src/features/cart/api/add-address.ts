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

/** Shows the answered list at once, then refreshes the cached store data. */
export function useAddAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newAddress: string) => addAddress(userId, newAddress),
    onSuccess: ({ shippingAddress }) => {
      queryClient.setQueryData<User | null>(currentUserQuery.queryKey, (user) =>
        user ? { ...user, shippingAddress } : user,
      );
      refreshStoreData(queryClient);
    },
  });
}
