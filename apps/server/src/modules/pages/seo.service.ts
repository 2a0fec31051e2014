import {
  CATEGORIES,
  isAppPage,
  PRIVATE_PAGES,
  PRODUCT_PAGE,
  PUBLIC_PAGES,
  SUBCATEGORIES,
} from '@habi/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productStock, products } from '../../db/schema.ts';
import type { PageRequest } from './page-head.ts';

/** The most URLs one sitemap file may list (sitemaps.org). */
const SITEMAP_URLS_MAX = 50_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How a page request is answered: 200 for a page of the app, 404 for any other path and for a
 * product page naming no product (the app shows its not-found page either way), so search
 * engines never index a page that is not there; whether they may index it (the storefront's
 * public pages alone); and for a product page, the product its head describes (page-head.ts).
 */
export async function pageStatus(db: Executor, url: URL): Promise<PageRequest> {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const page = { path, query: url.searchParams };
  if (!isAppPage(path)) return { ...page, status: 404, indexable: false };
  if (path !== PRODUCT_PAGE.path) {
    return { ...page, status: 200, indexable: (PUBLIC_PAGES as readonly string[]).includes(path) };
  }
  const id = url.searchParams.get(PRODUCT_PAGE.param) ?? '';
  if (!UUID.test(id)) return { ...page, status: 404, indexable: false };
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      price: products.price,
      imageUrl: products.imageUrl,
      category: products.category,
      subCategory: products.subCategory,
      variations: products.variations,
      inStock: sql<boolean>`not ${products.trackStock} or exists (
        select 1 from ${productStock} where ${productStock.productId} = ${products.id} and ${productStock.quantity} > 0
      )`,
    })
    .from(products)
    .where(eq(products.id, id.toLowerCase()));
  return product
    ? { ...page, status: 200, indexable: true, product }
    : { ...page, status: 404, indexable: false };
}

/** robots.txt: the storefront may be read; the back office and personal pages not. */
export function robotsTxt(publicUrl: string): string {
  const closed = ['/admin', '/api/', ...PRIVATE_PAGES];
  return [
    'User-agent: *',
    ...closed.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
const urlSet = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

/**
 * /sitemap.xml: a sitemap index of /sitemap-pages.xml (the storefront's pages and every category
 * and subcategory listing) and /sitemap-products-N.xml, as many as the products need at 50,000
 * each.
 */
export async function sitemapIndex(db: Executor, publicUrl: string): Promise<string> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
  const files = ['sitemap-pages.xml'];
  for (let page = 1; page <= Math.ceil(n / SITEMAP_URLS_MAX); page++)
    files.push(`sitemap-products-${page}.xml`);
  const entries = files.map((file) => `<sitemap><loc>${escapeXml(`${publicUrl}/${file}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The storefront's pages, and each category's listing and each of its subcategories'. */
export function pagesSitemap(publicUrl: string): string {
  const listing = (query: Record<string, string>) => `${publicUrl}/products?${new URLSearchParams(query)}`;
  const pages = PUBLIC_PAGES.filter((page) => page !== PRODUCT_PAGE.path).map(
    (page) => `${publicUrl}${page}`,
  );
  const categories = CATEGORIES.flatMap((category) => [
    listing({ category }),
    ...SUBCATEGORIES.map((subCategory) => listing({ category, subCategory })),
  ]);
  return urlSet([...pages, ...categories].map((loc) => urlEntry(loc)));
}

/** The product pages of one sitemap file (1 is the first), oldest first, each with its lastmod. */
export async function productsSitemap(db: Executor, publicUrl: string, page: number): Promise<string | null> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(SITEMAP_URLS_MAX)
    .offset((page - 1) * SITEMAP_URLS_MAX);
  if (rows.length === 0 && page > 1) return null;
  return urlSet(
    rows.map((row) =>
      urlEntry(
        `${publicUrl}${PRODUCT_PAGE.path}?${PRODUCT_PAGE.param}=${row.id}`,
        new Date(row.updatedAt).toISOString(),
      ),
    ),
  );
}
