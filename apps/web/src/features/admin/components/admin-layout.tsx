import { type Permission, STAFF_ROLE_LABELS } from '@habi/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  FileSpreadsheet,
  History,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Newspaper,
  Package,
  ReceiptText,
  Ruler,
  TicketPercent,
  Undo2,
  UserCog,
  Users,
  Wallet,
  X,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Suspense, useState } from 'react';
import { Link, Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../../components/layout/logo.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Loading, Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { currentAdminQuery, useAdminAuth } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdminSignOut } from '../api/admin-session.ts';
import { paymentSettingsKey } from '../api/payment-settings.ts';
import { confirmLeaving } from '../hooks/use-leave-guard.ts';
import { useCan } from '../lib/access.tsx';

const NAV = [
  {
    to: paths.admin.dashboard,
    label: 'Dashboard',
    permission: 'reports:read',
    icon: LayoutDashboard,
    matches: (path: string) => path.startsWith(paths.admin.dashboard),
  },
  {
    to: paths.admin.home,
    label: 'Products',
    permission: 'products:read',
    icon: Package,
    // Product pages (add, details, edit) belong to Products.
    matches: (path: string) =>
      path === paths.admin.home || /^\/admin\/(add_product|product_view|product_edit)/.test(path),
  },
  {
    to: paths.admin.sizeCharts,
    label: 'Size charts',
    permission: 'products:read',
    icon: Ruler,
    matches: (path: string) => path.startsWith(paths.admin.sizeCharts),
  },
  {
    to: paths.admin.catalogueCsv,
    label: 'Catalogue CSV',
    icon: FileSpreadsheet,
    permission: 'products:write',
    matches: (path: string) => path.startsWith(paths.admin.catalogueCsv),
  },
  {
    to: paths.admin.orders,
    label: 'Orders',
    permission: 'orders:read',
    icon: ReceiptText,
    matches: (path: string) => /^\/admin\/(orders|product_management)/.test(path),
  },
  {
    to: paths.admin.payments,
    label: 'Payments',
    permission: 'payments:settings',
    icon: Wallet,
    matches: (path: string) => path.startsWith('/admin/payments'),
  },
  {
    to: paths.admin.returns,
    label: 'Returns',
    permission: 'returns:read',
    icon: Undo2,
    matches: (path: string) => path.startsWith(paths.admin.returns),
  },
  {
    to: paths.admin.users,
    label: 'Users',
    permission: 'customers:read',
    icon: Users,
    matches: (path: string) => path.startsWith(paths.admin.users),
  },
  {
    to: paths.admin.discounts,
    label: 'Discounts',
    permission: 'discounts:manage',
    icon: TicketPercent,
    matches: (path: string) => /^\/admin\/(discounts|add_discount|discount_edit)/.test(path),
  },
  {
    to: paths.admin.subscribers,
    label: 'Subscribers',
    permission: 'subscribers:read',
    icon: Newspaper,
    matches: (path: string) => path.startsWith(paths.admin.subscribers),
  },
  {
    to: paths.admin.emails,
    label: 'Emails',
    permission: 'emails:read',
    icon: Mail,
    matches: (path: string) => path.startsWith(paths.admin.emails),
  },
  {
    to: paths.admin.staff,
    permission: 'staff:manage',
    label: 'Staff',
    icon: UserCog,
    matches: (path: string) => path.startsWith(paths.admin.staff),
  },
  {
    to: paths.admin.auditLog,
    permission: 'staff:manage',
    label: 'Audit log',
    icon: History,
    matches: (path: string) => path.startsWith(paths.admin.auditLog),
  },
] satisfies (Record<string, unknown> & { permission: Permission })[];

/**
 * Admin layout, guarding every back-office page: 'Loading...' while the admin
 * session is checked, /admin/auth without one; a sidebar (a drawer on small screens) and a
 * header with the logo, the admin's username and avatar.
 */
