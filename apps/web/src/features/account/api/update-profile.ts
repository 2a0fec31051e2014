import type { ProfileInput, UserUpdateResponseSchema } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';

export type UpdateProfileResponse = z.infer<typeof UserUpdateResponseSchema>;

export interface UpdateProfileVariables extends ProfileInput {
  id: string;
  /** A new avatar, sent as `imageUrl`; none keeps the current one. */
  file?: File | null;
}

/** PATCH /users/{id}: multipart name, email, contactNumber and the optional picture. */
export function updateProfile({ id, file, ...fields }: UpdateProfileVariables) {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('email', fields.email);
  form.append('contactNumber', fields.contactNumber);
  if (file) form.append('imageUrl', file);
  return request<UpdateProfileResponse>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', form });
}

/** After a profile change the cached user, users, orders and products are refreshed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => refreshStoreData(queryClient),
  });
}
