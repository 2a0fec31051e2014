import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { ErrorPage, StorefrontErrorPage } from '../components/layout/error-page.tsx';
import { StorefrontLayout } from '../components/layout/storefront-layout.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { HeaderSearch } from '../features/catalogue/components/header-search.tsx';
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload.ts';

/**
 * What a page module exports: the page, and for a page the server renders, the data its first
 * render reads, fetched into the query cache before it renders (entry-server.tsx).
 */
export interface PageModule {
  default: React.ComponentType;
  prefetch?: (queryClient: QueryClient, url: URL) => Promise<unknown>;
}

/** What a page's route carries once its module is loaded (`handle`). */
export interface PageHandle {
  /** The module's source file as the build's manifest names it, e.g. `src/features/.../x.tsx`. */
  source: string;
  prefetch?: PageModule['prefetch'];
}

// Every page is its own chunk; the back office is never downloaded by shoppers.
const pageModules = {
  ...import.meta.glob<PageModule>([
    '../features/*/routes/*-page.tsx',
    '../features/account/routes/*.tsx',
    '!../features/admin/**',
  ]),
  // The back office's own pages load from within it.
  ...import.meta.glob<PageModule>('../features/admin/routes/admin-app.tsx'),
};

/** Where the open page asks to be reloaded after a deploy took its files away (router.tsx). */
let onStaleChunk: () => void = () => reloadOnce(window.location.href);

export function whenChunkIsStale(reload: () => void) {
  onStaleChunk = reload;
}

/** A lazily loaded module. When its file is gone (a deploy replaced it), the page reloads once. */
async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error)) onStaleChunk();
    throw error;
  }
}

/** A lazily loaded page under `src/features/`: its default export is the page. */
function page(file: string): Pick<RouteObject, 'lazy'> {
  const key = `../features/${file}`;
  const load = pageModules[key];
  if (!load) throw new Error(`no page module ${key}`);
  return {
    lazy: async () => {
      const module = await loadChunk(load);
      const handle: PageHandle = { source: `src/features/${file}`, prefetch: module.prefetch };
      return { Component: module.default, handle };
    },
  };
}

const orders = page('account/routes/orders-tab.tsx');

/** Shown while the first page's code loads. */
function FirstLoad() {
  return <Loading className="min-h-dvh" />;
}

const pages: RouteObject[] = [
  {
    element: <StorefrontLayout search={<HeaderSearch />} />,
    children: [
      {
        // Below the layout, so a failed page keeps the header and footer around its error.
        ErrorBoundary: StorefrontErrorPage,
        children: [
          { index: true, ...page('catalogue/routes/home-page.tsx') },
          { path: 'about', ...page('catalogue/routes/about-page.tsx') },
          { path: 'delivery', ...page('info/routes/delivery-page.tsx') },
          { path: 'privacy', ...page('info/routes/privacy-page.tsx') },
          { path: 'newsletter/confirm', ...page('newsletter/routes/confirm-page.tsx') },
          { path: 'newsletter/unsubscribe', ...page('newsletter/routes/unsubscribe-page.tsx') },
          { path: 'products', ...page('catalogue/routes/products-page.tsx') },
          { path: 'view', ...page('catalogue/routes/product-page.tsx') },
          { path: 'cart', ...page('cart/routes/cart-page.tsx') },
          { path: 'sign-in', ...page('auth/routes/sign-in-page.tsx') },
          { path: 'sign-up', ...page('auth/routes/sign-up-page.tsx') },
          { path: 'forgot-password', ...page('auth/routes/forgot-password-page.tsx') },
          { path: 'reset-password', ...page('auth/routes/reset-password-page.tsx') },
          { path: 'verify-email', ...page('account/routes/verify-email-page.tsx') },
          { path: 'user/update_profile', ...page('account/routes/update-profile-page.tsx') },
          {
            path: 'user',
            ...page('account/routes/account-layout.tsx'),
            children: [
              { index: true, ...orders },
              { path: 'to-pay_products', ...orders },
              { path: 'to-receive_products', ...orders },
              { path: 'delivered_products', ...orders },
              { path: 'cancelled_products', ...orders },
            ],
          },
        ],
      },
    ],
  },
  { path: 'confirmation', ...page('cart/routes/confirmation-page.tsx') },
  { path: 'admin/*', ...page('admin/routes/admin-app.tsx') },
  { path: '*', ...page('misc/routes/not-found-page.tsx') },
];

/** The store's pages, for the browser's router and the server's rendering alike. */
export const routes: RouteObject[] = [
  { HydrateFallback: FirstLoad, ErrorBoundary: ErrorPage, children: pages },
];
