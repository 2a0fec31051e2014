import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, StorefrontErrorPage } from '../components/layout/error-page.tsx';
import { StorefrontLayout } from '../components/layout/storefront-layout.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload.ts';

/** A lazily loaded module. When its file is gone (a deploy replaced it), the page reloads once. */
async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error)) reloadForStaleChunk();
    throw error;
  }
}

/** A lazily loaded route module: its default export is the page; the error page waits for a reload. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await loadChunk(load)).default }),
});

/**
 * The header's search, a chunk of its own loaded with the first page. Imported eagerly it made
 * the bundler move zod and the shared schemas into a chunk that runs before main.tsx, so before
 * lib/zod-config.ts, and Zod tried `new Function` against the Content-Security-Policy.
 */
const HeaderSearch = lazy(() =>
  loadChunk(() => import('../features/catalogue/components/header-search.tsx')).then((module) => ({
    default: module.HeaderSearch,
  })),
);

// Every page is its own chunk; the back office is never downloaded by shoppers.
const pages: RouteObject[] = [
  {
    element: (
      <StorefrontLayout
        search={
          <Suspense>
            <HeaderSearch />
          </Suspense>
        }
      />
    ),
    children: [
      {
        // Below the layout, so a failed page keeps the header and footer around its error.
        ErrorBoundary: StorefrontErrorPage,
        children: [
          { index: true, ...page(() => import('../features/catalogue/routes/home-page.tsx')) },
          { path: 'about', ...page(() => import('../features/catalogue/routes/about-page.tsx')) },
          { path: 'delivery', ...page(() => import('../features/info/routes/delivery-page.tsx')) },
          { path: 'privacy', ...page(() => import('../features/info/routes/privacy-page.tsx')) },
          {
            path: 'newsletter/confirm',
            ...page(() => import('../features/newsletter/routes/confirm-page.tsx')),
          },
          {
            path: 'newsletter/unsubscribe',
            ...page(() => import('../features/newsletter/routes/unsubscribe-page.tsx')),
          },
          { path: 'products', ...page(() => import('../features/catalogue/routes/products-page.tsx')) },
          { path: 'view', ...page(() => import('../features/catalogue/routes/product-page.tsx')) },
          { path: 'cart', ...page(() => import('../features/cart/routes/cart-page.tsx')) },
          { path: 'sign-in', ...page(() => import('../features/auth/routes/sign-in-page.tsx')) },
          { path: 'sign-up', ...page(() => import('../features/auth/routes/sign-up-page.tsx')) },
          {
            path: 'user/update_profile',
            ...page(() => import('../features/account/routes/update-profile-page.tsx')),
          },
          {
            path: 'user',
            ...page(() => import('../features/account/routes/account-layout.tsx')),
            children: [
              { index: true, ...page(() => import('../features/account/routes/orders-tab.tsx')) },
              { path: 'to-pay_products', ...page(() => import('../features/account/routes/orders-tab.tsx')) },
              {
                path: 'to-receive_products',
                ...page(() => import('../features/account/routes/orders-tab.tsx')),
              },
              {
                path: 'delivered_products',
                ...page(() => import('../features/account/routes/orders-tab.tsx')),
              },
              {
                path: 'cancelled_products',
                ...page(() => import('../features/account/routes/orders-tab.tsx')),
              },
            ],
          },
        ],
      },
    ],
  },
  { path: 'confirmation', ...page(() => import('../features/cart/routes/confirmation-page.tsx')) },
  { path: 'admin/*', ...page(() => import('../features/admin/routes/admin-app.tsx')) },
  { path: '*', ...page(() => import('../features/misc/routes/not-found-page.tsx')) },
];

/** Shown while the first page's code loads. */
function FirstLoad() {
  return <Loading className="min-h-dvh" />;
}

export const routes: RouteObject[] = [
  { HydrateFallback: FirstLoad, ErrorBoundary: ErrorPage, children: pages },
];

export const router = createBrowserRouter(routes);

/** Reloads once at the page being opened: a navigation's target while one is under way. */
export function reloadForStaleChunk() {
  const pending = router.state.navigation.location;
  reloadOnce(pending ? router.createHref(pending) : window.location.href);
}
