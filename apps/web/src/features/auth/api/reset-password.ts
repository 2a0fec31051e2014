import {
  type MessageResponse,
  type ResetLinkResponse,
  type ResetPasswordInput,
  ResetTokenSchema,
} from '@habi/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A link's token, if it has the shape the server mails; anything else is a broken link. */
export const resetToken = (token: string | null) =>
  token !== null && ResetTokenSchema.safeParse(token).success ? token : null;

/**
 * POST /users/reset-password/check: whether the mailed link still works, and for which address,
 * asked once when the page opens (checking uses nothing up).
 */
export function useResetLink(token: string | null) {
  return useQuery({
    queryKey: queryKeys.passwordReset.check(token ?? ''),
    queryFn: () =>
      request<ResetLinkResponse>('/users/reset-password/check', { method: 'POST', json: { token } }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /users/reset-password: sets the new password and signs in. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      request<MessageResponse>('/users/reset-password', { method: 'POST', json: input }),
  });
}
