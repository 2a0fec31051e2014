import type { Locator, Page } from '@playwright/test';
import { expect, newShopper, signUpViaApi, test } from '../fixtures.ts';

// A whole purchase with the keyboard only, from Home to the confirmation: Tab and Shift+Tab move,
// Enter and Space act, the arrows choose in the search's suggestions and the size radio group.
// Every stop shows where focus is, and Tab always gets out again (no trap).

/** Whether the focused element, or what is drawn for it, shows a focus outline or ring. */
async function focusIsVisible(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return false;
    const drawn = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    // A transparent radio shows its focus on the pill beside it (`peer-focus-visible`), a part of
    // a control on the whole (the quantity stepper), a hidden checkbox on its label.
    const labels = focused instanceof HTMLInputElement ? [...(focused.labels ?? [])] : [];
    const around = [focused.parentElement, focused.nextElementSibling];
    return [focused, ...labels, ...around].some((element) => element != null && drawn(element));
  });
}

/** Presses `key` (Tab or Shift+Tab) until `target` has focus, checking each stop's focus is visible. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', most = 80) {
  for (let stop = 0; stop < most; stop += 1) {
    await page.keyboard.press(key);
    const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? '');
    expect(await focusIsVisible(page), `focus visible on ${where}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}

test('a shopper buys a product from Home to the confirmation with the keyboard only', async ({
  page,
  baseURL,
  playwright,
}) => {
  test.slow();
  // The account exists already (with an address); the shopper signs in on the way.
  const details = newShopper();
  const api = await playwright.request.newContext({ baseURL });
  const { id } = await signUpViaApi(api, baseURL!, details);
  const address = await api.post(`/api/users/addAddress/${id}`, {
    data: { newAddress: '12 Mabini St, Ermita, Manila 1000' },
    headers: { origin: baseURL! },
  });
  expect(address.status()).toBe(200);
  await api.dispose();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Everyday pieces, made to last.' })).toBeVisible();

  await test.step('find the product through the search: type, arrow down to it, Enter', async () => {
    const searchbox = page.getByRole('searchbox', { name: 'Search products' });
    await tabTo(page, searchbox);
    await page.keyboard.type('Men Crew T-shirt');
    // Once the suggestions for the whole words have come (a screen reader hears their count).
    await expect(page.getByRole('status').filter({ hasText: /suggestions?\./ })).toBeAttached();
    const highlighted = page.getByRole('option', { selected: true });
    for (let step = 0; step < 10; step += 1) {
      const before = await searchbox.getAttribute('aria-activedescendant');
      await page.keyboard.press('ArrowDown');
      await expect(searchbox).not.toHaveAttribute('aria-activedescendant', before ?? '');
      if ((await highlighted.textContent())?.includes('Men Crew T-shirt')) break;
    }
    await expect(highlighted).toContainText('Men Crew T-shirt');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/view\?pid=/);
    await expect(page.getByRole('heading', { level: 1, name: /^Men Crew T-shirt/ })).toBeVisible();
  });

  await test.step('choose size L in the radio group with the arrows, and add it to the cart', async () => {
    const sizes = page.getByRole('radiogroup', { name: /Select Size/ });
    // Tab enters the group once, at its first size; the arrows move and choose within it.
    await tabTo(page, sizes.getByRole('radio').first());
    const large = sizes.getByRole('radio', { name: 'L', exact: true });
    for (let step = 0; step < 5 && !(await large.isChecked()); step += 1)
      await page.keyboard.press('ArrowRight');
    await expect(large).toBeChecked();
    await expect(large).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Add to Cart' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
  });

  await test.step('back up to the cart and on to sign in, which comes back to it', async () => {
    await tabTo(page, page.getByRole('link', { name: /^Cart, / }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Sign in', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await tabTo(page, page.getByLabel('Email', { exact: true }));
    await page.keyboard.type(details.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(details.password);
    await page.keyboard.press('Enter');
  });

  await test.step('back in the cart, signed in, place the order', async () => {
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { name: `Hello, ${details.name}` })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Place your order' }));
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/\/confirmation\?order=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Thank you for purchasing.' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Back to homepage' }));
  });
});

test('a dialog opens, keeps focus inside and closes with the keyboard, giving focus back', async ({
  page,
  baseURL,
}) => {
  const shopper = await signUpViaApi(page.request, baseURL!);
  await page.goto(`/user/update_profile?uid=${shopper.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Update Profile' })).toBeVisible();
  const open = page.getByRole('button', { name: 'Delete my account' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Password')).toBeFocused();
  // Tab goes round the dialog's controls and never behind it, both ways.
  for (const key of ['Tab', 'Shift+Tab'] as const) {
    for (let stop = 0; stop < 5; stop += 1) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      expect(await focusIsVisible(page)).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  // Cancel, reached by Tab and pressed with Space, closes it too.
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Space');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
