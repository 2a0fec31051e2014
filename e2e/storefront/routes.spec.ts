import type { ProductSummary } from '@habi/shared';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signUpViaApi, test } from '../fixtures.ts';
import { cardNames, cardPrices, results } from './listing.ts';

// Every storefront route, opened by a deep link and again after a reload, as a visitor and as a
// signed-in shopper, with the redirects between them; the phone menu, the keyboard path through
// the header and the same-origin rule. Axe scans each of these pages at both widths in
// accessibility.spec.ts. (Screenshots of these pages: `npm run screenshots`.)

interface Shopper {
  id: string;
  name: string;
  email: string;
}

interface Context {
  /** A real product and the name its page shows (its first variation's). */
  product: { id: string; heading: string };
  shopper?: Shopper;
}

type State = 'visitor' | 'shopper';

interface RouteCase {
  name: string;
  path(context: Context): string;
  /** Where a visitor is sent instead (docs/business-rules.md, "Who may see and do what"). */
  visitorGoesTo?: '/sign-in';
  /** Where a signed-in shopper is sent instead. */
  shopperGoesTo?: '/user';
  /** The page's main heading and key text. */
  expectPage(page: Page, context: Context): Promise<void>;
  /** Then, where the page is a way somewhere else, taking it. */
  leave?(page: Page): Promise<void>;
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function expectSignIn(page: Page) {
  await expect(h1(page, 'Sign In')).toBeVisible();
  await expect(page.getByText('Please input valid credentials.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
}

/** The customer area with the given tab current; a new shopper has no orders yet. */
function accountTab(tab: string) {
  return async (page: Page, { shopper }: Context) => {
    await expect(h1(page, shopper!.name)).toBeVisible();
    await expect(page.getByText(shopper!.email, { exact: true })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Order status' });
    await expect(tabs.getByRole('link')).toHaveText([
      'All Orders',
      'To Pay',
      'To Receive',
      'Delivered',
      'Cancelled',
    ]);
    await expect(tabs.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByText("You don't have any order yet.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Collections' })).toHaveAttribute('href', '/products');
  };
}

const ROUTES: RouteCase[] = [
  {
    name: 'home',
    path: () => '/',
    async expectPage(page) {
      await expect(h1(page, 'Everyday pieces, made to last.')).toBeVisible();
      for (const section of ['Latest Collections', 'Best Collections']) {
        await expect(cardNames(page.getByRole('region', { name: section }))).toHaveCount(5);
      }
      await expect(page.getByRole('link', { name: 'Browse Collections' })).toHaveAttribute(
        'href',
        '/products',
      );
    },
  },
  {
    name: 'about',
    path: () => '/about',
    async expectPage(page) {
      await expect(h1(page, 'Clothes made with care, for the way you live.')).toBeVisible();
      await expect(page.getByText('Sustainable, ethical sourcing')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Why Us' }).getByRole('listitem')).toHaveCount(4);
    },
  },
  {
    name: 'products',
    path: () => '/products',
    async expectPage(page) {
      await expect(h1(page, 'Products Collections')).toBeVisible();
      await expect(page.getByRole('group', { name: 'Categories', exact: true })).toBeAttached();
      await expect(page.getByRole('group', { name: 'Subcategories', exact: true })).toBeAttached();
      await expect(cardNames(results(page))).toHaveCount(24);
    },
  },
  {
    name: 'products-men-desc',
    path: () => '/products?category=Men&sort=desc',
    async expectPage(page) {
      await expect(page).toHaveURL('/products?category=Men&sort=desc');
      await expect(h1(page, 'Products Collections')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Men', exact: true })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Women', exact: true })).not.toBeChecked();
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('High to Low');
      // The first page of Men products the API lists, most expensive first (other specs add some
      // of their own while this runs, so it is read as the page is).
      const menByPrice = (await (
        await page.request.get('/api/product/all?category=Men&sort=desc&limit=24')
      ).json()) as ProductSummary[];
      await expect(cardNames(results(page))).toHaveCount(menByPrice.length);
      await expect.poll(() => cardPrices(results(page))).toEqual(menByPrice.map((p) => Number(p.price)));
      expect((await cardNames(results(page)).allInnerTexts()).sort()).toEqual(
        menByPrice.map((p) => p.name).sort(),
      );
    },
  },
  {
    name: 'view',
    path: ({ product }) => `/view?pid=${product.id}`,
    async expectPage(page, { product }) {
      await expect(h1(page, product.heading)).toBeVisible();
      await expect(page.getByRole('img', { name: product.heading, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    },
  },
  {
    name: 'cart',
    path: () => '/cart',
    async expectPage(page) {
      await expect(h1(page, 'Shopping Cart')).toBeVisible();
      await expect(page.getByText('Cart is currently empty.')).toBeVisible();
      await expect(
        page.getByRole('link', { name: 'Browse the collection to add products to your cart.' }),
      ).toHaveAttribute('href', '/products');
    },
  },
  { name: 'sign-in', path: () => '/sign-in', shopperGoesTo: '/user', expectPage: expectSignIn },
  {
    name: 'sign-up',
    path: () => '/sign-up',
    shopperGoesTo: '/user',
    async expectPage(page) {
      await expect(h1(page, 'Sign Up')).toBeVisible();
      await expect(page.getByText('Please input valid credentials.')).toBeVisible();
      await expect(page.getByLabel('Contact Number')).toHaveValue('+63');
      await expect(page.getByRole('link', { name: 'Sign In here.' })).toHaveAttribute('href', '/sign-in');
    },
  },
  { name: 'user', path: () => '/user', visitorGoesTo: '/sign-in', expectPage: accountTab('All Orders') },
  {
    name: 'user-to-pay',
    path: () => '/user/to-pay_products',
    visitorGoesTo: '/sign-in',
    expectPage: accountTab('To Pay'),
  },
  {
    name: 'user-to-receive',
    path: () => '/user/to-receive_products',
    visitorGoesTo: '/sign-in',
    expectPage: accountTab('To Receive'),
  },
  {
    name: 'user-delivered',
    path: () => '/user/delivered_products',
    visitorGoesTo: '/sign-in',
    expectPage: accountTab('Delivered'),
  },
  {
    name: 'user-cancelled',
    path: () => '/user/cancelled_products',
    visitorGoesTo: '/sign-in',
    expectPage: accountTab('Cancelled'),
  },
  {
    name: 'update-profile',
    // A visitor has no id of their own: any well-formed one must still lead to /sign-in.
    path: ({ shopper }) =>
      `/user/update_profile?uid=${shopper?.id ?? '00000000-0000-4000-8000-000000000000'}`,
    visitorGoesTo: '/sign-in',
    async expectPage(page, { shopper }) {
      await expect(page).toHaveURL(`/user/update_profile?uid=${shopper!.id}`);
      await expect(h1(page, 'Update Profile')).toBeVisible();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(shopper!.name);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper!.email);
      await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    },
  },
  {
    name: 'confirmation',
    path: () => '/confirmation',
    async expectPage(page) {
      await expect(h1(page, 'Thank you for purchasing.')).toBeVisible();
      await expect(
        page.getByText('Stay tune on our application for updates regarding your order(s).'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
      // The confirmation stands alone: no storefront header or footer.
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    },
  },
  {
    name: 'not-found',
    path: () => '/no/such/page',
    async expectPage(page) {
      await expect(h1(page, 'Not Found!')).toBeVisible();
      await expect(page.getByText('I think you went to non-existing page.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    },
    async leave(page) {
      await page.getByRole('link', { name: 'Go to Home' }).click();
      await expect(page).toHaveURL('/');
      await expect(h1(page, 'Everyday pieces, made to last.')).toBeVisible();
    },
  },
];

/** Collects every request the page makes, to check later that none left the store's origin. */
function watchRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

function expectSameOrigin(urls: string[], baseURL: string) {
  expect(urls.length).toBeGreaterThan(0);
  const foreign = urls.filter(
    (url) => !url.startsWith(`${baseURL}/`) && !url.startsWith('data:') && !url.startsWith('blob:'),
  );
  expect(foreign, 'requests to other hosts').toEqual([]);
}

async function loadContext(page: Page): Promise<Context> {
  const all = (await (await page.request.get('/api/product/all')).json()) as ProductSummary[];
  const detail = await (await page.request.get(`/api/product/${all[0]!._id}`)).json();
  return { product: { id: detail._id, heading: detail.variations[0]?.name ?? detail.name } };
}

for (const state of ['visitor', 'shopper'] as State[]) {
  test.describe(`as a ${state}`, () => {
    for (const route of ROUTES) {
      const redirect = state === 'visitor' ? route.visitorGoesTo : route.shopperGoesTo;
      const title = `${route.name}: a deep link and a reload ${redirect ? `go to ${redirect}` : 'show the page'}`;
      test(title, async ({ page, baseURL }) => {
        const requested = watchRequests(page);
        const context = await loadContext(page);
        if (state === 'shopper') {
          const shopper = await signUpViaApi(page.request, baseURL!);
          context.shopper = { id: shopper.id, name: shopper.name, email: shopper.email };
        }
        const expectLanding = async () => {
          if (redirect === '/sign-in') {
            await expect(page).toHaveURL('/sign-in');
            await expectSignIn(page);
          } else if (redirect === '/user') {
            await expect(page).toHaveURL('/user');
            await accountTab('All Orders')(page, context);
          } else {
            await route.expectPage(page, context);
          }
        };

        await page.goto(route.path(context));
        await expectLanding();
        await page.reload();
        await expectLanding();

        if (!redirect && route.leave) await route.leave(page);
        expectSameOrigin(requested, baseURL!);
      });
    }
  });
}

test.describe('header', () => {
  const menuButton = (page: Page, name: 'Open menu' | 'Close menu') => page.getByRole('button', { name });

  test('at 390 px the menu button opens the menu, and choosing a link navigates and closes it', async ({
    page,
    baseURL,
  }) => {
    const requested = watchRequests(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(h1(page, 'Everyday pieces, made to last.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toHaveCount(0);
    await expect(menuButton(page, 'Open menu')).toHaveAttribute('aria-expanded', 'false');

    // The button toggles: open, then closed again without leaving the page.
    await menuButton(page, 'Open menu').click();
    await expect(menuButton(page, 'Close menu')).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Collections', 'About']);
    await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
    await menuButton(page, 'Close menu').click();
    await expect(menu).toHaveCount(0);
    await expect(page).toHaveURL('/');

    for (const [link, url, heading] of [
      ['Collections', '/products', 'Products Collections'],
      ['About', '/about', 'Clothes made with care, for the way you live.'],
      ['Home', '/', 'Everyday pieces, made to last.'],
    ] as const) {
      await menuButton(page, 'Open menu').click();
      await menu.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(h1(page, heading)).toBeVisible();
      await expect(menu).toHaveCount(0);
      await expect(menuButton(page, 'Open menu')).toHaveAttribute('aria-expanded', 'false');
    }

    // The header's other links are links chosen too: the cart, the account, the logo; and Back
    // leaves the page the menu was opened on.
    for (const [link, url] of [
      [page.getByRole('link', { name: 'Cart, 0 items' }), '/cart'],
      [page.getByRole('link', { name: 'Account' }), '/sign-in'],
      [page.getByRole('link', { name: 'Habi home' }), '/'],
    ] as const) {
      await menuButton(page, 'Open menu').click();
      await expect(menu).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(url);
      await expect(menu).toHaveCount(0);
    }
    await menuButton(page, 'Open menu').click();
    await page.goBack();
    await expect(page).toHaveURL('/sign-in');
    await expect(menu).toHaveCount(0);

    // By keyboard: Tab from the top reaches the skip link, logo, search button, account, cart and
    // the menu button; Enter opens the menu and Tab goes on into its links.
    await page.goto('/about');
    await expect(h1(page, 'Clothes made with care, for the way you live.')).toBeVisible();
    for (const stop of [
      page.getByRole('link', { name: 'Skip to content' }),
      page.getByRole('link', { name: 'Habi home' }),
      page.getByRole('button', { name: 'Open search' }),
      page.getByRole('link', { name: 'Account' }),
      page.getByRole('link', { name: 'Cart, 0 items' }),
      menuButton(page, 'Open menu'),
    ]) {
      await page.keyboard.press('Tab');
      await expect(stop).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(menuButton(page, 'Close menu')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/products');
    await expect(menu).toHaveCount(0);
    expectSameOrigin(requested, baseURL!);
  });

  for (const [route, heading] of [
    ['/', 'Everyday pieces, made to last.'],
    ['/products', 'Products Collections'],
    ['/cart', 'Shopping Cart'],
  ] as const) {
    test(`on ${route}, Tab from the top reaches the skip link, the nav links, search, account and cart`, async ({
      page,
      baseURL,
    }) => {
      const requested = watchRequests(page);
      await page.goto(route);
      await expect(h1(page, heading)).toBeVisible();

      const skip = page.getByRole('link', { name: 'Skip to content' });
      const stops = [
        skip,
        page.getByRole('link', { name: 'Habi home' }),
        ...['Home', 'Collections', 'About'].map((name) =>
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }),
        ),
        page.getByRole('searchbox', { name: 'Search products' }),
        page.getByRole('button', { name: 'Search', exact: true }),
        page.getByRole('link', { name: 'Account' }),
        page.getByRole('link', { name: 'Cart, 0 items' }),
      ];
      for (const stop of stops) {
        await page.keyboard.press('Tab');
        await expect(stop).toBeFocused();
        await expect(stop).toBeVisible();
      }

      // The skip link takes the next Tab past the header, into the page's content.
      await page.goto(route);
      await expect(h1(page, heading)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(skip).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('main'))),
        'focus inside main after the skip link',
      ).toBe(true);
      expectSameOrigin(requested, baseURL!);
    });
  }
});
