import type { DeleteAccountInput, MessageResponse } from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** DELETE /users/me: erases the signed-in shopper's account, confirmed by their password. */
export function deleteAccount(input: DeleteAccountInput) {
  return request<MessageResponse>('/users/me', { method: 'DELETE', json: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
