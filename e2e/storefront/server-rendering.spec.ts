import type { Product, ProductSummary } from '@habi/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { saveCart, teeLine } from './cart-helpers.ts';

// The public storefront is sent rendered: what a search engine or a link preview reads from the
// raw HTML, what a visitor sees before any script runs, and a page that then comes alive in the
// browser (hydration) without a console error and without asking again for the data it came with.

const money = (price: string) => `₱${Number(price).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;

interface PublicPage {
  url: string;
  status: number;
  /** Text the rendered body holds. */
  texts: string[];
  /** API paths whose answers the page came with: the browser must not ask for them again. */
  embedded: string[];
}

async function publicPages(request: APIRequestContext): Promise<{ pages: PublicPage[]; product: Product }> {
  // Other specs add products (some without variations) and delete them as they run: the newest
  // is read again if it went between the two reads.
  let newest: ProductSummary | undefined;
  let product: Product | undefined;
  for (let attempt = 0; !product && attempt < 10; attempt++) {
    [newest] = (await (await request.get('/api/product/all?limit=1')).json()) as ProductSummary[];
    const answer = await request.get(`/api/product/${newest!._id}`);
    if (answer.ok()) product = (await answer.json()) as Product;
  }
  if (!product) throw new Error('the newest product kept changing');
  const [cheapestWomen] = (await (
    await request.get('/api/product/all?category=Women&sort=asc&limit=1')
  ).json()) as ProductSummary[];
  return {
    product,
    pages: [
      {
        url: '/',
        status: 200,
        texts: ['Everyday pieces, made to last.', 'Latest Collections', newest!.name, 'Ways to pay'],
        embedded: ['/api/product/all', '/api/product/best', '/api/payments/options'],
      },
      {
        url: '/products?category=Women&sort=asc',
        status: 200,
        texts: ['Products Collections', cheapestWomen!.name, money(cheapestWomen!.price)],
        embedded: ['/api/product/all'],
      },
      {
        url: `/view?pid=${product._id}`,
        status: 200,
        texts: [product.variations[0]?.name ?? product.name, money(product.price), 'Add to Cart'],
        embedded: [`/api/product/${product._id}`, '/api/payments/options'],
      },
      { url: '/about', status: 200, texts: ['Clothes made with care'], embedded: ['/api/product/best'] },
      {
        url: '/delivery',
        status: 200,
        texts: ['Delivery options and fees', 'Pay by '],
        embedded: ['/api/payments/options'],
      },
      { url: '/privacy', status: 200, texts: ['Privacy Policy'], embedded: [] },
      { url: '/no-such-page', status: 404, texts: ['Not Found!'], embedded: [] },
    ],
  };
}

/** The text of the rendered root element, tags stripped. */
const rootText = (html: string) => {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json"');
  return start < 0 || end < 0
    ? ''
    : html
        .slice(start, end)
        .replace(/<[^>]+>/g, ' ')
        .replaceAll('&#x27;', "'")
        .replaceAll('&amp;', '&');
};

test('every public page is sent rendered, with its status, head and the data it was drawn from', async ({
  request,
}) => {
  const { pages, product } = await publicPages(request);
  for (const expected of pages) {
    const response = await request.get(expected.url);
    expect(response.status(), expected.url).toBe(expected.status);
    const html = await response.text();
    for (const text of expected.texts) expect(rootText(html), `${expected.url}: ${text}`).toContain(text);
    const state = /<script type="application\/json" id="habi-state"[^>]*>(.*?)<\/script>/.exec(html)?.[1];
    expect(() => JSON.parse(state!), expected.url).not.toThrow();
    if (expected.status === 200) {
      expect(html, expected.url).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html, expected.url).toMatch(/<link rel="canonical" href="http[^"]+"/);
    }
  }

  // A product page's structured data, with the product's real name and price.
  const html = await (await request.get(`/view?pid=${product._id}`)).text();
  const data = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap((match) =>
    JSON.parse(match[1]!),
  );
  const offered = data.find((item) => item['@type'] === 'Product');
  expect(offered.name).toBe(product.name);
  expect(offered.offers).toMatchObject({ priceCurrency: 'PHP', price: product.price });
  expect(html).toContain(`<title>${product.name} | Habi</title>`);
});

test('personal pages and the back office are left to the browser, and kept out of search engines', async ({
  request,
}) => {
  for (const url of ['/sign-in', '/user', '/admin/orders']) {
    const html = await (await request.get(url)).text();
    expect(html, url).toContain('<div id="root"></div>');
    expect(html, url).not.toContain('id="habi-state"');
    expect(html, url).toContain('<meta name="robots" content="noindex" />');
  }
});

test.describe("the cart, before the app's code runs", () => {
  // The app's code held back: what a shopper sees while it loads is what the server sent, with
  // the head's script (the one script that runs here) saying whether the browser holds lines.
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  });

  const open = (page: Page) => page.goto('/cart', { waitUntil: 'commit' });

  test('is sent drawn, kept out of search engines', async ({ request }) => {
    const response = await request.get('/cart');
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const text of ['Shopping Cart', 'Cart is currently empty.', 'Review your Cart']) {
      expect(rootText(html)).toContain(text);
    }
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(response.headers()['x-robots-tag']).toBe('noindex');
  });

  /** The number the header's cart badge shows. */
  const badge = (page: Page) =>
    page
      .getByRole('link', { name: /^Cart/ })
      .locator('span')
      .evaluate((span) => span.textContent || getComputedStyle(span, '::before').content);

  test('shows an empty cart as empty', async ({ page }) => {
    await open(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByText('Cart is currently empty.')).toBeVisible();
    await expect(page.getByText('Nothing here yet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Review your Cart' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeHidden();
    await expect.poll(() => badge(page)).toBe('"0"');
  });

  test('shows a cart with lines as their places, never as empty', async ({ page, request }) => {
    await saveCart(page, [await teeLine(request)]);
    await open(page);
    await expect(page.getByRole('heading', { name: 'Review your Cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
    await expect(page.getByText('Cart is currently empty.')).toBeHidden();
    await expect(page.getByText('Nothing here yet.')).toBeHidden();
  });

  test("shows the cart's quantity on every page's badge", async ({ page, request }) => {
    const tee = await teeLine(request);
    await saveCart(page, [tee, { ...tee, cartProductId: 'e2e-second-line', size: 'L', quantity: 3 }]);
    for (const url of ['/cart', '/', '/products', '/about']) {
      await page.goto(url, { waitUntil: 'commit' });
      // Polled: the number is drawn once the stylesheet has arrived.
      await expect.poll(() => badge(page), { message: url }).toBe('"5"');
    }
  });
});

test('a cart sent drawn comes alive with its lines, and empty once they are removed', async ({
  page,
  request,
}) => {
  const line = await teeLine(request);
  await saveCart(page, [line]);
  await page.goto('/cart');
  const lines = page.getByRole('region', { name: 'Review your Cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(line.name);
  await expect(page.getByText('2 items in your cart')).toBeVisible();
  await lines
    .first()
    .getByRole('button', { name: `Delete ${line.name}` })
    .click();
  // The page drew both states until the cart was read: now the empty one shows, as it is.
  await expect(page.getByText('Cart is currently empty.')).toBeVisible();
  await expect(page.getByText('Nothing here yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Review your Cart' })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a shopper still sees the collection and a product with its price', async ({ page, request }) => {
    const { product } = await publicPages(request);
    const men = (await (
      await request.get('/api/product/all?category=Men&limit=24')
    ).json()) as ProductSummary[];
    await page.goto('/products?category=Men');
    await expect(page.getByRole('heading', { level: 1, name: 'Products Collections' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Products', exact: true }).locator('li h3')).toHaveText(
      men.map((summary) => summary.name),
    );

    // The page shows the first variation's name, or the product's when it has none.
    const shown = product.variations[0]?.name ?? product.name;
    await page.goto(`/view?pid=${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: shown })).toBeVisible();
    await expect(page.getByText(money(product.price)).first()).toBeVisible();
    await expect(page.getByRole('img', { name: shown, exact: true })).toBeVisible();
  });
});

