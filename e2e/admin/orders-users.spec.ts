import type { Order, Product } from '@habi/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, routeGate, signUpViaApi, test } from '../fixtures.ts';
import {
  adminApi,
  createProductViaApi,
  placeOrder,
  pngFile,
  searchTable,
  signInAdmin,
  tableRows,
  uniqueTag,
} from './helpers.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await signInAdmin(page.request, baseURL!);
});

test.describe('Orders List, Manage Product Order and Users List', () => {
  // One worker for the group: its beforeAll data is counted exactly.
  test.describe.configure({ mode: 'default' });
  const tag = uniqueTag();
  let api: APIRequestContext;
  let productId: string;
  const orders: Order[] = [];
  const shoppers: { id: string; name: string; email: string }[] = [];

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await adminApi(playwright, baseURL!);
    const name = `Orders ${tag} Cap Navy`;
    productId = await createProductViaApi(api, { name, price: '250.00', variations: [name] });
    const product = (await (await api.get(`/api/product/${productId}`)).json()) as Product;
    // Two shoppers named alike: eleven orders by the first, one by the second.
    for (const [index, count] of [11, 1].entries()) {
      const context = await playwright.request.newContext({ baseURL });
      const shopper = await signUpViaApi(context, baseURL!, {
        name: `${index === 0 ? 'Alba' : 'Zamora'} Orderer ${tag}`,
        email: `${index === 0 ? 'alba' : 'zamora'}.${tag}@example.com`,
        contactNumber: '+639171234567',
        password: 'secret123',
      });
      shoppers.push(shopper);
      for (let i = 0; i < count; i += 1) {
        orders.push(
          await placeOrder(context, baseURL!, shopper.id, [
            { product, variation: 0, size: 'M', quantity: i + 1, fee: 0 },
          ]),
        );
      }
      await context.dispose();
    }
  });
  test.afterAll(async () => {
    for (const order of orders)
      await api.delete(`/api/orders/delete/${order._id}`, { data: { orderId: order._id } });
    for (const shopper of shoppers)
      await api.delete(`/api/users/delete/${shopper.id}`, { data: { _id: shopper.id } });
    await api.delete(`/api/product/delete/${productId}`, { data: { _id: productId } });
    await api.dispose();
  });

  test('Orders List searches customers and pages on the server', async ({ page }) => {
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: 'Orders List' })).toBeVisible();
    await searchTable(page, 'Search customer...', `Orderer ${tag}`);
    await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
    const rows = tableRows(page, 'Orders');
    await expect(rows).toHaveCount(10);
    await expect(rows.first().getByText('pending', { exact: true })).toBeVisible();
    // Rows dim while a refetch is under way; axe checks their contrast once it is done.
    await expect(page.getByRole('table', { name: 'Orders' })).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 11–12 of 12')).toBeVisible();
    await expect(rows).toHaveCount(2);

    // Sorted by customer name: Alba's eleven, then Zamora's one.
    const header = page.getByRole('columnheader', { name: /Customer Name/ });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
    await expect(rows.first()).toContainText(`Alba Orderer ${tag}`);
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(`Zamora Orderer ${tag}`);

    await searchTable(page, 'Search customer...', `Zamora Orderer ${tag}`);
    await expect(rows).toHaveCount(1);
    await searchTable(page, 'Search customer...', `${tag} nobody`);
    await expect(page.getByText('No results.')).toBeVisible();
  });

  test('Manage Product Order sends nothing when no status changed', async ({ page }) => {
    const order = orders[0]!;
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'PATCH' && sent.push(r.url()));
    await page.goto(`/admin/product_management?oid=${order._id}`);
    await expect(page.getByRole('heading', { name: 'Manage Product Order' })).toBeVisible();
    const line = page.getByRole('table', { name: 'Ordered products' }).locator('tbody tr');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('₱250.00');
    await expect(line).toContainText('M');
    await expect(page.getByRole('combobox', { name: /^Status of/ })).toHaveValue('toPay');
    await expectAccessible(page);

    const unchanged = page.getByRole('alert').filter({ hasText: "You didn't modify the status! 😒" });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(unchanged).toBeVisible();
    // Changed and changed back is no change either. The warning comes back once the first one
    // has closed: proof that the second click was handled, and handled without a request.
    await expect(unchanged).toBeHidden();
    await page.getByRole('combobox', { name: /^Status of/ }).selectOption('toReceive');
    await page.getByRole('combobox', { name: /^Status of/ }).selectOption('toPay');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(unchanged).toBeVisible();
    expect(sent).toEqual([]);
    await expect(page).toHaveURL(`/admin/product_management?oid=${order._id}`);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/admin/orders');
  });

  test('Manage Product Order shows its loading states', async ({ page }) => {
    const order = orders[1]!;
    // Each answer is held until the test has seen what the page shows while it waits.
    const orderLoaded = routeGate();
    const statusChecked = routeGate();
    await page.route(`**/api/orders/${order._id}`, async (route) => {
      await orderLoaded.opened;
      await route.continue();
    });
    await page.route(`**/api/orders/checkAndUpdateOrder/${order._id}`, async (route) => {
      await statusChecked.opened;
      await route.continue();
    });
    const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
    await page.goto(`/admin/product_management?oid=${order._id}`);
    await expect(loading).toBeVisible();
    orderLoaded.open();
    await expect(loading).toBeHidden();
    await page.getByRole('combobox', { name: /^Status of/ }).selectOption('toReceive');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(loading).toBeVisible();
    await expect(page).toHaveURL(`/admin/product_management?oid=${order._id}`);
    statusChecked.open();
    await expect(page).toHaveURL('/admin/orders');
  });

  test('Users List searches, sorts by Name and Email, and pages', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
    await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
    await searchTable(page, 'Search name...', `Orderer ${tag}`);
    const rows = tableRows(page, 'Users');
    await expect(rows).toHaveCount(2);
    await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();
    await expect(rows.first().getByRole('img')).toBeVisible();

    const name = page.getByRole('columnheader', { name: /^Name/ });
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(`Alba Orderer ${tag}`);
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(`Zamora Orderer ${tag}`);

    const email = page.getByRole('columnheader', { name: /^Email/ });
    await email.getByRole('button').click();
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await expect(name).not.toHaveAttribute('aria-sort', /.+/);
    await expect(rows.first()).toContainText(`alba.${tag}@example.com`);
    await expect(rows.first()).toContainText('+639171234567');
    await expectAccessible(page);

    await searchTable(page, 'Search name...', `${tag} nobody`);
    await expect(page.getByText('No results.')).toBeVisible();
  });
});

