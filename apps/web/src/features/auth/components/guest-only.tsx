import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useAuth } from '../../../lib/session.ts';

/** Signing in or up is for visitors: a signed-in shopper goes on to the account. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) {
    // The session check's wait, as tall as a card so the page does not jump when it ends.
    return (
      <div className="grid min-h-[36rem] place-items-center px-4">
        <Loading />
      </div>
    );
  }
  if (isAuthenticated) return <Navigate to={paths.user} replace />;
  return children;
}
