import { writeFileSync } from 'node:fs';
import type { Product, ProductSummary } from '@habi/shared';
import type { Page } from '@playwright/test';
import { expect, newShopper, test } from '../fixtures.ts';
import { cardNames, cardPrices, firstPageOf, results } from './listing.ts';

// One newcomer's whole visit, from signing up through the collection and the cart to their orders,
// clicked through as a shopper would:
// no API call drives the app; the API is only read to know what to expect and to read back
// what the clicks stored.

/** A 48x48 PNG (a gold dot on rust), written to disk in the test for the avatar picker. */
const AVATAR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAeElEQVR42u3YURGAMAyD4ejBDi7QNwmYwcUcsA5YL+X+uwj43ppUbd+sIkCAAAEC9FvQdR73yQMNKW9YWqp5YNJqzaxJCZopk3I0cZPSNEFTQdCHmogJECBAgADVB3FcK/Yhx8bo2KkdV4fjLnNcrjwbAAECBCgzHYxo3Ns35S9WAAAAAElFTkSuQmCC';

const CATEGORY = 'Men';
const SUBCATEGORY = 'Tops';
const SIZE = 'L';
const HOME_ADDRESS = '12 Mabini St., Poblacion, Makati City 1210';
const OFFICE_ADDRESS = 'Unit 804, 6750 Ayala Avenue, Makati City 1226';

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first();
const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart, / });

/** The Order Summary figures as the page shows them, top to bottom. */
async function shownSummary(page: Page) {
  const ids = ['summary-items', 'summary-shipping', 'summary-before-tax', 'summary-tax', 'summary-total'];
  return Promise.all(ids.map(async (id) => (await page.getByTestId(id).textContent()) ?? ''));
}

