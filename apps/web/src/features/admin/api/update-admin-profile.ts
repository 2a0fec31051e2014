import type { Admin, AdminProfileInput } from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export interface AdminProfileUpdate extends AdminProfileInput {
  /** The new avatar, if one was chosen. */
  image: File | null;
}

/** `PATCH /admin/{id}`: multipart username, email and imageUrl (the file). */
export function updateAdminProfile(id: string, { username, email, image }: AdminProfileUpdate) {
  const form = new FormData();
  form.append('username', username);
  form.append('email', email);
  if (image) form.append('imageUrl', image);
  return request<Admin & { message: string }>(`/admin/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    form,
  });
}

export function useUpdateAdminProfile(id: string) {
  return useMutation({ mutationFn: (input: AdminProfileUpdate) => updateAdminProfile(id, input) });
}
