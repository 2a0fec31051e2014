import { Menu, Search, ShoppingBag, UserRound, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useCartCount } from '../../lib/cart-store.ts';
import { cn } from '../../lib/cn.ts';
import { InTurn } from '../../lib/hydrate-in-turn.tsx';
import { paths } from '../../lib/paths.ts';
import { Logo } from './logo.tsx';

const NAV = [
  { to: paths.home, label: 'Home' },
  { to: paths.products, label: 'Collections' },
  { to: paths.about, label: 'About' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-4 py-2 text-sm font-semibold transition-colors hover:bg-sand',
    isActive ? 'bg-sand text-ink' : 'text-ink-soft',
  );

/**
 * Header: links, the search box, account and cart icons with the quantity badge, and a phone
 * menu. Below 1024 px the search sits behind a button that drops it in a row under the header.
 */
export function SiteHeader({ search }: { search?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  // Any move to another page (a menu link, the logo, account, cart, a search, or Back) closes
  // the menu and the search row.
  const { key } = useLocation();
  const [shownOn, setShownOn] = useState(key);
  if (shownOn !== key) {
    setShownOn(key);
    setOpen(false);
    setSearchOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper/90 backdrop-blur">
      <div className="mx-auto flex h-20 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          {search && (
            <SearchToggle
              open={searchOpen}
              onOpenChange={(next) => {
                setSearchOpen(next);
                if (next) setOpen(false);
              }}
            >
              {search}
            </SearchToggle>
          )}
          <Link
            to={paths.user}
            aria-label="Account"
            className="grid size-11 place-items-center rounded-full hover:bg-sand"
          >
            <UserRound aria-hidden="true" className="size-6" />
          </Link>
          <CartLink />
          <button
            type="button"
            className="grid size-11 place-items-center rounded-full hover:bg-sand md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => {
              setOpen((value) => !value);
              setSearchOpen(false);
            }}
          >
            {open ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </div>
      {open && <MobileMenu onNavigate={() => setOpen(false)} />}
    </header>
  );
}

/**
 * The search: a button and a row under the header on small screens, in line before the icons
 * from 1024 px. The row is a popover the button opens and closes by itself, so it works in the
 * server's page before the app's code runs; the app follows it (`open`), puts the focus in the
 * box when it opens, and closes it when the shopper moves on (another page, the menu). Only the
 * popover opens it.
 */
function SearchToggle({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}) {
  const searchRow = useRef<HTMLDivElement>(null);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs as `open` changes, and first to take the row over.
  useEffect(() => {
    const row = searchRow.current;
    if (!row) return;
    const shown = row.matches(':popover-open');
    if (!started.current) {
      started.current = true;
      // Opened in the server's page before the app ran (and maybe typed in): it stays open.
      if (shown && !open) return onOpenChange(true);
    }
    // The popover is asked, not assumed to match `open`: this runs after the frame, and a change
    // made meanwhile (Escape right after the row opened) stands.
    if (!open && shown) row.hidePopover();
    if (open && shown) row.querySelector('input')?.focus();
  }, [open]);
  // Escape the search box did not use itself (to close its suggestions) closes the row.
  // The popover is asked, not `open`: a tap's toggle event may not have reached the app yet.
  const closeSearchOnEscape = (event: KeyboardEvent) => {
    const row = searchRow.current;
    if (event.key !== 'Escape' || event.defaultPrevented || !row?.matches(':popover-open')) return;
    row.hidePopover();
    onOpenChange(false);
    searchToggle.current?.focus();
  };
  return (
    <>
      <button
        ref={searchToggle}
        type="button"
        popoverTarget="site-search"
        className="grid size-11 place-items-center rounded-full hover:bg-sand lg:hidden"
        aria-label={open ? 'Close search' : 'Open search'}
        aria-expanded={open}
        aria-controls="site-search"
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <Search aria-hidden="true" className="size-6" />
        )}
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only listens for Escape from the search box inside. */}
      <div
        id="site-search"
        ref={searchRow}
        popover="manual"
        onToggle={(event) => onOpenChange(event.newState === 'open')}
        onKeyDown={closeSearchOnEscape}
        className={cn(
          // Under the header (h-20), over the page, while open; the browser hides it otherwise.
          'fixed inset-x-0 top-20 bottom-auto m-0 h-auto w-full overflow-visible border-0 border-b border-line bg-paper px-4 py-3 text-ink shadow-sm sm:px-6',
          'lg:static lg:mr-2 lg:block lg:w-72 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none xl:w-80',
        )}
      >
        <InTurn>{children}</InTurn>
      </div>
    </>
  );
}

/** The cart icon with its badge: the head script's count until the app has read the cart (index.css). */
function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to={paths.cart}
      aria-label={count === null ? 'Cart' : `Cart, ${count} item${count === 1 ? '' : 's'}`}
      className="relative grid size-11 place-items-center rounded-full hover:bg-sand"
    >
      <ShoppingBag aria-hidden="true" className="size-6" />
      <span
        aria-hidden="true"
        data-cart-badge={count === null ? '' : undefined}
        className="absolute top-0.5 right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-[11px] font-bold text-white tabular-nums"
      >
        {count}
      </span>
    </Link>
  );
}

function MobileMenu({ onNavigate }: { onNavigate(): void }) {
  return (
    <nav id="mobile-menu" aria-label="Mobile" className="border-t border-line bg-paper md:hidden">
      <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
        {NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              onClick={onNavigate}
              className={(s) => cn(navLinkClass(s), 'block py-3')}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