test('a newcomer browses, fills a cart, signs up, orders, edits the profile and logs out', async ({
  page,
  baseURL,
}) => {
  test.slow();
  // Every request of the whole visit stays on the store's own origin.
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  // What the shopper will see, read from the catalogue.
  const catalogue = (await (await page.request.get('/api/product/all')).json()) as ProductSummary[];
  const menTops = catalogue.filter((p) => p.category === CATEGORY && p.subCategory === SUBCATEGORY);
  expect(menTops.length).toBeGreaterThan(1);
  const ascending = [...menTops].sort((a, b) => Number(a.price) - Number(b.price));
  // The shirt the shopper picks, at the demo price the summaries below are written for.
  const chosen = menTops.find((p) => p.name.startsWith('Men Crew T-shirt'));
  expect(chosen, 'the demo Men Crew T-shirt').toBeDefined();
  const product = (await (await page.request.get(`/api/product/${chosen!._id}`)).json()) as Product;
  expect(product.price).toBe('399.00');
  expect(product.size).toContain(SIZE);
  const variationName = product.variations[0]?.name ?? product.name;
  const shopper = newShopper();

  await test.step('home shows the Latest and Best Collections', async () => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Everyday pieces, made to last.' }),
    ).toBeVisible();
    for (const section of ['Latest Collections', 'Best Collections']) {
      const region = page.getByRole('region', { name: section });
      await expect(region.getByRole('heading', { level: 2, name: section })).toBeVisible();
      await expect(cardNames(region)).toHaveCount(5);
      await expect(cardNames(region).first()).toBeVisible();
    }
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  });

  await test.step('Browse Collections leads to the listing', async () => {
    await page.getByRole('link', { name: 'Browse Collections' }).click();
    await expect(page).toHaveURL('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products Collections' })).toBeVisible();
    await expect(cardNames(results(page))).toHaveCount(24);
  });

  await test.step(`filter by ${CATEGORY} and ${SUBCATEGORY}, sort Low to High`, async () => {
    await page.getByRole('checkbox', { name: CATEGORY, exact: true }).check();
    await page.getByRole('checkbox', { name: SUBCATEGORY, exact: true }).check();
    await expect(page).toHaveURL(`/products?category=${CATEGORY}&subCategory=${SUBCATEGORY}`);
    const { products, countText } = await firstPageOf(
      page.request,
      `category=${CATEGORY}&subCategory=${SUBCATEGORY}`,
    );
    await expect(cardNames(results(page))).toHaveText(products.map((p) => p.name));
    await expect(page.getByText(countText, { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Low to High', exact: true }).click();
    await expect(page).toHaveURL(`/products?category=${CATEGORY}&subCategory=${SUBCATEGORY}&sort=asc`);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Low to High');
    // The cards on screen: the API's first page by price, cheapest first, every one a Men's top.
    const { products: cheapest } = await firstPageOf(
      page.request,
      `category=${CATEGORY}&subCategory=${SUBCATEGORY}&sort=asc`,
    );
    await expect.poll(() => cardPrices(results(page))).toEqual(cheapest.map((p) => Number(p.price)));
    const shown = await cardNames(results(page)).allInnerTexts();
    expect([...shown].sort()).toEqual(cheapest.map((p) => p.name).sort());
    expect(cheapest.every((p) => p.category === CATEGORY && p.subCategory === SUBCATEGORY)).toBe(true);
    expect(Number(cheapest[0]!.price)).toBe(Number(ascending[0]!.price));
  });

  await test.step('open the Men Crew T-shirt', async () => {
    await results(page).getByRole('link', { name: chosen!.name }).click();
    await expect(page).toHaveURL(`/view?pid=${chosen!._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(variationName);
    await expect(page.getByText('₱399.00', { exact: true })).toBeVisible();
  });

  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await test.step('Add to Cart without a size asks for one', async () => {
    await addToCart.click();
    await expect(toast(page, 'Please select size')).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  });

  await test.step('choose a size and add: the badge reads 1', async () => {
    await page.getByRole('radio', { name: SIZE, exact: true }).check();
    await addToCart.click();
    await expect(toast(page, 'Added to the cart.')).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await expect(cartLink(page)).toHaveText('1');
  });

  await test.step('add again: the quantity increases and the badge reads 2', async () => {
    await addToCart.click();
    await expect(toast(page, 'Product quantity increases')).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    await expect(cartLink(page)).toHaveText('2');
  });

  const lines = page.getByRole('region', { name: 'Review your Cart' }).getByRole('listitem');
  const expectTheLine = async () => {
    await expect(lines).toHaveCount(1);
    await expect(lines.first().getByText(variationName)).toBeVisible();
    await expect(lines.first().getByText(`Size: ${SIZE}`)).toBeVisible();
    await expect(lines.first().getByText('2', { exact: true })).toBeVisible();
  };
  await test.step('open the cart as a visitor', async () => {
    await cartLink(page).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expectTheLine();
    // The way to sign up proves the page knows there is no shopper: so no address box.
    await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shipping address' })).toHaveCount(0);
  });

  await test.step('Place your order asks the visitor to log in first', async () => {
    await page.getByRole('button', { name: 'Place your order' }).click();
    await expect(toast(page, 'User must log in first.')).toBeVisible();
    await expect(page).toHaveURL('/cart');
  });

  await test.step('sign up through the form and come back to the cart', async () => {
    await page.getByRole('link', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/sign-up?next=%2Fcart');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill(shopper.name);
    const phone = page.getByLabel('Contact Number');
    await expect(phone).toHaveValue('+63');
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially(shopper.contactNumber.slice(3));
    await expect(phone).toHaveValue('+63 917 123 4567');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { name: `Hello, ${shopper.name}` })).toBeVisible();
  });

  const current = (await (await page.request.get('/api/users/current')).json()) as { _id: string };
  const box = page.getByRole('region', { name: 'Shipping address' });

  await test.step('the cart is still there after signing up', async () => {
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    await cartLink(page).click();
    await expect(page).toHaveURL('/cart');
    await expectTheLine();
    await expect(box.getByRole('heading', { name: `Hello, ${shopper.name}` })).toBeVisible();
    await expect(box.getByText('No shipping address...')).toBeVisible();
  });

  await test.step('an empty address is refused', async () => {
    await box.getByRole('button', { name: 'Change shipping address' }).click();
    await expect(box.getByRole('heading', { name: 'Select Shipping Address' })).toBeVisible();
    await expect(box.getByText('No available address...')).toBeVisible();
    await box.getByRole('button', { name: 'Add New Address' }).click();
    await box.getByRole('button', { name: 'Save' }).click();
    await expect(box.getByText('No value for address')).toBeVisible();
  });

  await test.step('add two addresses, delete one, select the other', async () => {
    await box.getByLabel('Add new address').fill(HOME_ADDRESS);
    await box.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'New address added.')).toBeVisible();
    await expect(box.getByRole('radio', { name: HOME_ADDRESS })).toBeChecked();

    await box.getByRole('button', { name: 'Add New Address' }).click();
    await box.getByLabel('Add new address').fill(OFFICE_ADDRESS);
    await box.getByRole('button', { name: 'Save' }).click();
    await expect(box.getByRole('radio')).toHaveCount(2);
    await expect(box.getByRole('radio', { name: OFFICE_ADDRESS })).toBeChecked();

    await box.getByRole('button', { name: `Delete address: ${OFFICE_ADDRESS}` }).click();
    await expect(toast(page, 'Address Deleted')).toBeVisible();
    await expect(box.getByRole('radio')).toHaveCount(1);
    await expect(box.getByRole('radio', { name: HOME_ADDRESS })).not.toBeChecked();

    await box.getByRole('radio', { name: HOME_ADDRESS }).click();
    await expect(box.getByRole('radio', { name: HOME_ADDRESS })).toBeChecked();
    await box.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(box.getByTestId('selected-address')).toHaveText(`Ships to: ${HOME_ADDRESS}`);
    // Read back: the account keeps only the remaining address.
    const user = (await (await page.request.get('/api/users/current')).json()) as {
      shippingAddress: string[];
    };
    expect(user.shippingAddress).toEqual([HOME_ADDRESS]);
  });

  await test.step('a faster delivery option moves shipping, tax and total by the right amounts', async () => {
    // 2 x 399.00 = 798.00, FREE; tax 79.80.
    await expect(page.getByTestId('summary-total')).toHaveText('₱877.80');
    expect(await shownSummary(page)).toEqual(['₱798.00', 'FREE', '₱798.00', '₱79.80', '₱877.80']);

    await lines
      .first()
      .getByRole('radio', { name: /₱100\.00 - Shipping/ })
      .click();
    await expect(lines.first().getByRole('radio', { name: /₱100\.00 - Shipping/ })).toBeChecked();
    // ₱100 more shipping, 10% tax on it, ₱110 more in all; the items cost the same.
    await expect(page.getByTestId('summary-total')).toHaveText('₱987.80');
    expect(await shownSummary(page)).toEqual(['₱798.00', '₱100.00', '₱898.00', '₱89.80', '₱987.80']);
  });

  await test.step('place the order and see the thank-you page', async () => {
    await page.getByRole('button', { name: 'Place your order' }).click();
    await expect(page).toHaveURL(/\/confirmation\?order=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Thank you for purchasing.' })).toBeVisible();
    await expect(
      page.getByText('Stay tune on our application for updates regarding your order(s).'),
    ).toBeVisible();
    // Read back the stored order: the line, the address and the total the summary showed.
    const orders = (await (await page.request.get(`/api/orders/user/${current._id}`)).json()) as {
      total: string;
      shippingAddress: string;
      products: { name: string; size: string; quantity: number; deliveryOption: { fee: number } }[];
    }[];
    expect(orders).toHaveLength(1);
    expect(orders[0]!.total).toBe('987.80');
    expect(orders[0]!.shippingAddress).toBe(HOME_ADDRESS);
    expect(orders[0]!.products).toEqual([
      expect.objectContaining({
        name: variationName,
        size: SIZE,
        quantity: 2,
        deliveryOption: expect.objectContaining({ fee: 100 }),
      }),
    ]);
  });

  const tabs = page.getByRole('navigation', { name: 'Order status' });
  await test.step('the order shows under All Orders and To Pay, not under Delivered', async () => {
    await page.getByRole('link', { name: 'View my orders' }).click();
    await expect(page).toHaveURL('/user');
    await expect(tabs.getByRole('link', { name: 'All Orders' })).toHaveAttribute('aria-current', 'page');
    const orderCards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('region') });
    await expect(orderCards).toHaveCount(1);
    await expect(orderCards.first().getByText(variationName)).toBeVisible();
    await expect(orderCards.first().getByText('Order status: Pending')).toBeVisible();

    await tabs.getByRole('link', { name: 'To Pay' }).click();
    await expect(page).toHaveURL('/user/to-pay_products');
    const items = page.getByRole('main').getByRole('article');
    await expect(items).toHaveCount(1);
    await expect(items.first().getByText(variationName)).toBeVisible();

    await tabs.getByRole('link', { name: 'Delivered' }).click();
    await expect(page).toHaveURL('/user/delivered_products');
    await expect(page.getByText('Your list is currently empty.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    // The cart was emptied by the order.
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  });

  const newName = 'Maria Clara Reyes';
  await test.step('Edit Profile: a new avatar and a new name', async () => {
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(`/user/update_profile?uid=${current._id}`);
    await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(shopper.name);

    const avatar = test.info().outputPath('avatar.png');
    writeFileSync(avatar, Buffer.from(AVATAR_PNG, 'base64'));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Profile picture' }).click();
    await (await chooser).setFiles(avatar);
    await expect(page.getByRole('img', { name: 'New profile picture preview' })).toBeVisible();
    await expect(page.getByText('avatar.png')).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill(newName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'User update successfully')).toBeVisible();
  });

  await test.step('the new name and avatar show on /user', async () => {
    await expect(page).toHaveURL('/user');
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    const picture = page.getByRole('img', { name: `${newName}'s profile picture` });
    await expect(picture).toHaveAttribute('src', /^\/uploads\//);
    // The picture itself loads and decodes: an <img> (a failed one falls back to the default
    // person drawing) with pixels.
    await expect
      .poll(() =>
        picture.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    const user = (await (await page.request.get('/api/users/current')).json()) as {
      name: string;
      imageUrl: string;
    };
    expect(user.name).toBe(newName);
    await expect(picture).toHaveAttribute('src', user.imageUrl);
  });

  await test.step('Logout lands on /, and /user then redirects to /sign-in', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Everyday pieces, made to last.' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL('/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.goto('/user');
    await expect(page).toHaveURL('/sign-in');
    expect(await (await page.request.get('/api/users/current')).json()).toBeNull();
  });

  const foreign = requested.filter(
    (url) => !url.startsWith(`${baseURL}/`) && !url.startsWith('data:') && !url.startsWith('blob:'),
  );
  expect(foreign, 'requests to other hosts').toEqual([]);
});
