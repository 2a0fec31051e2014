import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  deleteProductOk,
  editProductOk,
  insertProduct,
  type SignedIn,
  signInAdmin,
  type TestApp,
} from '../../test/helpers.ts';

const PUBLIC_URL = 'https://shop.example.ph';

describe('page statuses, robots.txt and the sitemaps', () => {
  let t: TestApp;
  let web: string;
  let admin: SignedIn;
  const shell =
    '<!doctype html><html><head><meta name="description" content="The store." /><title>Habi</title></head><body><div id="root"></div></body></html>';
  /** The page's body as built: the shell's own, whatever head it is sent with. */
  const bodyOf = (html: string) => html.slice(html.indexOf('<body>'));

  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'habi-web-'));
    await writeFile(path.join(web, 'index.html'), shell);
    t = await buildTestApp({ WEB_DIST: web, PUBLIC_URL });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  const get = (url: string) => t.request({ method: 'GET', url });
  /** The <loc> and <lastmod> pairs of a sitemap. */
  const entries = (xml: string) =>
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => ({
      loc: m[1]!.replaceAll('&amp;', '&'),
      lastmod: m[2],
    }));
  const productLocs = async () =>
    entries((await get('/sitemap-products-1.xml')).body)
      .map((e) => e.loc)
      .filter((loc) => loc.includes('/view?pid='));

  it("answers the app's pages 200 with the page shell, deep links and the back office included", async () => {
    for (const url of [
      '/',
      '/about',
      '/products?category=Men&sort=asc',
      '/cart',
      '/user/to-pay_products',
      '/admin',
      '/admin/orders',
      '/sign-in/',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(bodyOf(response.body), url).toBe(bodyOf(shell));
    }
  });

  it("lets search engines index the storefront's public pages alone (X-Robots-Tag)", async () => {
    const product = await insertProduct(t, { name: 'Indexed Linen Shirt' });
    for (const url of ['/', '/about', '/products?category=Men', `/view?pid=${product.id}`]) {
      expect((await get(url)).headers['x-robots-tag'], url).toBeUndefined();
    }
    for (const url of [
      '/cart',
      '/sign-in',
      '/user',
      '/user/to-pay_products',
      '/admin',
      '/admin/orders',
      '/no-such-page',
      `/view?pid=${randomUUID()}`,
    ]) {
      expect((await get(url)).headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it('answers any other path 404 with the page shell, which shows the not-found page', async () => {
    for (const url of ['/no-such-page', '/products/shirts', '/aboutus?x=1', '/view/extra']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(bodyOf(response.body), url).toBe(bodyOf(shell));
    }
    // Files and API paths that are not there stay plain 404s.
    expect((await get('/missing.js')).statusCode).toBe(404);
    expect((await get('/api/no-such-call')).json()).toEqual({ message: 'Not found' });
  });

  it('answers a product page 200 while the product exists, and 404 for one deleted, unknown or malformed', async () => {
    const product = await insertProduct(t, { name: 'Status Linen Shirt' });
    expect((await get(`/view?pid=${product.id}`)).statusCode).toBe(200);
    expect((await get(`/view?pid=${product.id.toUpperCase()}`)).statusCode).toBe(200);
    for (const pid of [randomUUID(), 'not-an-id', '']) {
      expect((await get(`/view?pid=${pid}`)).statusCode, pid).toBe(404);
    }
    expect((await get('/view')).statusCode).toBe(404);
    await deleteProductOk(t, admin, product.id);
    expect((await get(`/view?pid=${product.id}`)).statusCode).toBe(404);
  });

  it('serves robots.txt: the storefront open, the back office, the API and personal pages closed, the sitemap named', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    for (const closed of ['/admin', '/api/', '/cart', '/user', '/sign-in'])
      expect(lines).toContain(`Disallow: ${closed}`);
    for (const open of ['/products', '/view', '/about']) expect(lines).not.toContain(`Disallow: ${open}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('indexes the sitemaps, and lists the pages and every category and subcategory listing', async () => {
    await insertProduct(t, { name: 'Sitemap Linen Tee' });
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const files = [...index.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(files).toEqual([`${PUBLIC_URL}/sitemap-pages.xml`, `${PUBLIC_URL}/sitemap-products-1.xml`]);
    const pages = entries((await get('/sitemap-pages.xml')).body).map((e) => e.loc);
    expect(pages).toEqual(
      expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/about`, `${PUBLIC_URL}/products`]),
    );
    expect(pages).toContain(`${PUBLIC_URL}/products?category=Kids&subCategory=Full+Outfit`);
    expect(pages.filter((loc) => loc.includes('category='))).toHaveLength(3 * 6);
    expect(pages.some((loc) => loc.includes('/cart') || loc.includes('/admin'))).toBe(false);
    expect((await get('/sitemap-products-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-products-0.xml')).statusCode).toBe(404);
  });

  it('lists a product added a moment before with its lastmod, moves lastmod on an edit, and drops one deleted', async () => {
    const added = await insertProduct(t, { name: 'Sitemap Chambray Shirt' });
    const doomed = await insertProduct(t, { name: 'Sitemap Doomed Shorts' });
    const loc = (id: string) => `${PUBLIC_URL}/view?pid=${id}`;
    const before = entries((await get('/sitemap-products-1.xml')).body);
    const first = before.find((e) => e.loc === loc(added.id));
    expect(first?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await productLocs()).toContain(loc(doomed.id));

    await editProductOk(t, admin, added.id, 'Sitemap Chambray Shirt', '999.00');
    const edited = entries((await get('/sitemap-products-1.xml')).body).find((e) => e.loc === loc(added.id));
    expect(Date.parse(edited!.lastmod!)).toBeGreaterThan(Date.parse(first!.lastmod!));

    await deleteProductOk(t, admin, doomed.id);
    expect(await productLocs()).not.toContain(loc(doomed.id));
  });

  /** What a page's head says, read from the HTML as a crawler reads it. */
  const headOf = (html: string) => {
    const head = html.slice(0, html.indexOf('</head>'));
    const fromHtml = (text: string) =>
      text
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
    const meta = (attribute: string, name: string) => {
      const found = head.match(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`, 'g')) ?? [];
      expect(found.length, `${name} at most once`).toBeLessThanOrEqual(1);
      const content = /content="([^"]*)"/.exec(found[0] ?? '')?.[1];
      return content === undefined ? undefined : fromHtml(content);
    };
    return {
      titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => fromHtml(m[1]!)),
      description: meta('name', 'description'),
      robots: meta('name', 'robots'),
      canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1]?.replaceAll('&amp;', '&'),
      og: (name: string) => meta('property', `og:${name}`),
      twitter: (name: string) => meta('name', `twitter:${name}`),
      jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap(
        (m) => JSON.parse(m[1]!) as Record<string, unknown>[],
      ),
    };
  };

  it('sends each public page with its title, description, canonical URL and link preview tags', async () => {
    for (const [url, title, canonical] of [
      ['/', 'Habi', `${PUBLIC_URL}/`],
      ['/about', 'About Us | Habi', `${PUBLIC_URL}/about`],
      ['/delivery', 'Delivery | Habi', `${PUBLIC_URL}/delivery`],
      ['/privacy', 'Privacy Policy | Habi', `${PUBLIC_URL}/privacy`],
      ['/products', 'Products Collections | Habi', `${PUBLIC_URL}/products`],
      // The canonical listing keeps its categories, not the sort or the page's search.
      [
        '/products?category=Men&sort=asc&subCategory=Tops&q=tee',
        'Products Collections | Habi',
        `${PUBLIC_URL}/products?category=Men&subCategory=Tops`,
      ],
    ] as const) {
      const head = headOf((await get(url)).body);
      expect(head.titles, url).toEqual([title]);
      expect(head.description, url).toMatch(/^\S.{20,160}$/);
      expect(head.description, url).not.toBe('The store.');
      expect(head.robots, url).toBeUndefined();
      expect(head.canonical, url).toBe(canonical);
      expect(head.og('url'), url).toBe(canonical);
      expect(head.og('title'), url).toBe(title);
      expect(head.og('type'), url).toBe('website');
      expect(head.og('site_name'), url).toBe('Habi');
      expect(head.og('image'), url).toBe(`${PUBLIC_URL}/media/promo-poster.webp`);
      expect(head.twitter('card'), url).toBe('summary_large_image');
      expect(head.jsonLd, url).toEqual([]);
    }
  });

  it("describes a product page with the product's own name, price and availability, and where it sits", async () => {
    const product = await insertProduct(t, {
      name: 'Head Linen Shirt Sand',
      description: `A breathable linen shirt.  ${'Cut loose, for the hottest days. '.repeat(8)}`,
      price: '1299.50',
      category: 'Women',
      subCategory: 'Tops',
      imageUrl: '/uploads/head-shirt-800.webp',
    });
    const url = `${PUBLIC_URL}/view?pid=${product.id}`;
    const head = headOf((await get(`/view?pid=${product.id}`)).body);
    expect(head.titles).toEqual(['Head Linen Shirt Sand | Habi']);
    expect(head.description).toMatch(
      /^A breathable linen shirt\. Cut loose, for the hottest days\. .*\.\.\.$/,
    );
    expect(head.description!.length).toBeLessThanOrEqual(160);
    expect(head.canonical).toBe(url);
    expect(head.og('type')).toBe('product');
    expect(head.og('image')).toBe(`${PUBLIC_URL}/uploads/head-shirt-800.webp`);
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Head Linen Shirt Sand',
        description: product.description,
        image: [`${PUBLIC_URL}/uploads/head-shirt-800.webp`],
        sku: product.id,
        brand: { '@type': 'Brand', name: 'Habi' },
        category: 'Women > Tops',
        offers: {
          '@type': 'Offer',
          url,
          priceCurrency: 'PHP',
          price: '1299.50',
          availability: 'https://schema.org/InStock',
          itemCondition: 'https://schema.org/NewCondition',
        },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
          { '@type': 'ListItem', position: 2, name: 'Women', item: `${PUBLIC_URL}/products?category=Women` },
          {
            '@type': 'ListItem',
            position: 3,
            name: 'Tops',
            item: `${PUBLIC_URL}/products?category=Women&subCategory=Tops`,
          },
          { '@type': 'ListItem', position: 4, name: 'Head Linen Shirt Sand', item: url },
        ],
      },
    ]);

    // A product that tracks stock is in stock while any of it is left.
    const availability = async (id: string) =>
      (headOf((await get(`/view?pid=${id}`)).body).jsonLd[0]!.offers as { availability: string })
        .availability;
    const variations = [{ name: 'Stocked Tee Navy', imageUrl: '/uploads/navy-800.webp' }];
    const left = await insertProduct(t, {
      variations,
      sizes: ['M', 'L'],
      stock: [
        { variation: 'Stocked Tee Navy', size: 'M', quantity: 0 },
        { variation: 'Stocked Tee Navy', size: 'L', quantity: 2 },
      ],
    });
    expect(await availability(left.id)).toBe('https://schema.org/InStock');
    const soldOut = await insertProduct(t, { variations, sizes: ['M'], stock: [] });
    expect(await availability(soldOut.id)).toBe('https://schema.org/OutOfStock');
  });

  it("writes a product's own text into the head as text: no markup of it runs or leaves the tags", async () => {
    const name = `Tee "</title></script><script>alert(1)</script> <!-- & 'quoted'`;
    const product = await insertProduct(t, { name, description: '</script><img src=x onerror=alert(1)>' });
    const html = (await get(`/view?pid=${product.id}`)).body;
    const head = headOf(html);
    expect(head.titles).toEqual([`${name} | Habi`]);
    expect(head.og('title')).toBe(`${name} | Habi`);
    expect(head.jsonLd[0]).toMatchObject({ name, description: '</script><img src=x onerror=alert(1)>' });
    // The pages' one head script and the product's data: no script the name opened.
    expect(html.match(/<script[ >]/g)).toEqual(['<script>', '<script ']);
    expect(html).not.toContain('<img');
  });

  it('names personal pages and unknown ones, says noindex, and gives them no canonical URL or preview', async () => {
    for (const [url, title, description] of [
      [
        '/cart',
        'Cart | Habi',
        'Your cart at Habi: review your items, choose a delivery date for each, and check out.',
      ],
      ['/sign-in', 'Sign In | Habi', undefined],
      ['/user/to-pay_products', 'My Account | Habi', undefined],
      ['/admin/orders', 'Habi', undefined],
      ['/no-such-page', 'Not Found | Habi', undefined],
      [`/view?pid=${randomUUID()}`, 'Not Found | Habi', undefined],
    ] as const) {
      const head = headOf((await get(url)).body);
      expect(head.titles, url).toEqual([title]);
      expect(head.robots, url).toBe('noindex');
      expect(head.description, url).toBe(description);
      expect(head.canonical, url).toBeUndefined();
      expect(head.og('title'), url).toBeUndefined();
      expect(head.jsonLd, url).toEqual([]);
    }
  });

  it('sends every page with the one inline script the CSP allows, by its hash, in its head', async () => {
    /** Scripts in the page that run: with neither a source nor a data type. */
    const inline = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const cart = await get('/cart');
    const [script, ...more] = inline(cart.body);
    expect(more).toEqual([]);
    expect(script).toContain('localStorage');
    // Before the body: it runs before anything is drawn.
    expect(cart.body.indexOf(script!)).toBeLessThan(cart.body.indexOf('</head>'));
    const hash = createHash('sha256').update(script!).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(cart.headers['content-security-policy'] as string)?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    for (const url of ['/', '/products', '/sign-in', '/user', '/admin/orders', '/no-such-page']) {
      expect(inline((await get(url)).body), url).toEqual([script]);
    }
  });

  it("asks for the page's main image with the page: Home's poster, a product's first photo as its img shows it", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0].replaceAll('&amp;', '&'));
    expect(preloads((await get('/')).body)).toEqual([
      '<link rel="preload" as="image" href="/media/promo-poster-phone.webp" type="image/webp" media="(max-width: 639px)" fetchpriority="high" />',
      '<link rel="preload" as="image" href="/media/promo-poster.webp" type="image/webp" media="not all and (max-width: 639px)" fetchpriority="high" />',
    ]);
    const product = await insertProduct(t, {
      imageUrl: '/uploads/main-800.webp',
      variations: [
        { name: 'Preload Tee Navy', imageUrl: '/uploads/first-800.webp' },
        { name: 'Preload Tee Olive', imageUrl: '/uploads/second-800.webp' },
      ],
    });
    expect(preloads((await get(`/view?pid=${product.id}`)).body)).toEqual([
      '<link rel="preload" as="image" href="/uploads/first-800.webp" imagesrcset="/uploads/first-400.webp 400w, /uploads/first-800.webp 800w" imagesizes="(min-width: 1280px) 640px, (min-width: 1024px) 50vw, 100vw" fetchpriority="high" />',
    ]);
    // Without variations, the product's own photo.
    const plain = await insertProduct(t, { imageUrl: '/uploads/plain-800.webp', variations: [] });
    expect(preloads((await get(`/view?pid=${plain.id}`)).body)).toEqual([
      expect.stringContaining('href="/uploads/plain-800.webp"'),
    ]);
    for (const url of ['/about', '/products', '/cart', '/no-such-page', `/view?pid=${randomUUID()}`]) {
      expect(preloads((await get(url)).body), url).toEqual([]);
    }
  });
});
