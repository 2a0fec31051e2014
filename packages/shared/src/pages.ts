import { collectionFilterPairs, parseCollectionFilters, type QueryReader } from './collection-filters.ts';

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
  '/forgot-password',
  '/reset-password',
  '/verify-email',
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
const ADMIN_ROOT = '/admin';

/** The product page's path, and the query parameter naming the product. */
export const PRODUCT_PAGE = { path: '/view', param: 'pid' } as const;

/** The cart's page: personal, yet the same for everyone as the server draws it (cart-storage.ts). */
const CART_PAGE = '/cart';

/**
 * Whether the server sends the page at this (normalised) path drawn: the public storefront, and
 * the cart, whose heading and states need no one's data. Other personal pages and the back
 * office are drawn in the browser.
 */
export function isRenderedPage(path: string): boolean {
  return (PUBLIC_PAGES as readonly string[]).includes(path) || path === CART_PAGE;
}

/**
 * A page drawn by the server (`isRenderedPage`), as it is drawn: the query parameters it reads,
 * normalised, in order (`/products?x=1&sort=asc&category=Foo` reads `sort=asc`). Every URL of one
 * page gives the same, so the server keeps one copy of it, however many parameters a visitor
 * makes up.
 */
export function renderedPageQuery(path: string, query: QueryReader): [string, string][] {
  if (path === '/products') return collectionFilterPairs(parseCollectionFilters(query));
  if (path === PRODUCT_PAGE.path) return [[PRODUCT_PAGE.param, query.get(PRODUCT_PAGE.param) ?? '']];
  return [];
}

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

/** A page's title before " | <store name>" ('' for the store's name alone), and for the public
 * pages and the cart (its link, shared, is previewed too) what search results and link previews
 * say of them. */
export interface PageHead {
  title: string;
  description?: string;
}

/**
 * Each page's head: the server writes it into the page it sends (title, description, canonical
 * link, Open Graph), and the web app names the tab with the same title. The product page's comes
 * from its product; an admin page's is the back office's own.
 */
export const PAGE_HEADS = {
  '/': {
    title: '',
    description:
      'Clothing, shoes and accessories for men, women and kids, chosen for quality and delivered across the Philippines.',
  },
  '/about': {
    title: 'About Us',
    description:
      'Habi means "weave" in Filipino: well-made everyday clothing, chosen with care and sold with a personal touch.',
  },
  '/delivery': {
    title: 'Delivery',
    description:
      'Delivery options and fees: pick a date for each item, delivered anywhere in the Philippines, and the ways to pay.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description: 'What Habi keeps about you, why, for how long, and what you can do about it.',
  },
  '/products': {
    title: 'Products Collections',
    description: 'Clothing, shoes and accessories for men, women and kids.',
  },
  '/cart': {
    title: 'Cart',
    description: 'Your cart at Habi: review your items, choose a delivery date for each, and check out.',
  },
  '/confirmation': { title: 'Thank you' },
  '/sign-in': { title: 'Sign In' },
  '/sign-up': { title: 'Sign Up' },
  '/forgot-password': { title: 'Forgot your password?' },
  '/reset-password': { title: 'Set a new password' },
  '/verify-email': { title: 'Verify your email address' },
  '/newsletter/confirm': { title: 'Confirm your subscription' },
  '/newsletter/unsubscribe': { title: 'Unsubscribe' },
  '/user': { title: 'My Account' },
  '/user/update_profile': { title: 'Update Profile' },
  '/user/to-pay_products': { title: 'My Account' },
  '/user/to-receive_products': { title: 'My Account' },
  '/user/delivered_products': { title: 'My Account' },
  '/user/cancelled_products': { title: 'My Account' },
} as const satisfies Record<
  Exclude<(typeof PUBLIC_PAGES)[number], '/view'> | (typeof PRIVATE_PAGES)[number],
  PageHead
>;

/** A tab's or a search result's title: the page's, then the store's name. */
export const pageTitle = (title: string, storeName: string) =>
  title ? `${title} | ${storeName}` : storeName;
