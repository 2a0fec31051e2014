import { expect, test } from '../fixtures.ts';

test('the 404 page answers any unknown path, with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Not Found!' })).toBeVisible();
  await expect(page.getByText('I think you went to non-existing page.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL('/');
});
