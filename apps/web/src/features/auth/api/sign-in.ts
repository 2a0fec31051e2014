import type { MessageResponse, SignInInput } from '@habi/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** POST /users/sign-in: starts a session cookie; the answer carries a message to show. */
export function signIn(input: SignInInput) {
  return request<MessageResponse>('/users/sign-in', { method: 'POST', json: input });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
