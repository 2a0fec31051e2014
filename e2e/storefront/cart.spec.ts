import {
  type DeliveryFee,
  deliveryDate,
  deliveryDateLabel,
  formatPHP,
  type OrderSummary,
  summarizeOrder,
  toDecimal,
} from '@habi/shared';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, expectAccessible, newShopper, screenshotBoth, signUpViaApi, test } from '../fixtures.ts';

/** The saved cart's shape (apps/web/src/lib/cart-store.ts). */
interface CartLine {
  cartProductId: string;
  productId: string;
  name: string;
  imageUrl: string;
  price: string;
  size: string;
  quantity: number;
  deliveryOption: { value: string; fee: number };
}

interface ProductDetail {
  id: string;
  name: string;
  imageUrl: string;
  price: string;
  size: string[];
  variations: { name: string; imageUrl: string }[];
}

const CART_KEY = 'habi.cart.v1';
const PRICES_CHANGED = 'Prices have changed. Please review your cart and try again.';

/**
 * Two cart lines as the product page would make them: a sized product and one without sizes,
 * each in its first variation, with the FREE option.
 */
async function catalogueLines(request: APIRequestContext): Promise<CartLine[]> {
  const all = (await (await request.get('/api/product/all')).json()) as { _id: string }[];
  const details = await Promise.all(
    all
      .slice(0, 16)
      .map(async (p) => (await request.get(`/api/product/${p._id}`)).json() as Promise<ProductDetail>),
  );
  const sized = details.find((p) => p.size.length > 0);
  const unsized = details.find((p) => p.size.length === 0);
  if (!sized || !unsized) throw new Error('The demo catalogue needs a product with sizes and one without');
  return [sized, unsized].map((product, index) => {
    const variation = product.variations[0];
    return {
      cartProductId: `e2e-line-${index}`,
      productId: product.id,
      name: variation?.name ?? product.name,
      imageUrl: variation?.imageUrl ?? product.imageUrl,
      price: product.price,
      size: product.size[Math.min(1, product.size.length - 1)] ?? '',
      quantity: index + 1,
      deliveryOption: { value: 'standard', fee: 0 },
    };
  });
}

/** Puts lines in the saved cart before the app loads, then opens /cart. */
async function openCartWith(page: Page, lines: CartLine[]) {
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    CART_KEY,
    JSON.stringify(lines),
  ] as const);
  await page.goto('/cart');
}

const summaryOf = (lines: CartLine[]) =>
  summarizeOrder(lines.map((l) => ({ price: l.price, quantity: l.quantity, fee: l.deliveryOption.fee })));
const peso = (centavos: number) => formatPHP(centavos, 'centavos');

/** The Order Summary panel shows exactly SPEC §9's numbers for these lines. */
async function expectSummary(page: Page, summary: OrderSummary) {
  const panel = page.getByRole('region', { name: 'Order Summary' });
  await expect(panel.getByText(`Items (${summary.itemCount}):`)).toBeVisible();
  await expect(page.getByTestId('summary-items')).toHaveText(peso(summary.subtotal));
  await expect(page.getByTestId('summary-shipping')).toHaveText(
    summary.shipping === 0 ? 'FREE' : peso(summary.shipping),
  );
  await expect(page.getByTestId('summary-before-tax')).toHaveText(peso(summary.totalBeforeTax));
  await expect(page.getByTestId('summary-tax')).toHaveText(peso(summary.tax));
  await expect(page.getByTestId('summary-total')).toHaveText(peso(summary.total));
}