export function AdminLayout() {
  const { admin, isLoading } = useAdminAuth();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // While logging out the admin leaves for /, not /admin/auth: the flag is cleared as the
  // navigation starts, and the guard must not race it to the sign-in page.
  const [leaving, setLeaving] = useState(false);

  if (isLoading) return <Loading className="min-h-dvh" />;
  if (!admin) return leaving ? <Loading className="min-h-dvh" /> : <Navigate to={paths.admin.auth} replace />;

  return (
    <div className="min-h-dvh bg-paper">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-paper"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
        <div className="flex h-[76px] items-center gap-2 px-3 sm:gap-3 sm:px-6">
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger
              aria-label="Open menu"
              className="grid size-11 place-items-center rounded-full text-ink hover:bg-sand lg:hidden"
            >
              <Menu aria-hidden="true" className="size-6" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="admin-fade-in fixed inset-0 z-40 bg-ink/40 lg:hidden" />
              <Dialog.Content
                aria-describedby={undefined}
                className="admin-drawer-in fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none lg:hidden"
              >
                <div className="flex h-[76px] items-center justify-between border-b border-line px-4">
                  <Dialog.Title className="font-display text-lg font-semibold">Back office</Dialog.Title>
                  <Dialog.Close
                    aria-label="Close menu"
                    className="grid size-11 place-items-center rounded-full hover:bg-sand"
                  >
                    <X aria-hidden="true" className="size-6" />
                  </Dialog.Close>
                </div>
                <SidebarNav onNavigate={() => setDrawerOpen(false)} onLeave={() => setLeaving(true)} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <Logo />
          <span className="hidden rounded-full bg-sand px-2.5 py-1 text-xs font-semibold tracking-wide text-ink-soft uppercase sm:inline">
            Admin
          </span>
          <Link
            to={paths.admin.profile}
            className="ml-auto flex min-w-0 items-center gap-3 rounded-full py-1 pr-1 pl-3 hover:bg-sand"
          >
            {/* Named by what it shows, after what it does (WCAG 2.5.3, label in name). */}
            <span className="sr-only">Update admin profile:</span>
            <span className="min-w-0 text-right leading-tight">
              <span className="block max-w-[9rem] truncate text-sm font-semibold sm:max-w-[16rem]">
                {admin.username}
              </span>
              <span className="hidden text-xs text-muted sm:block">
                {admin.role ? STAFF_ROLE_LABELS[admin.role] : 'Administrator'}
              </span>
            </span>
            <Avatar src={admin.imageUrl} alt={admin.username} className="size-10" sizes="40px" />
          </Link>
        </div>
      </header>
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside className="hidden border-r border-line bg-white lg:block">
          <div className="sticky top-[76px] flex h-[calc(100dvh-76px)] flex-col">
            <SidebarNav onLeave={() => setLeaving(true)} />
          </div>
        </aside>
        <main
          id="admin-main"
          className="min-h-[calc(100dvh-76px)] min-w-0 px-4 py-6 sm:px-6 lg:px-10 lg:py-8"
        >
          <div className="mx-auto max-w-6xl">
            {/* A boundary per page: under Preact, a page left while its code was still loading
                left the boundary empty when that code arrived (Back pressed at once). */}
            <Suspense key={pathname} fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}

/**
 * Dashboard, Products, Size charts, Orders, Payments, Users, Discounts, Subscribers, Emails, Staff
 * and Logout: those the staff member's role may use.
 */
function SidebarNav({ onNavigate, onLeave }: { onNavigate?: () => void; onLeave: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useAdminSignOut();
  const allowed = useCan();

  // Unsaved changes on the open page are asked about first: once signed out they cannot be saved.
  const logout = async () => {
    if (!(await confirmLeaving())) return;
    signOut.mutate(undefined, {
      onSuccess: () => {
        onNavigate?.();
        onLeave();
        void navigate(paths.home, { replace: true });
        queryClient.setQueryData(currentAdminQuery.queryKey, null);
        queryClient.removeQueries({ queryKey: queryKeys.orders.all });
        queryClient.removeQueries({ queryKey: queryKeys.users.all });
        queryClient.removeQueries({ queryKey: queryKeys.emails.all });
        queryClient.removeQueries({ queryKey: queryKeys.discounts.all });
        queryClient.removeQueries({ queryKey: queryKeys.subscribers.all });
        queryClient.removeQueries({ queryKey: queryKeys.audit.all });
        queryClient.removeQueries({ queryKey: queryKeys.dashboard.all });
        queryClient.removeQueries({ queryKey: paymentSettingsKey });
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <nav aria-label="Back office" className="flex flex-1 flex-col gap-1 p-3">
      <ul className="flex flex-col gap-1">
        {NAV.filter((item) => allowed(item.permission)).map(({ to, label, icon: Icon, matches }) => {
          const active = matches(pathname);
          return (
            <li key={to}>
              <Link
                to={to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold transition-colors',
                  active ? 'bg-ink text-paper' : 'text-ink-soft hover:bg-sand hover:text-ink',
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => void logout()}
        disabled={signOut.isPending}
        className="mt-auto flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold text-ink-soft transition-colors hover:bg-sand hover:text-danger disabled:opacity-60"
      >
        {signOut.isPending ? (
          <Spinner className="size-5" />
        ) : (
          <LogOut aria-hidden="true" className="size-5" />
        )}
        Logout
      </button>
    </nav>
  );
}
