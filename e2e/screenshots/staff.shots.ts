import type { Product } from '@habi/shared';
import {
  adminApi,
  createProductViaApi,
  mailText,
  placeOrder,
  signInAdmin,
  uniqueTag,
} from '../admin/helpers.ts';
import { expect, signUpViaApi, test } from '../fixtures.ts';
import { shoot } from './shoot.ts';

// The owner's Staff page with a member of each role and an invite waiting, and the page an
// invite's link opens, for visual review. The behaviour is tested in ../admin/staff.spec.ts.

test('staff', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const tag = uniqueTag();
  for (const [name, role] of [
    ['Maria Manager', 'manager'],
    ['Rosa Packer', 'fulfilment'],
    ['Sam Support', 'support'],
  ] as const) {
    const sent = await api.post('/api/admin/staff/invites', {
      data: { email: `${role}.${tag}@example.com`, name, role },
    });
    expect(sent.status()).toBe(201);
  }
  await api.dispose();
  await signInAdmin(page.request, baseURL!);
  await page.goto('/admin/staff');
  await expect(
    page.getByRole('region', { name: /Invites/ }).getByText(`support.${tag}@example.com`),
  ).toBeVisible();
  await shoot(page, testInfo, 'admin-staff');
  await page.getByRole('button', { name: 'Invite staff' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite staff' })).toBeVisible();
  await shoot(page, testInfo, 'admin-staff-invite');
});

test('staff invite', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const email = `joiner.${uniqueTag()}@example.com`;
  expect(
    (
      await api.post('/api/admin/staff/invites', { data: { email, name: 'Rosa Packer', role: 'fulfilment' } })
    ).status(),
  ).toBe(201);
  const link = /\/admin\/invite\?token=[\w-]{43}/.exec(await mailText(api, email, 'staff-invite'))![0];
  await api.dispose();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome, Rosa Packer!' })).toBeVisible();
  await shoot(page, testInfo, 'admin-staff-accept');
  await page.goto('/admin/invite?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'This invite does not work' })).toBeVisible();
  await shoot(page, testInfo, 'admin-staff-accept-bad-link');
});

test('fulfilment order', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const tag = uniqueTag();
  const email = `packer.${tag}@example.com`;
  await api.post('/api/admin/staff/invites', { data: { email, name: 'Rosa Packer', role: 'fulfilment' } });
  const link = /\/admin\/invite\?token=[\w-]{43}/.exec(await mailText(api, email, 'staff-invite'))![0];
  const id = await createProductViaApi(api, { name: `Packed ${tag} Tee`, price: '450.00' });
  const product = (await (await api.get(`/api/product/${id}`)).json()) as Product;
  const shopperApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const shopper = await signUpViaApi(shopperApi, baseURL!);
  const order = await placeOrder(shopperApi, baseURL!, shopper.id, [
    { product, variation: 0, size: 'M', quantity: 2, fee: 50 },
  ]);
  await shopperApi.dispose();
  await api.dispose();

  await page.goto(link);
  await page.getByLabel('Username').fill(`packer-${tag}`);
  await page.getByLabel('Password', { exact: true }).fill('packer-secret-42');
  await page.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(page).toHaveURL('/admin/orders');
  await page.goto(`/admin/product_management?oid=${order._id}`);
  await expect(page.getByRole('table', { name: 'Ordered products' })).toBeVisible();
  await shoot(page, testInfo, 'admin-order-fulfilment');
});
