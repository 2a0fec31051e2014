import { type ReactNode, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { InTurn } from '../../lib/hydrate-in-turn.tsx';
import { Loading } from '../ui/spinner.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header, content and footer shared by every storefront page; `search` goes in the header. */
export function StorefrontLayout({ search }: { search?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-ink focus:px-4 focus:py-2 focus:text-paper"
      >
        Skip to content
      </a>
      <InTurn>
        <SiteHeader search={search} />
      </InTurn>
      <main id="main" className="flex-1">
        <Suspense fallback={<Loading />}>
          <InTurn>
            <Outlet />
          </InTurn>
        </Suspense>
      </main>
      <InTurn>
        <SiteFooter />
      </InTurn>
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
    </div>
  );
}
