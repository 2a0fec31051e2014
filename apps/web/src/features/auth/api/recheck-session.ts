import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../../lib/session.ts';

/** After signing in or up, ask the server again who is signed in; true when it confirms. */
export async function recheckSession(queryClient: QueryClient): Promise<boolean> {
  try {
    const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0, retry: false });
    return user !== null;
  } catch {
    return false;
  }
}
