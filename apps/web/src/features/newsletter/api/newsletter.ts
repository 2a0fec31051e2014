import { type MessageResponse, type NewsletterConfirmed, NewsletterTokenSchema } from '@habi/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A link's token, if it has the shape the server mails; anything else is a broken link. */
export const linkToken = (token: string | null) =>
  token !== null && NewsletterTokenSchema.safeParse(token).success ? token : null;

/**
 * Following a mailed link: the page posts its token once when it opens. Both calls answer the
 * same when repeated, so a query (kept for the visit, never refetched) makes a reload or a
 * second render harmless.
 */
function useLinkAction<T>(
  queryKey: readonly unknown[],
  token: string | null,
  action: (token: string) => Promise<T>,
) {
  return useQuery({
    queryKey,
    queryFn: () => action(token!),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /newsletter/confirm`: subscribes the address and answers its welcome code. */
export const useConfirmSubscription = (token: string | null) =>
  useLinkAction(queryKeys.newsletter.confirm(token ?? ''), token, (value) =>
    request<NewsletterConfirmed>('/newsletter/confirm', { method: 'POST', json: { token: value } }),
  );

/** `POST /newsletter/unsubscribe?token=`: one click, no sign-in. */
export const useUnsubscribe = (token: string | null) =>
  useLinkAction(queryKeys.newsletter.unsubscribe(token ?? ''), token, (value) =>
    request<MessageResponse>('/newsletter/unsubscribe', { method: 'POST', query: { token: value } }),
  );
