import type { AdminSignInInput, MessageResponse } from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** `POST /admin/sign-in`: starts the admin session cookie; the answer carries a message. */
export function signInAdmin(input: AdminSignInInput) {
  return request<MessageResponse>('/admin/sign-in', { method: 'POST', json: input });
}

export function useAdminSignIn() {
  return useMutation({ mutationFn: signInAdmin });
}

/** `POST /admin/sign-out`: ends the admin session server-side. */
export function signOutAdmin() {
  return request<MessageResponse>('/admin/sign-out', { method: 'POST' });
}

export function useAdminSignOut() {
  return useMutation({ mutationFn: signOutAdmin });
}
