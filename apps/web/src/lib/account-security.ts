import type { ChangePasswordInput, MessageResponse, Session } from '@habi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * A signed-in account's password and sessions, the same calls for a customer (`users`, on
 * Update Profile) and an admin (`admin`, on Update Admin Profile).
 */
export type AccountKind = 'users' | 'admin';

/** GET /{users,admin}/me/sessions: where the account is signed in, the one asking marked. */
export const sessionsQuery = (who: AccountKind) =>
  queryOptions({
    queryKey: queryKeys.sessions.of(who),
    queryFn: ({ signal }) => request<Session[]>(`/${who}/me/sessions`, { signal }),
  });

export const useSessions = (who: AccountKind) => useQuery(sessionsQuery(who));

/** A call that changes the sessions, which are read again after it. */
function useSessionsChange<T>(who: AccountKind, call: (input: T) => Promise<MessageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions.of(who) }),
  });
}

/** DELETE /{users,admin}/me/sessions/:id: signs out of one session. */
export const useEndSession = (who: AccountKind) =>
  useSessionsChange(who, (id: string) =>
    request<MessageResponse>(`/${who}/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

/** DELETE /{users,admin}/me/sessions: signs out of every session but this one. */
export const useEndOtherSessions = (who: AccountKind) =>
  useSessionsChange(who, () => request<MessageResponse>(`/${who}/me/sessions`, { method: 'DELETE' }));

/** POST /{users,admin}/me/password: the other sessions end with it. */
export const useChangePassword = (who: AccountKind) =>
  useSessionsChange(who, (input: ChangePasswordInput) =>
    request<MessageResponse>(`/${who}/me/password`, { method: 'POST', json: input }),
  );