test.describe('Update Admin Profile', () => {
  test('shows the messages, then saves a new picture and email', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('link', { name: /Update admin profile/ }).click();
    await expect(page).toHaveURL('/admin/update_admin_profile');
    await expect(page.getByRole('heading', { name: 'Update Admin Profile' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('admin');

    await page.getByLabel('Username').fill('');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await page.getByLabel('Username').fill('adm');
    await expect(page.getByText('Required', { exact: true })).toBeVisible();

    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Email').fill(`admin.${uniqueTag()}@example.com`);
    await page.locator('input[name="imageUrl"]').setInputFiles(pngFile('blue', 'avatar.png'));
    await expect(page.getByText('avatar.png')).toBeVisible();
    await expectAccessible(page);

    const email = await page.getByLabel('Email').inputValue();
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Profile updated successfully' })).toBeVisible();
    await expect(page).toHaveURL('/admin');
    // The header's avatar is the new picture now, and the profile was stored.
    await expect(page.getByRole('banner').locator('img[src^="/uploads/"]')).toBeVisible();
    const admin = await (await page.request.get('/api/admin')).json();
    expect(admin).toMatchObject({
      username: 'admin',
      email,
      imageUrl: expect.stringMatching(/^\/uploads\//),
    });

    await page.getByRole('link', { name: /Update admin profile/ }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/admin');
  });
});
