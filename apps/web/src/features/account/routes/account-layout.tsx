import type { User } from '@habi/shared';
import { PAGE_HEADS } from '@habi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Mail, PenLine, Phone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading, Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';
import { currentUserQuery, useAuth } from '../../../lib/session.ts';
import { useUserOrders } from '../api/get-user-orders.ts';
import { useLogout } from '../api/logout.ts';
import type { AccountContext } from '../components/account-context.ts';
import { ACCOUNT_TABS } from '../components/account-tabs.ts';
import { VerifyEmailBanner } from '../components/verify-email-banner.tsx';

/** /user and its tabs: the profile, the tab row and the chosen tab. */
export default function AccountLayout() {
  useDocumentTitle(PAGE_HEADS['/user'].title);
  const { user, isLoading } = useAuth();
  // Set while logging out, so the visitor this page turns into goes home, not to /sign-in.
  const [leaving, setLeaving] = useState(false);
  if (isLoading || (leaving && !user)) return <Loading className="min-h-[32rem]" />;
  if (!user) return <Navigate to={paths.signIn} replace />;
  return <AccountArea user={user} onLeave={() => setLeaving(true)} />;
}

function AccountArea({ user, onLeave }: { user: User; onLeave(): void }) {
  // Starts loading the orders beside the tab's own code, so the tab finds them cached.
  useUserOrders(user.id);
  const tabsRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the tab row scrolls sideways: keep the current tab in sight (deep links, a
  // turned phone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab changes with the path.
  useEffect(() => {
    const row = tabsRef.current;
    if (!row) return;
    const center = () => {
      const current = row.querySelector<HTMLElement>('[aria-current="page"]');
      if (!current || row.scrollWidth <= row.clientWidth) return;
      row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
    };
    center();
    const observer = new ResizeObserver(center);
    observer.observe(row);
    return () => observer.disconnect();
  }, [pathname]);
  const context: AccountContext = { user };
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <VerifyEmailBanner user={user} />
      <ProfileCard user={user} onLeave={onLeave} />
      <section aria-labelledby="orders-title" className="mt-12">
        <h2 id="orders-title" className="text-3xl font-semibold">
          My Orders
        </h2>
        <nav
          ref={tabsRef}
          aria-label="Order status"
          className="relative mt-5 pb-1 sm:overflow-x-auto sm:[scrollbar-width:none]"
        >
          {/* On a phone the tabs wrap to fit the page whole; from sm up, one pill row. */}
          <ul className="flex flex-wrap gap-1.5 rounded-2xl border border-line bg-white p-1.5 sm:w-max sm:flex-nowrap sm:gap-2 sm:rounded-full">
            {ACCOUNT_TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-10 items-center rounded-full px-3.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4',
                      isActive ? 'bg-ink text-paper' : 'text-ink-soft hover:bg-sand hover:text-ink',
                    )
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-8">
          <Outlet context={context} />
        </div>
      </section>
    </div>
  );
}

function ProfileCard({ user, onLeave }: { user: User; onLeave(): void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogout();

  // Logout requests, goes to /, and marks the shopper unauthenticated; a failed
  // request is only logged.
  const onLogout = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      console.warn('Logout failed', error);
    }
    onLeave();
    await navigate(paths.home);
    queryClient.setQueryData(currentUserQuery.queryKey, null);
    refreshStoreData(queryClient);
  };

  const phone = displayPhone(user.contactNumber);
  return (
    <section
      aria-labelledby="profile-name"
      className="flex flex-col gap-6 rounded-2xl border border-line bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:p-8"
    >
      <Avatar src={user.imageUrl} alt={`${user.name}'s profile picture`} className="size-20 sm:size-24" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">My account</p>
        <h1 id="profile-name" className="mt-1 text-3xl font-semibold break-words sm:text-4xl">
          {user.name}
        </h1>
        <ul className="mt-3 flex flex-col gap-1.5 text-sm text-ink-soft sm:flex-row sm:flex-wrap sm:gap-x-6">
          <li className="flex min-w-0 items-center gap-2">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <span className="sr-only">Email: </span>
            <span className="truncate">{user.email}</span>
          </li>
          {phone && (
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-muted" />
              <span className="sr-only">Contact number: </span>
              <span className="tabular-nums">{phone}</span>
            </li>
          )}
        </ul>
      </div>
      <div className="flex gap-3 sm:flex-col lg:flex-row">
        <Button asChild variant="secondary" className="flex-1 whitespace-nowrap">
          <Link to={paths.updateProfile(user.id)}>
            <PenLine aria-hidden="true" className="size-4" />
            Edit Profile
          </Link>
        </Button>
        <Button
          variant="ghost"
          className="flex-1 whitespace-nowrap"
          disabled={logout.isPending}
          onClick={() => void onLogout()}
        >
          {logout.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <LogOut aria-hidden="true" className="size-4" />
          )}
          Logout
        </Button>
      </div>
    </section>
  );
}

/** '+639171234567' -> '+63 917 123 4567' for Philippine numbers; others as stored. */
function displayPhone(contactNumber: string) {
  const ph = /^\+63(\d{3})(\d{3})(\d{4})$/.exec(contactNumber);
  return ph ? `+63 ${ph[1]} ${ph[2]} ${ph[3]}` : contactNumber;
}
