/**
 * The web app's pages, as the server must know them: which paths are pages (any other answers
 * 404, with the app's not-found page), which a search engine may read, and where a product's
 * page is. The web app's `lib/paths.ts` links to these; a web test holds the two together.
 */

/** Storefront pages anyone may read, and search engines list. */
export const PUBLIC_PAGES = ['/', '/about', '/delivery', '/privacy', '/products', '/view'] as const;

/** Pages personal to a shopper, or one-off steps: served, never listed nor indexed. */
export const PRIVATE_PAGES = [
  '/cart',
  '/confirmation',
  '/sign-in',
  '/sign-up',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/user',
  '/user/update_profile',
  '/user/to-pay_products',
  '/user/to-receive_products',
  '/user/delivered_products',
  '/user/cancelled_products',
] as const;

/** The back office: every path under it is the admin app's (it shows its own not-found page). */
export const ADMIN_ROOT = '/admin';

/** The product page's path, and the query parameter naming the product. */
export const PRODUCT_PAGE = { path: '/view', param: 'pid' } as const;

/** Whether the web app has a page at this path (the query aside). */
export function isAppPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (PUBLIC_PAGES as readonly string[]).includes(path) ||
    (PRIVATE_PAGES as readonly string[]).includes(path) ||
    path === ADMIN_ROOT ||
    path.startsWith(`${ADMIN_ROOT}/`)
  );
}
