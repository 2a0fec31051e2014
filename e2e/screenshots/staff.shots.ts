import { adminApi, mailText, signInAdmin, uniqueTag } from '../admin/helpers.ts';
import { expect, test } from '../fixtures.ts';
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