test('each public page comes alive without a console error and without fetching its data again', async ({
  page,
  request,
}) => {
  const { pages } = await publicPages(request);
  // Each page asked for once already (so the server sends it as kept), and the shopper's device
  // ten minutes ahead: data drawn minutes ago is still current when the server sends the page.
  for (const { url } of pages) await request.get(url);
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  for (const expected of pages) {
    asked.length = 0;
    await page.goto(expected.url);
    await page.waitForLoadState('networkidle');
    for (const path of expected.embedded) expect(asked, `${expected.url} asked again`).not.toContain(path);
  }
  // Alive: the collection's sort answers (the fixture fails the test on any console error).
  await page.goto('/products');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Low to High' }).click();
  await expect(page).toHaveURL('/products?sort=asc');
});

test('a rendered page asks for the app beyond its entry only once it is painted and loaded', async ({
  page,
}) => {
  for (const url of ['/', '/products']) {
    await page.goto(url);
    const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    const { fcp, load, scripts } = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        load: navigation!.loadEventStart,
        scripts: performance
          .getEntriesByType('resource')
          .filter((resource) => /\/assets\/.+\.js$/.test(resource.name))
          .map((resource) => ({ path: new URL(resource.name).pathname, start: resource.startTime })),
      };
    });
    expect(fcp, `${url} painted`).toBeGreaterThan(0);
    const app = scripts.filter((script) => script.path !== entry);
    expect(app.length, `${url}: the app's files`).toBeGreaterThan(5);
    for (const script of app) {
      expect(script.start, `${url}: ${script.path} after the first paint`).toBeGreaterThanOrEqual(fcp!);
      expect(script.start, `${url}: ${script.path} after load`).toBeGreaterThanOrEqual(load);
    }
  }
});
