import type { MessageResponse, SignUpInput } from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** POST /users/sign-up: creates the account and signs it in; the answer carries a message. */
export function signUp(input: SignUpInput) {
  return request<MessageResponse>('/users/sign-up', { method: 'POST', json: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
