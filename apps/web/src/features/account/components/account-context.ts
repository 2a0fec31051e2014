import type { User } from '@habi/shared';
import { useOutletContext } from 'react-router';

/** What the customer area hands its tabs: the signed-in shopper (never null there). */
export interface AccountContext {
  user: User;
}

export function useAccountContext() {
  return useOutletContext<AccountContext>();
}
