import { type MessageResponse, type VerifyEmailResponse, VerifyEmailSchema } from '@habi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { currentUserQuery } from '../../../lib/session.ts';

/** A link's token, if it has the shape the server mails; anything else is a broken link. */
export const verificationToken = (token: string | null) =>
  token !== null && VerifyEmailSchema.safeParse({ token }).success ? token : null;

/**
 * `POST /users/verify-email`: the page posts the mailed link's token once when it opens. The
 * server answers a link followed again the same, so a query (kept for the visit, never
 * refetched) makes a reload harmless. The signed-in user is read again: their address, or
 * whether it is verified, has changed.
 */
export function useFollowVerification(token: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.emailVerification(token ?? ''),
    queryFn: async () => {
      const answer = await request<VerifyEmailResponse>('/users/verify-email', {
        method: 'POST',
        json: { token },
      });
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      return answer;
    },
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /users/me/verify-email`: mails the signed-in customer a new link. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => request<MessageResponse>('/users/me/verify-email', { method: 'POST' }),
  });
}
