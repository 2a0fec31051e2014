import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { adminApi, mailText, searchTable, signInAdmin, tableRows, uniqueTag } from './helpers.ts';

test('Subscribers lists the newsletter addresses with status and code, filters them and exports CSV', async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = uniqueTag();
  const api = await adminApi(playwright, baseURL!);
  const pending = `pending.${tag}@example.com`;
  const confirmed = `confirmed.${tag}@example.com`;
  for (const email of [pending, confirmed]) {
    const answer = await api.post('/api/newsletter/subscribe', { data: { email } });
    expect(answer.status()).toBe(202);
  }
  // Confirmed from its mail's link, as its owner would.
  const text = await mailText(api, confirmed, 'newsletter-confirm');
  const token = /confirm\?token=([\w-]+)/.exec(text)![1]!;
  const { code } = (await (await api.post('/api/newsletter/confirm', { data: { token } })).json()) as {
    code: string;
  };
  await api.dispose();

  await signInAdmin(page.request, baseURL!);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Subscribers' })
    .click();
  await expect(page).toHaveURL('/admin/subscribers');
  await expect(page.getByRole('heading', { name: 'Subscribers' })).toBeVisible();
  await searchTable(page, 'Search email...', tag);
  const rows = tableRows(page, 'Subscribers');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: pending }).getByText('pending', { exact: true })).toBeVisible();
  const confirmedRow = rows.filter({ hasText: confirmed });
  await expect(confirmedRow.getByText('subscribed', { exact: true })).toBeVisible();
  await expect(confirmedRow).toContainText(code);
  await expect(confirmedRow).toContainText('Not used');
  await expect(page.getByRole('table', { name: 'Subscribers' })).not.toHaveAttribute('aria-busy', 'true');
  await expectAccessible(page);

  await page.getByLabel('Status').selectOption('subscribed');
  await expect(page).toHaveURL(/status=subscribed/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(confirmed);

  // The CSV holds what the table's search and filter match.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('habi-subscribers.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    '"Email","Status","Subscribed","Confirmed","Unsubscribed","Welcome code","Code used"',
  );
  expect(lines.slice(1)).toHaveLength(1);
  expect(lines[1]).toContain(`"${confirmed}","subscribed"`);
  expect(lines[1]).toContain(`"${code}","no"`);
});
