import { CART_STORAGE_KEY } from '@habi/shared';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { manilaDatePlus } from '../dates.ts';
import { expect, expectAccessible, newShopper, routeGate, signUpViaApi, test } from '../fixtures.ts';
import { saveCart } from './cart-helpers.ts';

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

const PRICES_CHANGED = 'Prices have changed. Please review your cart and try again.';

// The shopper's clock in every test here: 17:00 UTC on 22 November, already 01:00 on the 23rd
// in Manila, so the cart's ETAs count from the 23rd: FREE 9 days, ₱50 5 days, ₱100 1 day.
const NOW = '2026-11-22T17:00:00Z';
const ETA = { 0: 'Wednesday, December 2', 50: 'Saturday, November 28', 100: 'Tuesday, November 24' };
/** Each option's radio, in order: its date, then its price. */
const DELIVERY_RADIOS = [
  /^Wednesday, December 2\s*FREE Shipping$/,
  /^Saturday, November 28\s*₱50\.00 - Shipping$/,
  /^Tuesday, November 24\s*₱100\.00 - Shipping$/,
];

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(NOW);
});

/** A demo product by name, checked to be at the price the tables below are written for. */
async function demoProduct(request: APIRequestContext, name: string, price: string): Promise<ProductDetail> {
  const found = (await (await request.get(`/api/product/all?q=${encodeURIComponent(name)}`)).json()) as {
    _id: string;
    name: string;
  }[];
  const summary = found.find((p) => p.name.startsWith(name));
  expect(summary, `the demo product ${name}`).toBeDefined();
  const product = (await (await request.get(`/api/product/${summary!._id}`)).json()) as ProductDetail;
  expect(product.price, `the demo price of ${name}`).toBe(price);
  return product;
}

/**
 * Two cart lines as the product page would make them, each in its first variation with the FREE
 * option: one Men Crew T-shirt (₱399.00) in M, and two Women Round Sunglasses (₱699.00, no sizes).
 */
async function catalogueLines(request: APIRequestContext): Promise<[CartLine, CartLine]> {
  const tee = await demoProduct(request, 'Men Crew T-shirt', '399.00');
  const sunglasses = await demoProduct(request, 'Women Round Sunglasses', '699.00');
  expect(tee.size).toContain('M');
  expect(sunglasses.size).toEqual([]);
  const line = (product: ProductDetail, index: number, size: string, quantity: number): CartLine => ({
    cartProductId: `e2e-line-${index}`,
    productId: product.id,
    name: product.variations[0]!.name,
    imageUrl: product.variations[0]!.imageUrl,
    price: product.price,
    size,
    quantity,
    deliveryOption: { value: 'standard', fee: 0 },
  });
  return [line(tee, 0, 'M', 1), line(sunglasses, 1, '', 2)];
}

/** Puts lines in the saved cart before the app loads, then opens /cart. */
async function openCartWith(page: Page, lines: CartLine[]) {
  await saveCart(page, lines);
  await page.goto('/cart');
}

/** The Order Summary as the shopper reads it. */
interface Summary {
  items: string;
  subtotal: string;
  shipping: string;
  beforeTax: string;
  tax: string;
  total: string;
}

// The summaries the tests meet, worked out by hand: tax is 10% of items plus shipping.
/** 1 x 399.00 + 2 x 699.00 = 1,797.00, both FREE; tax 179.70. */
const START: Summary = {
  items: 'Items (3):',
  subtotal: '₱1,797.00',
  shipping: 'FREE',
  beforeTax: '₱1,797.00',
  tax: '₱179.70',
  total: '₱1,976.70',
};

