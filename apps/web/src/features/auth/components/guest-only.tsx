import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Loading } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { RETURN_PARAM, returnPath } from '../../../lib/return-to.ts';
import { useAuth } from '../../../lib/session.ts';

/** Signing in or up is for visitors: a signed-in shopper goes on to the account (or `?next=`). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  const [search] = useSearchParams();
  if (isLoading) {
    // The session check's wait, as tall as a card so the page does not jump when it ends.
    return (
      <div className="grid min-h-[36rem] place-items-center px-4">
        <Loading />
      </div>
    );
  }
  if (isAuthenticated) return <Navigate to={returnPath(search.get(RETURN_PARAM)) ?? paths.user} replace />;
  return children;
}
