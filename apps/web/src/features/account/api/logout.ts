import type { MessageResponse } from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** POST /users/logout: ends the shopper's session on the server. */
export function logout() {
  return request<MessageResponse>('/users/logout', { method: 'POST' });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