/** The Order Summary panel shows exactly these figures. */
async function expectSummary(page: Page, summary: Summary) {
  const panel = page.getByRole('region', { name: 'Order Summary' });
  await expect(panel.getByText(summary.items)).toBeVisible();
  await expect(page.getByTestId('summary-items')).toHaveText(summary.subtotal);
  await expect(page.getByTestId('summary-shipping')).toHaveText(summary.shipping);
  await expect(page.getByTestId('summary-before-tax')).toHaveText(summary.beforeTax);
  await expect(page.getByTestId('summary-tax')).toHaveText(summary.tax);
  await expect(page.getByTestId('summary-total')).toHaveText(summary.total);
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
    createdAt: string;
    products: {
      name: string;
      quantity: number;
      price: string;
      size: string;
      deliveryOption: { date: string; fee: number };
    }[];
  }[];
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
  for (const [line, price, size] of [
    [lines[0], '₱399.00', 'Size: M'],
    [lines[1], '₱699.00', null],
  ] as const) {
    const item = cartLines(page).filter({ hasText: line.name });
    await expect(item.getByRole('heading', { name: `Delivery date: ${ETA[0]}` })).toBeVisible();
    await expect(item.getByText(price, { exact: true })).toBeVisible();
    await expect(item.getByText(String(line.quantity), { exact: true })).toBeVisible();
    if (size) await expect(item.getByText(size)).toBeVisible();
    else await expect(item.getByText('Size:')).toHaveCount(0);
    const radios = item.getByRole('radio');
    await expect(radios).toHaveCount(3);
    for (const [index, name] of DELIVERY_RADIOS.entries()) {
      await expect(radios.nth(index)).toHaveAccessibleName(name);
    }
    await expect(radios.first()).toBeChecked();
  }
  await expectSummary(page, START);
  // The way to sign in, once the page knows there is no shopper; and so no address box (and
  // no greeting), which a shopper would have in its place.
  const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
  // Signing in comes back to the cart.
  await expect(signIn).toHaveAttribute('href', '/sign-in?next=%2Fcart');
  await expect(page.getByRole('region', { name: 'Shipping address' })).toHaveCount(0);
  await expect(page.getByText(/^Hello,/)).toHaveCount(0);

  // Quantity by keyboard alone: Edit, type, Enter; focus comes back to the line.
  const sunglasses = lines[1];
  const edit = page.getByRole('button', { name: `Edit quantity of ${sunglasses.name}` });
  await edit.focus();
  await page.keyboard.press('Enter');
  const stepper = page.getByRole('spinbutton', { name: `Quantity of ${sunglasses.name}` });
  await expect(stepper).toBeFocused();
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect(stepper).toHaveCount(0);
  await expect(edit).toBeFocused();
  // 399.00 + 5 x 699.00 = 3,894.00, FREE; tax 389.40.
  await expectSummary(page, {
    items: 'Items (6):',
    subtotal: '₱3,894.00',
    shipping: 'FREE',
    beforeTax: '₱3,894.00',
    tax: '₱389.40',
    total: '₱4,283.40',
  });

  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(toast(page, 'User must log in first.')).toBeVisible();
  await expect(signIn).toBeFocused();
  expect(placed).toHaveLength(0);
  await expectAccessible(page);
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

  // Ordering without an address is refused here, before any request, and opens the list.
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(toast(page, 'Please choose a shipping address for your order.')).toBeVisible();
  await expect(box.getByRole('heading', { name: 'Select Shipping Address' })).toBeFocused();
  await expect(box.getByText('No available address...')).toBeVisible();
  await expect(box.getByText('Choose a shipping address to place your order.')).toBeVisible();
  await expect(box.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Add mode: an empty address is refused under the field.
  await box.getByRole('button', { name: 'Add New Address' }).click();
  const field = box.getByLabel('Add new address');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('placeholder', /House number, street, city and postal code/);
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(box.getByText('No value for address')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
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
  const [tee, sunglasses] = lines;
  await openCartWith(page, lines);
  const box = page.getByRole('region', { name: 'Shipping address' });
  // The user's first address is chosen from the start.
  await expect(box.getByTestId('selected-address')).toHaveText(`Ships to: ${address}`);
  await expectSummary(page, START);

  // Edit turns the number into a stepper at the current quantity; Save commits it.
  const teeItem = cartLines(page).filter({ hasText: tee.name });
  await teeItem.getByRole('button', { name: `Edit quantity of ${tee.name}` }).click();
  const stepper = teeItem.getByRole('spinbutton', { name: `Quantity of ${tee.name}` });
  await expect(stepper).toHaveValue('1');
  await teeItem.getByRole('button', { name: 'Increase quantity' }).click();
  await teeItem.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(stepper).toHaveValue('3');
  // Nothing changes until Save.
  await expectSummary(page, START);
  await expectAccessible(page);
  await teeItem.getByRole('button', { name: `Save quantity of ${tee.name}` }).click();
  await expect(stepper).toHaveCount(0);
  // 3 x 399.00 + 2 x 699.00 = 2,595.00, FREE; tax 259.50.
  await expectSummary(page, {
    items: 'Items (5):',
    subtotal: '₱2,595.00',
    shipping: 'FREE',
    beforeTax: '₱2,595.00',
    tax: '₱259.50',
    total: '₱2,854.50',
  });
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveAccessibleName('Cart, 5 items');

  // Next-day delivery for the sunglasses: ₱100 shipping, ₱10 more tax, ₱110 more in all.
  const afterDelivery: Summary = {
    items: 'Items (5):',
    subtotal: '₱2,595.00',
    shipping: '₱100.00',
    beforeTax: '₱2,695.00',
    tax: '₱269.50',
    total: '₱2,964.50',
  };
  const sunglassesItem = cartLines(page).filter({ hasText: sunglasses.name });
  const nextDay = sunglassesItem.getByRole('radio', { name: /₱100\.00 - Shipping/ });
  await nextDay.click();
  await expect(nextDay).toBeChecked();
  await expect(sunglassesItem.getByRole('heading', { name: `Delivery date: ${ETA[100]}` })).toBeVisible();
  await expectSummary(page, afterDelivery);
  // The radios answer the keyboard: arrow up from next-day picks the 50 option. Each arrow is held
  // until its radio is checked: Radix moves the focus on a timer and checks the radio only while
  // an arrow is down, so a key let go before that timer on a busy machine would only move focus.
  await page.keyboard.down('ArrowUp');
  await expect(sunglassesItem.getByRole('radio', { name: /₱50\.00 - Shipping/ })).toBeChecked();
  await page.keyboard.up('ArrowUp');
  await expect(sunglassesItem.getByRole('heading', { name: `Delivery date: ${ETA[50]}` })).toBeVisible();
  await page.keyboard.down('ArrowDown');
  await expect(nextDay).toBeChecked();
  await page.keyboard.up('ArrowDown');
  await expectSummary(page, afterDelivery);
  await expectAccessible(page);

  // The cart survives a reload.
  await page.reload();
  await expect(cartLines(page)).toHaveCount(2);
  await expectSummary(page, afterDelivery);
  await expect(nextDay).toBeChecked();

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

  // The retry sends the same key; while its answer is held the button reads 'Loading...' and a
  // second click does nothing.
  const answer = routeGate();
  await page.route('**/api/orders/placed-order', async (route) => {
    await answer.opened;
    await route.continue();
  });
  await place.click();
  const loading = page.getByRole('button', { name: 'Loading...' });
  await expect(loading).toBeDisabled();
  await loading.click({ force: true });
  answer.open();
  await expect(page).toHaveURL(/\/confirmation\?order=[0-9a-f-]{36}$/);
  expect(sent).toHaveLength(2);
  const keys = sent.map((r) => r.headers()['idempotency-key']);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(sent[1]!.postDataJSON()).toEqual(sent[0]!.postDataJSON());
  // The client's dates come from the shopper's (fixed) clock; the server keeps its own.
  expect(sent[0]!.postDataJSON()).toEqual({
    userId: shopper.id,
    total: '2964.50',
    address,
    paymentMethod: 'cod',
    cart: [
      {
        id: tee.productId,
        name: tee.name,
        imageUrl: tee.imageUrl,
        price: '399.00',
        size: 'M',
        quantity: 3,
        deliveryOption: { date: '2026-12-02', fee: 0 },
      },
      {
        id: sunglasses.productId,
        name: sunglasses.name,
        imageUrl: sunglasses.imageUrl,
        price: '699.00',
        size: '',
        quantity: 2,
        deliveryOption: { date: '2026-11-24', fee: 100 },
      },
    ],
  });

  await expect(page.getByRole('heading', { name: 'Thank you for purchasing.' })).toBeVisible();
  await expect(page).toHaveTitle('Thank you | Habi');
  await expect(
    page.getByText('Stay tune on our application for updates regarding your order(s).'),
  ).toBeVisible();
  await expectAccessible(page);

  // One order, at the total the summary showed, and an empty cart. The server dated the lines by
  // its own clock: the Manila date it stored the order on, plus 9 days (FREE) and 1 day (₱100).
  const orders = await ordersOf(page.request, shopper.id);
  expect(orders).toHaveLength(1);
  const [order] = orders;
  expect(order!.total).toBe('2964.50');
  expect(order!.shippingAddress).toBe(address);
  expect(
    order!.products.map((p) => [p.name, p.quantity, p.size, p.deliveryOption.fee, p.deliveryOption.date]),
  ).toEqual([
    [tee.name, 3, 'M', 0, manilaDatePlus(order!.createdAt, 9)],
    [sunglasses.name, 2, '', 100, manilaDatePlus(order!.createdAt, 1)],
  ]);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY)).toBe('[]');
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
  const [tee] = lines;
  tee.price = '1.00';
  await openCartWith(page, lines);
  // 1 x 1.00 + 2 x 699.00 = 1,399.00, FREE; tax 139.90.
  await expectSummary(page, {
    items: 'Items (3):',
    subtotal: '₱1,399.00',
    shipping: 'FREE',
    beforeTax: '₱1,399.00',
    tax: '₱139.90',
    total: '₱1,538.90',
  });

  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(toast(page, PRICES_CHANGED)).toBeVisible();
  await expect(page).toHaveURL('/cart');
  expect(await ordersOf(page.request, shopper.id)).toHaveLength(0);

  // The cart now carries the server's price and says so on the line.
  const item = cartLines(page).filter({ hasText: tee.name });
  await expect(item.getByRole('alert')).toHaveText(
    'The price of this item changed from ₱1.00 to ₱399.00. Please review your order.',
  );
  await expectSummary(page, START);
  await expectAccessible(page);

  // Reviewed, the order goes through at the true total.
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page).toHaveURL(/\/confirmation\?order=[0-9a-f-]{36}$/);
  const orders = await ordersOf(page.request, shopper.id);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.total).toBe('1976.70');
});
