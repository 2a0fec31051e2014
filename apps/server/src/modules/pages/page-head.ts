import {
  CART_STATE_SCRIPT,
  imageSrcSet,
  PAGE_HEADS,
  type PageHead,
  PRODUCT_PAGE_IMAGE_SIZES,
  PROMO_PHONE_MEDIA,
  PROMO_POSTER,
  PROMO_POSTER_PHONE,
  pageTitle,
  variationShown,
} from '@habi/shared';

/** A product as its page's head shows it. */
export interface HeadProduct {
  id: string;
  name: string;
  description: string;
  /** "799.00", in pesos. */
  price: string;
  imageUrl: string;
  category: string | null;
  subCategory: string | null;
  inStock: boolean;
  variations: { name: string; imageUrl: string }[];
}

/** What a page request is: its path, its query, and for a product page the product. */
export interface PageRequest {
  path: string;
  query: URLSearchParams;
  status: 200 | 404;
  indexable: boolean;
  product?: HeadProduct;
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
/** JSON text inside a script element: no "</script>" or "<!--" can end it early. */
export const scriptSafe = (json: string) => json.replaceAll('<', '\\u003c');

/** A search result's snippet: one line, at most 160 characters. */
function snippet(text: string) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 160 ? line : `${line.slice(0, 157).trimEnd()}...`;
}

/** The listing's URL of a category, or of a subcategory within it. */
const listingUrl = (publicUrl: string, category: string, subCategory?: string) =>
  `${publicUrl}/products?${new URLSearchParams({ category, ...(subCategory ? { subCategory } : {}) })}`;

/** A product page's structured data: the product with its offer, and where it sits in the store. */
function productJsonLd(product: HeadProduct, url: string, publicUrl: string, storeName: string) {
  const crumbs = [
    { name: 'Home', item: `${publicUrl}/` },
    ...(product.category ? [{ name: product.category, item: listingUrl(publicUrl, product.category) }] : []),
    ...(product.category && product.subCategory
      ? [{ name: product.subCategory, item: listingUrl(publicUrl, product.category, product.subCategory) }]
      : []),
    { name: product.name, item: url },
  ];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      image: [`${publicUrl}${product.imageUrl}`],
      sku: product.id,
      brand: { '@type': 'Brand', name: storeName },
      ...(product.category
        ? { category: [product.category, product.subCategory].filter(Boolean).join(' > ') }
        : {}),
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'PHP',
        price: product.price,
        availability: `https://schema.org/${product.inStock ? 'InStock' : 'OutOfStock'}`,
        itemCondition: 'https://schema.org/NewCondition',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb })),
    },
  ];
}

/**
 * The head a page is sent with: its title and description, and for a page search engines may
 * index its canonical URL, Open Graph and Twitter card tags, and for a product its structured
 * data (schema.org Product with its Offer, and a BreadcrumbList); any other page says noindex.
 */
export function pageHeadHtml(
  page: PageRequest,
  { storeName, publicUrl }: { storeName: string; publicUrl: string },
) {
  const known: PageHead | undefined = (PAGE_HEADS as Record<string, PageHead>)[page.path];
  const { product } = page;
  const head: PageHead =
    page.status === 404
      ? { title: 'Not Found' }
      : product
        ? { title: product.name, description: snippet(product.description) }
        : (known ?? { title: '' });
  const title = pageTitle(head.title, storeName);
  const preload = mainImagePreload(page);
  const tags = [`<title>${escapeHtml(title)}</title>`, ...(preload ? [preload] : [])];
  // What the browser's cart holds, for the header's badge and the cart page (cart-storage.ts).
  tags.push(`<script>${CART_STATE_SCRIPT}</script>`);
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}" />`);
  if (!page.indexable) {
    tags.push('<meta name="robots" content="noindex" />');
    return tags.join('\n    ');
  }
  const listing = new URLSearchParams(
    [...page.query].filter(([name]) => name === 'category' || name === 'subCategory'),
  );
  const url = product
    ? `${publicUrl}/view?pid=${product.id}`
    : `${publicUrl}${page.path}${listing.size > 0 && page.path === '/products' ? `?${listing}` : ''}`;
  const image = `${publicUrl}${product ? product.imageUrl : PROMO_POSTER}`;
  const meta = (attribute: 'property' | 'name', name: string, content: string) =>
    `<meta ${attribute}="${name}" content="${escapeHtml(content)}" />`;
  tags.push(
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', storeName),
    meta('property', 'og:type', product ? 'product' : 'website'),
    meta('property', 'og:title', title),
    ...(head.description ? [meta('property', 'og:description', head.description)] : []),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    ...(head.description ? [meta('name', 'twitter:description', head.description)] : []),
    meta('name', 'twitter:image', image),
  );
  if (product) {
    tags.push(
      `<script type="application/ld+json">${scriptSafe(JSON.stringify(productJsonLd(product, url, publicUrl, storeName)))}</script>`,
    );
  }
  return tags.join('\n    ');
}

/**
 * The page's main image, asked for with the page rather than once its scripts and data have
 * arrived: Home's poster, a product's first photo (the same candidates and sizes as its img, so
 * the browser takes the file it preloaded).
 */
function mainImagePreload(page: PageRequest) {
  if (page.status !== 200) return undefined;
  if (page.path === '/') {
    // The still each screen shows (promo-hero.tsx's picture): a phone its own crop.
    return [
      `<link rel="preload" as="image" href="${PROMO_POSTER_PHONE}" type="image/webp" media="${PROMO_PHONE_MEDIA}" fetchpriority="high" />`,
      `<link rel="preload" as="image" href="${PROMO_POSTER}" type="image/webp" media="not all and ${PROMO_PHONE_MEDIA}" fetchpriority="high" />`,
    ].join('\n    ');
  }
  if (!page.product) return undefined;
  const { imageUrl } = variationShown(page.product);
  if (!imageUrl) return undefined;
  const srcset = imageSrcSet(imageUrl);
  return `<link rel="preload" as="image" href="${escapeHtml(imageUrl)}"${
    srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${PRODUCT_PAGE_IMAGE_SIZES}"` : ''
  } fetchpriority="high" />`;
}

/** The built page with this head in place of its own title and description. */
export function withHead(shell: string, head: string) {
  return shell.replace(/\s*<meta name="description"[^>]*>/, '').replace(/<title>[^<]*<\/title>/, () => head);
}
