import type { ForgotPasswordInput, MessageResponse } from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** POST /users/forgot-password: mails a link to set a new password; answers the same for any address. */
export function forgotPassword(input: ForgotPasswordInput) {
  return request<MessageResponse>('/users/forgot-password', { method: 'POST', json: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
