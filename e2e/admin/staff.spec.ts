import type { Product } from '@habi/shared';
import { expect, expectAccessible, signUpViaApi, test } from '../fixtures.ts';
import { adminApi, createProductViaApi, mailText, placeOrder, signInAdmin, uniqueTag } from './helpers.ts';

/** The invite link in a mail's text, as a path of this store. */
const invitePath = (text: string) => /\/admin\/invite\?token=[\w-]{43}/.exec(text)?.[0];

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`Staff roles at ${width} width`, () => {
    test.use({ viewport, hasTouch: width === 'phone' });

    test('the owner invites a fulfilment member, who joins by the mailed link, ships an order and is kept from the rest', async ({
      page,
      browser,
      playwright,
      baseURL,
    }) => {
      // A whole journey in two browsers with axe at each step: slower than one page's test.
      test.slow();
      const tag = uniqueTag();
      const email = `packer.${tag}@example.com`;
      const api = await adminApi(playwright, baseURL!);

      // The owner's Staff page: invite by email, name and role.
      await signInAdmin(page.request, baseURL!);
      await page.goto('/admin/staff');
      await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('region', { name: /Members/ }).getByText('admin', { exact: true }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Invite staff' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite staff' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Name').fill('Rosa Packer');
      await dialog.getByLabel('Role').selectOption('fulfilment');
      await expect(dialog.getByText(/no money figures/)).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Send invite' }).click();
      await expect(dialog).toBeHidden();
      const invites = page.getByRole('region', { name: /Invites/ });
      await expect(invites.getByText(email)).toBeVisible();
      await expect(invites.getByRole('button', { name: `Resend the invite to ${email}` })).toBeVisible();
      await expectAccessible(page);

      // The invitee follows the mailed link in a browser of their own.
      const link = invitePath(await mailText(api, email, 'staff-invite'));
      expect(link).toBeDefined();
      const context = await browser.newContext({ viewport, hasTouch: width === 'phone', baseURL });
      const packer = await context.newPage();
      await packer.goto(link!);
      await expect(packer.getByRole('heading', { name: 'Welcome, Rosa Packer!' })).toBeVisible();
      await expect(packer.getByText('Fulfilment', { exact: true })).toBeVisible();
      await expectAccessible(packer);
      const username = `packer-${tag}`;
      await packer.getByLabel('Username').fill(username);
      await packer.getByLabel('Password', { exact: true }).fill('packer-secret-42');
      await packer.getByRole('button', { name: 'Accept and sign in' }).click();
      await expect(packer).toHaveURL('/admin/orders');
      await expect(packer.getByRole('heading', { name: 'Orders List' })).toBeVisible();

      // The menu shows what the role may use, and nothing else.
      if (width === 'phone') await packer.getByRole('button', { name: 'Open menu' }).click();
      const menu = packer.getByRole('navigation', { name: 'Back office' });
      await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Returns' })).toBeVisible();
      for (const hidden of [
        'Dashboard',
        'Products',
        'Payments',
        'Users',
        'Discounts',
        'Subscribers',
        'Emails',
        'Staff',
      ]) {
        await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
      }
      await expectAccessible(packer);
      if (width === 'phone') await packer.keyboard.press('Escape');

      // The API refuses the rest, whatever the page shows.
      for (const url of [
        '/api/admin/discounts',
        '/api/users/all',
        '/api/admin/reports/stock',
        '/api/admin/dashboard',
      ]) {
        const refused = await packer.request.get(url);
        expect(refused.status(), url).toBe(403);
      }
      // A direct link says so, in the back office's layout.
      await packer.goto('/admin/discounts');
      await expect(packer.getByRole('heading', { name: 'You do not have access' })).toBeVisible();
      await expect(packer.getByText('Your role (Fulfilment) does not include this page.')).toBeVisible();
      await expectAccessible(packer);

      // An order to ship, placed by a shopper.
      const id = await createProductViaApi(api, { name: `Staff ${tag} Tee`, price: '450.00' });
      const product = (await (await api.get(`/api/product/${id}`)).json()) as Product;
      const shopperApi = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { origin: baseURL! },
      });
      const shopper = await signUpViaApi(shopperApi, baseURL!);
      const order = await placeOrder(shopperApi, baseURL!, shopper.id, [
        { product, variation: 0, size: 'M', quantity: 2, fee: 0 },
      ]);

      // Fulfilment ships it from the order's page, which shows its total and no other money.
      await packer.goto(`/admin/product_management?oid=${order._id}`);
      const shipments = packer.getByRole('region', { name: 'Shipments' });
      await expect(shipments.getByText('Nothing has shipped yet.')).toBeVisible();
      await expect(packer.getByRole('region', { name: 'Payment' })).toHaveCount(0);
      // Two at ₱450.00, free delivery, 10% tax.
      await expect(packer.getByText('₱990.00')).toBeVisible();
      const lines = packer.getByRole('table', { name: 'Ordered products' });
      await expect(lines.getByText(`Staff ${tag} Tee`)).toBeVisible();
      await expect(lines.getByRole('columnheader', { name: 'Price' })).toHaveCount(0);
      await expect(packer.getByText(/₱450\.00/)).toHaveCount(0);
      const read = await packer.request.get(`/api/orders/${order._id}`);
      expect(await read.json()).toMatchObject({ moneyHidden: true, total: '990.00' });
      await shipments.getByRole('button', { name: 'Create shipment' }).click();
      const ship = packer.getByRole('dialog', { name: 'Create shipment' });
      const number = `76${Date.now().toString().slice(-10)}`;
      await ship.getByLabel('Tracking number').fill(number);
      await ship.getByRole('button', { name: 'Create shipment' }).click();
      await expect(ship).toBeHidden();
      await expect(shipments.getByRole('link', { name: new RegExp(number) })).toBeVisible();
      // From the top: scrolled, the sticky header lies over the phone link, which axe counts as too close.
      await packer.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(packer);

      // The owner sees the new member; the invite is used up.
      await page.reload();
      await expect(
        page.getByRole('region', { name: /Members/ }).getByText(username, { exact: true }),
      ).toBeVisible();
      await expect(invites.getByText(email)).toHaveCount(0);

      await context.close();
      await shopperApi.dispose();
      await api.dispose();
    });
  });
}
