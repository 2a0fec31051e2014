import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { EMAIL_MESSAGES, type Order, type Product, summarizeOrder, toDecimal } from '@habi/shared';
import type { APIRequestContext } from '@playwright/test';
import { etaLabel, manilaDatePlus } from '../dates.ts';
import { expect, expectAccessible, routeGate, signUpViaApi, test } from '../fixtures.ts';
import { E2E_ADMIN } from '../playwright.config.ts';

/** A 1x1 PNG, written to a temp file for the avatar picker. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
function tempFile(name: string, bytes: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'habi-upload-')), name);
  writeFileSync(file, bytes);
  return file;
}

/** A 1x1 PNG of the given grey: each grey is another picture (another hash). */
function greyPng(grey: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]); // 1 x 1, 8-bit grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, grey]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Line {
  product: Product;
  quantity: number;
  fee: 0 | 50 | 100;
}

/** Places an order through the API as the shopper whose session `request` holds. */
async function placeOrder(request: APIRequestContext, baseURL: string, userId: string, lines: Line[]) {
  const cart = lines.map(({ product, quantity, fee }) => {
    const variation = product.variations[0];
    return {
      id: product._id,
      name: variation?.name ?? product.name,
      imageUrl: variation?.imageUrl ?? product.imageUrl,
      price: product.price,
      size: product.size[0] ?? '',
      quantity,
      deliveryOption: { fee },
    };
  });
  const total = toDecimal(
    summarizeOrder(lines.map(({ product, quantity, fee }) => ({ price: product.price, quantity, fee })))
      .total,
  );
  const response = await request.post('/api/orders/placed-order', {
    data: { userId, total, address: '12 Mabini St, Makati City 1200', cart },
    headers: {
      origin: baseURL,
      'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

/**
 * The newest `count` products with at least 2 of their first variation and size (or no stock
 * count): other specs add products during the run, some of them sold out.
 */
async function catalogue(request: APIRequestContext, count: number): Promise<Product[]> {
  const list = (await (await request.get('/api/product/all?limit=100')).json()) as { _id: string }[];
  const products = await Promise.all(
    list.map(async ({ _id }) => (await (await request.get(`/api/product/${_id}`)).json()) as Product),
  );
  const orderable = products
    .filter((product) => {
      if (!product.trackStock) return true;
      const variation = product.variations[0]?.name ?? '';
      const size = product.size[0] ?? '';
      const cell = product.stock?.find((line) => line.variation === variation && line.size === size);
      return (cell?.quantity ?? 0) >= 2;
    })
    .slice(0, count);
  expect(orderable).toHaveLength(count);
  return orderable;
}

test.describe('visitors', () => {
  test('/user and /user/update_profile redirect to /sign-in', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL('/sign-in');
    await page.goto('/user/to-pay_products');
    await expect(page).toHaveURL('/sign-in');
    await page.goto('/user/update_profile?uid=00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL('/sign-in');
  });
});

test('a new shopper sees the profile, the tabs and "You don\'t have any order yet."', async ({
  page,
  baseURL,
}) => {
  const shopper = await signUpViaApi(page.request, baseURL!);
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1, name: shopper.name })).toBeVisible();
  await expect(page.getByText(shopper.email, { exact: true })).toBeVisible();
  await expect(page.getByText('+63 917 123 4567')).toBeVisible();
  await expect(page.getByRole('img', { name: `${shopper.name}'s profile picture` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    `/user/update_profile?uid=${shopper.id}`,
  );
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Order status' });
  await expect(tabs.getByRole('link')).toHaveText([
    'All Orders',
    'To Pay',
    'To Receive',
    'Delivered',
    'Cancelled',
  ]);
  await expect(tabs.getByRole('link', { name: 'All Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText("You don't have any order yet.")).toBeVisible();
  await expect(page.getByText('Start exploring our collections and great deals for you.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Collections' })).toHaveAttribute('href', '/products');
  await expectAccessible(page);

  for (const [name, url] of [
    ['To Pay', '/user/to-pay_products'],
    ['To Receive', '/user/to-receive_products'],
    ['Delivered', '/user/delivered_products'],
    ['Cancelled', '/user/cancelled_products'],
  ] as const) {
    await tabs.getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await expect(tabs.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'All Orders' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByText("You don't have any order yet.")).toBeVisible();
  }

  // Deep links survive a reload.
  await page.goto('/user/delivered_products');
  await page.reload();
  await expect(tabs.getByRole('link', { name: 'Delivered' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: shopper.name })).toBeVisible();

  await page.getByRole('link', { name: 'Browse Collections' }).click();
  await expect(page).toHaveURL('/products');
});

test('orders show by tab: grouped under All Orders, flattened per status', async ({
  page,
  request,
  baseURL,
}) => {
  const shopper = await signUpViaApi(page.request, baseURL!);
  const [first, second, third] = await catalogue(page.request, 3);
  const big = await placeOrder(page.request, baseURL!, shopper.id, [
    { product: first!, quantity: 2, fee: 0 },
    { product: second!, quantity: 1, fee: 50 },
  ]);
  const small = await placeOrder(page.request, baseURL!, shopper.id, [
    { product: third!, quantity: 1, fee: 100 },
  ]);

  await page.goto('/user');
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('region') });
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('Order status', { exact: true })).toBeVisible();
  // Newest first: the one-product order has no carousel arrows; the two-product one has them.
  const smallCard = cards.nth(0);
  const bigCard = cards.nth(1);
  // The big card's arrows first: they prove the carousels are drawn, so the small card's
  // missing arrows are missing, not yet to come.
  await expect(bigCard.getByRole('button', { name: 'Previous product' })).toBeDisabled();
  await expect(smallCard.getByRole('button', { name: 'Next product' })).toHaveCount(0);
  await expect(smallCard.getByRole('button', { name: 'Previous product' })).toHaveCount(0);
  await expect(bigCard.getByText('Order status: Pending')).toBeVisible();
  await expect(bigCard.getByText('To Pay').first()).toBeVisible();

  // Show more... reveals size, ETA and the shipping fee (FREE for 0).
  const firstLine = big.products[0]!;
  const toggle = bigCard.getByRole('button', { name: 'Show more...' }).first();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const less = bigCard.getByRole('button', { name: 'Show less' });
  await expect(less).toHaveAttribute('aria-expanded', 'true');
  // FREE delivery arrives 9 days after the Manila date the order was placed on.
  expect(firstLine.deliveryOption).toEqual({ date: manilaDatePlus(big.createdAt, 9), fee: 0 });
  await expect(bigCard.getByText(etaLabel(firstLine.deliveryOption.date))).toBeVisible();
  await expect(bigCard.getByText('FREE', { exact: true })).toBeVisible();
  const firstSlide = bigCard.getByRole('group', { name: /^1 of/ });
  if (firstLine.size) await expect(firstSlide.getByText(firstLine.size, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await less.click();
  await expect(bigCard.getByRole('button', { name: 'Show more...' }).first()).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  await bigCard.getByRole('button', { name: 'Next product' }).click();
  await expect(bigCard.getByRole('button', { name: 'Previous product' })).toBeEnabled();
  await expect(bigCard.getByRole('button', { name: 'Next product' })).toBeDisabled();
  const secondToggle = bigCard
    .getByRole('group', { name: '2 of 2' })
    .getByRole('button', { name: 'Show more...' });
  await secondToggle.click();
  await expect(bigCard.getByRole('group', { name: '2 of 2' }).getByText('₱50.00')).toBeVisible();

  // To Pay lists every line of both orders, flattened.
  const tabs = page.getByRole('navigation', { name: 'Order status' });
  await tabs.getByRole('link', { name: 'To Pay' }).click();
  await expect(page).toHaveURL('/user/to-pay_products');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(3);
  await expect(page.getByText(small.products[0]!.name)).toBeVisible();
  await expectAccessible(page);

  await tabs.getByRole('link', { name: 'Delivered' }).click();
  await expect(page.getByText('Your list is currently empty.')).toBeVisible();
  await expect(page.getByText('Start exploring our collections and great deals for you.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Collections' })).toBeVisible();

  // An admin marks the one-line order delivered: it moves tabs and its order turns completed.
  const adminSignIn = await request.post('/api/admin/sign-in', {
    data: E2E_ADMIN,
    headers: { origin: baseURL! },
  });
  expect(adminSignIn.ok(), await adminSignIn.text()).toBe(true);
  const update = await request.patch(`/api/orders/statusUpdate/${small._id}`, {
    data: { updatedStatus: ['delivered'] },
    headers: { origin: baseURL! },
  });
  expect(update.ok(), await update.text()).toBe(true);

  await page.reload();
  await expect(tabs.getByRole('link', { name: 'Delivered' })).toHaveAttribute('aria-current', 'page');
  const delivered = page.getByRole('main').getByRole('article');
  await expect(delivered).toHaveCount(1);
  await expect(page.getByText(small.products[0]!.name)).toBeVisible();
  await expect(page.getByText('Completed', { exact: true }).last()).toBeVisible();
  await tabs.getByRole('link', { name: 'To Pay' }).click();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
  await tabs.getByRole('link', { name: 'Cancelled' }).click();
  await expect(page.getByText('Your list is currently empty.')).toBeVisible();
});

test.describe('update profile', () => {
  test('validates, refuses other file types, uploads an avatar and shows the new name', async ({
    page,
    baseURL,
  }) => {
    const shopper = await signUpViaApi(page.request, baseURL!);
    await page.goto('/user');
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(`/user/update_profile?uid=${shopper.id}`);
    await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(shopper.name);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
    await expect(page.getByLabel('Contact Number')).toHaveValue('+63 917 123 4567');
    await expectAccessible(page);

    await page.getByLabel('Name', { exact: true }).fill('M');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Contact Number').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Too short!')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Invalid phone number')).toBeVisible();

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles(tempFile('notes.txt', Buffer.from('not an image')));
    await expect(page.getByText('Only png, jpeg, jpg and svg images are accepted')).toBeVisible();
    await expectAccessible(page);

    await fileInput.setInputFiles(tempFile('avatar.png', Buffer.from(PNG_1PX, 'base64')));
    await expect(page.getByText('Only png, jpeg, jpg and svg images are accepted')).toBeHidden();
    await expect(page.getByRole('img', { name: 'New profile picture preview' })).toBeVisible();
    await expect(page.getByText('avatar.png')).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('Maria Clara');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Contact Number').pressSequentially('9181112222');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User update successfully')).toBeVisible();
    await expect(page).toHaveURL('/user');
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Clara' })).toBeVisible();
    await expect(page.getByText('+63 918 111 2222')).toBeVisible();
    await expect(page.getByRole('img', { name: "Maria Clara's profile picture" })).toHaveAttribute(
      'src',
      /^\/uploads\//,
    );

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Clara' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a picture that replaces another shows on the account at once, without a reload', async ({
    page,
    baseURL,
  }) => {
    const shopper = await signUpViaApi(page.request, baseURL!);
    const first = await page.request.patch(`/api/users/${shopper.id}`, {
      headers: { origin: baseURL! },
      multipart: {
        name: shopper.name,
        email: shopper.email,
        contactNumber: shopper.contactNumber,
        imageUrl: { name: 'first.png', mimeType: 'image/png', buffer: greyPng(40) },
      },
    });
    expect(first.status(), await first.text()).toBe(200);
    const avatar = page.getByRole('img', { name: `${shopper.name}'s profile picture` });
    await page.goto('/user');
    await expect(avatar).toHaveAttribute('src', (await first.json()).imageUrl);

    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.locator('input[type="file"]').setInputFiles(tempFile('second.png', greyPng(200)));
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save' }).click();
    const second = (await (await saved).json()).imageUrl as string;
    expect(second).not.toBe((await first.json()).imageUrl);
    await expect(page).toHaveURL('/user');
    await expect(avatar).toHaveAttribute('src', second);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
  });

  test('Save reads Loading... while pending; a taken email is answered as any new one', async ({
    page,
    request,
    baseURL,
  }) => {
    const other = await signUpViaApi(request, baseURL!);
    const shopper = await signUpViaApi(page.request, baseURL!);
    await page.goto(`/user/update_profile?uid=${shopper.id}`);
    // The answer is held until the test has seen the button wait for it.
    const answer = routeGate();
    await page.route('**/api/users/*', async (route) => {
      if (route.request().method() === 'PATCH') await answer.opened;
      await route.continue();
    });
    await page.getByLabel('Email', { exact: true }).fill(other.email);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer.open();
    // The form tells no one which addresses are registered: the same words as for a free one,
    // and the address stays the shopper's own.
    await expect(
      page.getByRole('status').filter({ hasText: EMAIL_MESSAGES.changeSent(other.email) }),
    ).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
    await expect(page).toHaveURL(`/user/update_profile?uid=${shopper.id}`);
  });

  test("another shopper's uid leads to one's own profile; Cancel goes back", async ({
    page,
    request,
    baseURL,
  }) => {
    const other = await signUpViaApi(request, baseURL!);
    const shopper = await signUpViaApi(page.request, baseURL!);
    await page.goto('/user');
    await page.goto(`/user/update_profile?uid=${other.id}`);
    await expect(page).toHaveURL(`/user/update_profile?uid=${shopper.id}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/user');

    // Opened directly, Back has no page to return to and goes to the account.
    await page.goto(`/user/update_profile?uid=${shopper.id}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/user');
  });
});

test('logout goes home, and /user then redirects to /sign-in', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  await page.goto('/user');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/user');
  await expect(page).toHaveURL('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test.describe('your data', () => {
  test('a shopper downloads their data, then deletes the account and cannot sign in with it', async ({
    page,
    baseURL,
  }) => {
    const shopper = await signUpViaApi(page.request, baseURL!);
    await page.goto(`/user/update_profile?uid=${shopper.id}`);
    await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
    const section = page.getByRole('region', { name: 'Your data' });
    await expect(section.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('habi-my-data.json');
    const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(data.profile).toMatchObject({ _id: shopper.id, name: shopper.name, email: shopper.email });
    expect(data.orders).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/argon2|password/i);

    // The warning, with the password to confirm: a wrong one is refused in the dialog.
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('This cannot be undone.');
    const password = dialog.getByLabel('Password');
    await expect(password).toBeFocused();
    await expectAccessible(page);
    await password.fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(dialog.getByText('Invalid password')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The right one: 'Loading...' until the server answers (held until seen), then home, signed out.
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByLabel('Password').fill(shopper.password);
    const answer = routeGate();
    await page.route('**/api/users/me', async (route) => {
      if (route.request().method() === 'DELETE') await answer.opened;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(dialog.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer.open();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Your account has been deleted')).toBeVisible();
    await page.goto('/user');
    await expect(page).toHaveURL('/sign-in');

    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL('/sign-in');
  });
});