async function addAddressViaApi(
  request: APIRequestContext,
  baseURL: string,
  userId: string,
  address: string,
) {
  const response = await request.post(`/api/users/addAddress/${userId}`, {
    data: { newAddress: address },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function ordersOf(request: APIRequestContext, userId: string) {
  const response = await request.get(`/api/orders/user/${userId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    total: string;
    shippingAddress: string;
    products: {
      name: string;
      quantity: number;
      price: string;
      size: string;
      deliveryOption: { date: string; fee: number };
    }[];
  }[];
}

/** Back at the top with nothing focused, so a full-page screenshot shows the page as it loads. */
async function atRest(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);
const cartLines = (page: Page) =>
  page.getByRole('region', { name: 'Review your Cart' }).getByRole('listitem');

test('an empty cart says so and leads to the collection', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByText('Cart is currently empty.')).toBeVisible();
  await expect(page).toHaveTitle('Cart | Habi');
  await expect(page.getByRole('img', { name: 'An empty shopping bag' })).toBeVisible();
  const browse = page.getByRole('link', { name: 'Browse the collection to add products to your cart.' });
  await expect(browse).toHaveAttribute('href', '/products');
  await expect(page.getByRole('region', { name: 'Order Summary' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshotBoth(page, 'cart-empty');
  await browse.click();
  await expect(page).toHaveURL('/products');
});

test('a visitor sees the cart and summary, and must sign in to order', async ({ page }) => {
  test.slow();
  const lines = await catalogueLines(page.request);
  const placed: Request[] = [];
  page.on('request', (r) => r.url().includes('/api/orders/placed-order') && placed.push(r));
  await openCartWith(page, lines);

  await expect(page.getByRole('heading', { name: 'Review your Cart' })).toBeVisible();
  await expect(cartLines(page)).toHaveCount(2);
  for (const line of lines) {
    const item = cartLines(page).filter({ hasText: line.name });
    await expect(
      item.getByRole('heading', { name: `Delivery date: ${deliveryDateLabel(deliveryDate(0))}` }),
    ).toBeVisible();
    await expect(item.getByText(formatPHP(line.price), { exact: true })).toBeVisible();
    await expect(item.getByText(String(line.quantity), { exact: true })).toBeVisible();
    if (line.size) await expect(item.getByText(`Size: ${line.size}`)).toBeVisible();
    else await expect(item.getByText('Size:')).toHaveCount(0);
    for (const fee of [0, 50, 100] as DeliveryFee[]) {
      const radio = item.getByRole('radio', { name: new RegExp(deliveryDateLabel(deliveryDate(fee))) });
      await expect(radio).toHaveAccessibleName(
        fee === 0 ? /FREE Shipping/ : new RegExp(`₱${fee}\\.00 - Shipping`),
      );
    }
    await expect(item.getByRole('radio', { name: /FREE Shipping/ })).toBeChecked();
  }
  await expectSummary(page, summaryOf(lines));
  // No address box for visitors (SPEC §6), but the way to sign in.
  await expect(page.getByRole('region', { name: 'Shipping address' })).toHaveCount(0);
  await expect(page.getByText(/^Hello,/)).toHaveCount(0);
  const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
  await expect(signIn).toHaveAttribute('href', '/sign-in');

  // Quantity by keyboard alone: Edit, type, Enter; focus comes back to the line.
  const [, second] = lines as [CartLine, CartLine];
  const edit = page.getByRole('button', { name: `Edit quantity of ${second.name}` });
  await edit.focus();
  await page.keyboard.press('Enter');
  const stepper = page.getByRole('spinbutton', { name: `Quantity of ${second.name}` });
  await expect(stepper).toBeFocused();
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect(stepper).toHaveCount(0);
  await expect(edit).toBeFocused();
  second.quantity = 5;
  await expectSummary(page, summaryOf(lines));

  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(toast(page, 'User must log in first.')).toBeVisible();
  await expect(signIn).toBeFocused();
  expect(placed).toHaveLength(0);
  await expectAccessible(page);
  await screenshotBoth(page, 'cart-visitor');
});

test('a shopper manages addresses in the address box', async ({ page, baseURL }) => {
  test.slow();
  const shopper = await signUpViaApi(page.request, baseURL!, newShopper());
  await openCartWith(page, await catalogueLines(page.request));
  const box = page.getByRole('region', { name: 'Shipping address' });

  // Summary mode, with no address yet.
  await expect(box.getByRole('heading', { name: `Hello, ${shopper.name}` })).toBeVisible();
  await expect(box.getByText(shopper.contactNumber)).toBeVisible();
  await expect(box.getByText('No shipping address...')).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'cart-address-summary-empty');

  // Ordering without an address is refused here, before any request, and opens the list.
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(toast(page, 'Please choose a shipping address for your order.')).toBeVisible();
  await expect(box.getByRole('heading', { name: 'Select Shipping Address' })).toBeFocused();
  await expect(box.getByText('No available address...')).toBeVisible();
  await expect(box.getByText('Choose a shipping address to place your order.')).toBeVisible();
  await expect(box.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'cart-address-list-empty');

  // Add mode: an empty address is refused under the field.
  await box.getByRole('button', { name: 'Add New Address' }).click();
  const field = box.getByLabel('Add new address');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('placeholder', /House number, street, city and postal code/);
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(box.getByText('No value for address')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await screenshotBoth(page, 'cart-address-add');
  // Cancel goes back to the list without saving.
  await box.getByRole('button', { name: 'Cancel' }).click();
  await expect(box.getByText('No available address...')).toBeVisible();

  const home = '12 Mabini St., Poblacion, Makati City 1210';
  const office = 'Unit 804, 6750 Ayala Avenue, Makati City 1226';
  for (const address of [home, office]) {
    await box.getByRole('button', { name: 'Add New Address' }).click();
    await box.getByLabel('Add new address').fill(address);
    await box.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'New address added.').first()).toBeVisible();
    await expect(box.getByRole('heading', { name: 'Select Shipping Address' })).toBeVisible();
    // A new address is the one chosen.
    await expect(box.getByRole('radio', { name: address })).toBeChecked();
  }
  await expect(box.getByRole('radio')).toHaveCount(2);
  await expect(box.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'cart-address-list');

  // Deleting the chosen address clears the choice.
  await box.getByRole('button', { name: `Delete address: ${office}` }).click();
  await expect(toast(page, 'Address Deleted')).toBeVisible();
  await expect(box.getByRole('radio')).toHaveCount(1);
  await expect(box.getByRole('radio', { name: home })).not.toBeChecked();
  await box.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(box.getByText('No shipping address...')).toBeVisible();

  // Choose the remaining one; the summary shows it.
  await box.getByRole('button', { name: 'Change shipping address' }).click();
  await box.getByRole('radio', { name: home }).click();
  await expect(box.getByRole('radio', { name: home })).toBeChecked();
  await box.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(box.getByRole('heading', { name: `Hello, ${shopper.name}` })).toBeFocused();
  await expect(box.getByTestId('selected-address')).toHaveText(`Ships to: ${home}`);

  const current = await (await page.request.get('/api/users/current')).json();
  expect(current.shippingAddress).toEqual([home]);
  await expectAccessible(page);
  await screenshotBoth(page, 'cart-address-summary');
});

test('quantity and delivery changes reprice the order, which is placed exactly once', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const shopper = await signUpViaApi(page.request, baseURL!, newShopper());
  const address = '27 Rizal Avenue, Barangay 3, Quezon City 1100';
  await addAddressViaApi(page.request, baseURL!, shopper.id, address);
  const lines = await catalogueLines(page.request);
  await openCartWith(page, lines);
  const box = page.getByRole('region', { name: 'Shipping address' });
  // The user's first address is chosen from the start.
  await expect(box.getByTestId('selected-address')).toHaveText(`Ships to: ${address}`);
  await expectSummary(page, summaryOf(lines));

  // Edit turns the number into a stepper at the current quantity; Save commits it.
  const [first, second] = lines as [CartLine, CartLine];
  const firstItem = cartLines(page).filter({ hasText: first.name });
  await firstItem.getByRole('button', { name: `Edit quantity of ${first.name}` }).click();
  const stepper = firstItem.getByRole('spinbutton', { name: `Quantity of ${first.name}` });
  await expect(stepper).toHaveValue(String(first.quantity));
  await firstItem.getByRole('button', { name: 'Increase quantity' }).click();
  await firstItem.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(stepper).toHaveValue(String(first.quantity + 2));
  // Nothing changes until Save.
  await expectSummary(page, summaryOf(lines));
  await expectAccessible(page);
  await screenshotBoth(page, 'cart-editing');
  await firstItem.getByRole('button', { name: `Save quantity of ${first.name}` }).click();
  await expect(stepper).toHaveCount(0);
  const before = summaryOf(lines);
  first.quantity += 2;
  const afterQuantity = summaryOf(lines);
  expect(afterQuantity.subtotal - before.subtotal).toBe(2 * Math.round(Number(first.price) * 100));
  await expectSummary(page, afterQuantity);
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveAccessibleName(
    `Cart, ${afterQuantity.itemCount} items`,
  );

  // A faster delivery option: shipping and total move by the fee plus 10% tax, exactly.
  const secondItem = cartLines(page).filter({ hasText: second.name });
  await secondItem.getByRole('radio', { name: /₱100\.00 - Shipping/ }).click();
  await expect(secondItem.getByRole('radio', { name: /₱100\.00 - Shipping/ })).toBeChecked();
  await expect(
    secondItem.getByRole('heading', { name: `Delivery date: ${deliveryDateLabel(deliveryDate(100))}` }),
  ).toBeVisible();
  second.deliveryOption = { value: 'next-day', fee: 100 };
  const afterDelivery = summaryOf(lines);
  expect(afterDelivery.shipping - afterQuantity.shipping).toBe(100_00);
  expect(afterDelivery.total - afterQuantity.total).toBe(110_00);
  await expectSummary(page, afterDelivery);
  // The radios answer the keyboard: arrow up from next-day picks the 50 option.
  await page.keyboard.press('ArrowUp', { delay: 100 });
  await expect(secondItem.getByRole('radio', { name: /₱50\.00 - Shipping/ })).toBeChecked();
  await page.keyboard.press('ArrowDown', { delay: 100 });
  await expect(secondItem.getByRole('radio', { name: /₱100\.00 - Shipping/ })).toBeChecked();
  await expectSummary(page, afterDelivery);
  await expectAccessible(page);
  await atRest(page);
  await screenshotBoth(page, 'cart-shopper');

  // The cart survives a reload.
  await page.reload();
  await expect(cartLines(page)).toHaveCount(2);
  await expectSummary(page, afterDelivery);
  await expect(secondItem.getByRole('radio', { name: /₱100\.00 - Shipping/ })).toBeChecked();

  // The first answer is lost on the way back: the order is stored, the page sees a network error.
  const sent: Request[] = [];
  page.on('request', (r) => r.url().includes('/api/orders/placed-order') && sent.push(r));
  await page.route('**/api/orders/placed-order', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  const place = page.getByRole('button', { name: 'Place your order' });
  await place.click();
  await expect(toast(page, 'Network error. Check your connection and try again.')).toBeVisible();
  await expect(page).toHaveURL('/cart');
  await page.unrouteAll({ behavior: 'wait' });

  // The retry sends the same key; a slow answer shows 'Loading...' and a second click does nothing.
  await page.route('**/api/orders/placed-order', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await place.click();
  const loading = page.getByRole('button', { name: 'Loading...' });
  await expect(loading).toBeDisabled();
  await loading.click({ force: true });
  await expect(page).toHaveURL('/confirmation');
  expect(sent).toHaveLength(2);
  const keys = sent.map((r) => r.headers()['idempotency-key']);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(sent[1]!.postDataJSON()).toEqual(sent[0]!.postDataJSON());
  expect(sent[0]!.postDataJSON()).toMatchObject({
    userId: shopper.id,
    total: toDecimal(afterDelivery.total),
    address,
    cart: lines.map((l) => ({
      id: l.productId,
      name: l.name,
      imageUrl: l.imageUrl,
      price: l.price,
      size: l.size,
      quantity: l.quantity,
      deliveryOption: { date: deliveryDate(l.deliveryOption.fee as DeliveryFee), fee: l.deliveryOption.fee },
    })),
  });

  await expect(page.getByRole('heading', { name: 'Thank you for purchasing.' })).toBeVisible();
  await expect(page).toHaveTitle('Thank you | Habi');
  await expect(
    page.getByText('Stay tune on our application for updates regarding your order(s).'),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshotBoth(page, 'confirmation');

  // One order, at the total the summary showed, and an empty cart.
  const orders = await ordersOf(page.request, shopper.id);
  expect(orders).toHaveLength(1);
  const [order] = orders;
  expect(formatPHP(order!.total)).toBe(peso(afterDelivery.total));
  expect(order!.shippingAddress).toBe(address);
  expect(
    order!.products.map((p) => [p.name, p.quantity, p.size, p.deliveryOption.fee, p.deliveryOption.date]),
  ).toEqual(
    lines.map((l) => [
      l.name,
      l.quantity,
      l.size,
      l.deliveryOption.fee,
      deliveryDate(l.deliveryOption.fee as DeliveryFee),
    ]),
  );
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), CART_KEY)).toBe('[]');
  await page.getByRole('link', { name: 'Back to homepage' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/cart');
  await expect(page.getByText('Cart is currently empty.')).toBeVisible();
});

test('a tampered price is refused by the server and nothing is ordered', async ({ page, baseURL }) => {
  test.slow();
  const shopper = await signUpViaApi(page.request, baseURL!, newShopper());
  await addAddressViaApi(page.request, baseURL!, shopper.id, '5 Bonifacio Drive, Cebu City 6000');
  const lines = await catalogueLines(page.request);
  const [tampered] = lines as [CartLine];
  const truePrice = tampered.price;
  tampered.price = '1.00';
  await openCartWith(page, lines);
  await expectSummary(page, summaryOf(lines));

  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(toast(page, PRICES_CHANGED)).toBeVisible();
  await expect(page).toHaveURL('/cart');
  expect(await ordersOf(page.request, shopper.id)).toHaveLength(0);

  // The cart now carries the server's price and says so on the line.
  const item = cartLines(page).filter({ hasText: tampered.name });
  await expect(item.getByRole('alert')).toHaveText(
    `The price of this item changed from ${formatPHP('1.00')} to ${formatPHP(truePrice)}. Please review your order.`,
  );
  tampered.price = truePrice;
  await expectSummary(page, summaryOf(lines));
  await expectAccessible(page);
  await screenshotBoth(page, 'cart-price-changed');

  // Reviewed, the order goes through at the true total.
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page).toHaveURL('/confirmation');
  const orders = await ordersOf(page.request, shopper.id);
  expect(orders).toHaveLength(1);
  expect(formatPHP(orders[0]!.total)).toBe(peso(summaryOf(lines).total));
});
