import { can, type Permission, STAFF_ROLE_LABELS, type StaffRole } from '@habi/shared';
import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useAdminAuth } from '../../../lib/session.ts';

/**
 * What the signed-in staff member may use, from the permissions the server checks
 * (packages/shared staff.ts): the back office hides what their role cannot use.
 */
export function useCan(): (permission: Permission) => boolean {
  const { admin } = useAdminAuth();
  return (permission) => can(admin?.role, permission);
}

/** Where a role starts: the dashboard's sales for those who may read them, else the orders. */
export function landingFor(role: StaffRole | undefined): string {
  return can(role, 'reports:read') ? paths.admin.dashboard : paths.admin.orders;
}

/**
 * A page of the back office, or the "You do not have access" page for a role without
 * `permission`. Signed out, the page is left to send the visitor to sign in.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { admin, isLoading } = useAdminAuth();
  if (isLoading) return <Loading />;
  return !admin || can(admin.role, permission) ? children : <NoAccess />;
}

/** /admin: the products list, or for a role that has no catalogue, the page it starts on. */
export function AdminHome({ products }: { products: ReactNode }) {
  const { admin } = useAdminAuth();
  return can(admin?.role, 'products:read') ? products : <Navigate to={landingFor(admin?.role)} replace />;
}

/** What a direct link to a page the role cannot use shows, inside the back office's layout. */
export function NoAccess() {
  useDocumentTitle('No access');
  const { admin } = useAdminAuth();
  const role = admin?.role;
  return (
    <section
      aria-labelledby="no-access-title"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-2xl border border-line bg-white px-6 py-12 text-center"
    >
      <LockKeyhole aria-hidden="true" className="size-10 text-muted" />
      <h1 id="no-access-title" className="text-2xl font-semibold">
        You do not have access
      </h1>
      <p className="text-muted">
        {role
          ? `Your role (${STAFF_ROLE_LABELS[role]}) does not include this page.`
          : 'This page is not open to you.'}{' '}
        Ask the shop’s owner if you need it.
      </p>
      <Link
        to={landingFor(role)}
        className="mt-2 inline-flex h-11 items-center rounded-full bg-ink px-6 font-semibold text-paper hover:bg-ink-soft"
      >
        Go to {can(role, 'reports:read') ? 'the dashboard' : 'Orders'}
      </Link>
    </section>
  );
}
