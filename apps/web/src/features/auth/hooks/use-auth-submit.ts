import type { MessageResponse } from '@habi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { RETURN_PARAM, returnPath } from '../../../lib/return-to.ts';
import { toast } from '../../../lib/toast.ts';
import { recheckSession } from '../api/recheck-session.ts';

interface AuthSubmitOptions<Values> {
  /** Signs in or up; the answer's message is shown. */
  send(values: Values): Promise<MessageResponse>;
  /** Told of a refusal after its message is shown, to mark the fields it names. */
  onError?(error: unknown): void;
  /** Empties the form once the session is confirmed. */
  reset(): void;
  /** Shown when the server accepted the form but no session followed. */
  failure: string;
}

/**
 * How signing in and signing up end: show the server's message, then go on to the account (or
 * back to the page that asked, `?next=`) only once the server confirms who is signed in.
 */
export function useAuthSubmit<Values>({ send, onError, reset, failure }: AuthSubmitOptions<Values>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = returnPath(search.get(RETURN_PARAM)) ?? paths.user;
  return async (values: Values) => {
    try {
      const { message } = await send(values);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
      onError?.(error);
      return;
    }
    if (await recheckSession(queryClient)) {
      reset();
      await navigate(next, { replace: true });
    } else {
      toast.error(failure);
    }
  };
}
