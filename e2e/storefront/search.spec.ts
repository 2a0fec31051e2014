import type { ProductSummary, Suggestions } from '@habi/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { cardNames, cardPrices, results } from './listing.ts';

// The header search (issue 13): suggestions as the shopper types, the listing's ranked results
// for `?q=`, with the filters and sort, and the no-results state. Runs at desktop and phone width.

const searchbox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });

/** Below 1024 px the search sits behind a header button. */
const isNarrow = (page: Page) => page.viewportSize()!.width < 1024;

/** The header's search box, ready to type in, on the page as it is. */
async function openSearch(page: Page) {
  await expect(page.getByRole('link', { name: 'Habi home' })).toBeVisible();
  if (isNarrow(page)) await page.getByRole('button', { name: 'Open search' }).click();
  await expect(searchbox(page)).toBeVisible();
  return searchbox(page);
}

async function suggest(request: APIRequestContext, q: string): Promise<Suggestions> {
  const response = await request.get(`/api/product/suggest?q=${encodeURIComponent(q)}`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The first page of the listing's answer for a query string, as the page asks for it. */
async function listing(request: APIRequestContext, search: string): Promise<ProductSummary[]> {
  const response = await request.get(`/api/product/all?${search}&limit=24`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** On phones the filters fold behind a toggle. */
async function showFilters(page: Page) {
  if (isNarrow(page)) await page.getByRole('button', { name: /^Filters/ }).click();
}

test('suggests products as the shopper types; the arrow keys and Enter open one', async ({
  page,
  request,
}) => {
  const expected = await suggest(request, 'dennim');
  expect(expected.products.length).toBeGreaterThan(0);
  const [best] = expected.products;

  await page.goto('/');
  const box = await openSearch(page);
  await box.pressSequentially('dennim');
  await expect(suggestions(page)).toBeVisible();
  const productOptions = suggestions(page).getByRole('group', { name: 'Products' }).getByRole('option');
  await expect(productOptions).toHaveCount(expected.products.length);
  await expect(productOptions.first()).toContainText(best!.name);
  await expect(productOptions.first()).toContainText(/₱[\d,]+\.\d{2}/);
  await expect(suggestions(page).getByRole('group', { name: 'Categories' }).getByRole('option')).toHaveCount(
    expected.categories.length,
  );

  await box.press('ArrowDown');
  await expect(productOptions.first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute(
    'aria-activedescendant',
    (await productOptions.first().getAttribute('id'))!,
  );
  await box.press('Enter');
  await expect(page).toHaveURL(`/view?pid=${best!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(suggestions(page)).toHaveCount(0);
});

test('a suggested category opens the listing filtered by it', async ({ page, request }) => {
  const expected = await suggest(request, 'jeans');
  const category = expected.categories[0];
  expect(category, 'a category suggested for "jeans"').toBeDefined();
  const label = category!.subCategory
    ? `${category!.category} · ${category!.subCategory}`
    : category!.category;

  await page.goto('/about');
  const box = await openSearch(page);
  await box.fill('jeans');
  await suggestions(page).getByRole('option', { name: label, exact: true }).click();
  const filters = new URLSearchParams({ category: category!.category });
  if (category!.subCategory) filters.set('subCategory', category!.subCategory);
  await expect(page).toHaveURL(`/products?${filters}`);
  await showFilters(page);
  await expect(page.getByRole('checkbox', { name: category!.category, exact: true })).toBeChecked();
});

test('Enter searches the collection, which shows the ranked results for the words', async ({
  page,
  request,
}) => {
  const ranked = await listing(request, 'q=dennim+jaket');
  expect(ranked.length).toBeGreaterThan(0);
  expect(ranked.some((product) => /jacket/i.test(product.name))).toBe(true);

  await page.goto('/products?category=Kids&sort=asc');
  const box = await openSearch(page);
  await box.fill('dennim jaket');
  await box.press('Enter');
  // The search starts afresh: the filters and sort of the page it was typed on are not kept.
  await expect(page).toHaveURL('/products?q=dennim+jaket');
  await expect(page.getByText('Results for “dennim jaket”')).toBeVisible();
  await expect(cardNames(results(page))).toHaveText(ranked.map((product) => product.name));
  await expect(page.getByRole('heading', { level: 1, name: 'Products Collections' })).toBeVisible();

  // The header box shows the search in force, on a reload too.
  await page.reload();
  if (isNarrow(page)) await page.getByRole('button', { name: 'Open search' }).click();
  await expect(searchbox(page)).toHaveValue('dennim jaket');
  if (isNarrow(page)) await page.getByRole('button', { name: 'Close search' }).click();

  // Clearing the search brings back the whole collection.
  await page.getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByText(/^Results for/)).toHaveCount(0);
  await expect(cardNames(results(page))).toHaveCount(24);
});

test('a category filter and the sort work together with the search, and the URL keeps them', async ({
  page,
  request,
}) => {
  await page.goto('/products?q=jeans');
  await expect(cardNames(results(page))).toHaveText(
    (await listing(request, 'q=jeans')).map((product) => product.name),
  );

  await showFilters(page);
  await page.getByRole('checkbox', { name: 'Women', exact: true }).check();
  await expect(page).toHaveURL('/products?q=jeans&category=Women');
  const women = (await listing(request, 'q=jeans&category=Women')).map((product) => product.name);
  expect(women.length).toBeGreaterThan(0);
  await expect(cardNames(results(page))).toHaveText(women);

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Low to High', exact: true }).click();
  await expect(page).toHaveURL('/products?q=jeans&category=Women&sort=asc');
  const cheapestFirst = await listing(request, 'q=jeans&category=Women&sort=asc');
  await expect(cardNames(results(page))).toHaveText(cheapestFirst.map((product) => product.name));
  await expect
    .poll(async () => {
      const prices = await cardPrices(results(page));
      return prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    })
    .toBe(true);

  await page.reload();
  await expect(page.getByText('Results for “jeans”')).toBeVisible();
  await showFilters(page);
  await expect(page.getByRole('checkbox', { name: 'Women', exact: true })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Low to High');
  await expect(cardNames(results(page))).toHaveText(cheapestFirst.map((product) => product.name));
});

test('a search with no results shows a friendly state with ways to carry on', async ({ page }) => {
  await page.goto('/');
  const box = await openSearch(page);
  await box.fill('qqxxzzvv');
  await expect(page.getByText('No matches for “qqxxzzvv”')).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL('/products?q=qqxxzzvv');

  await expect(page.getByText('No results for “qqxxzzvv”')).toBeVisible();
  const browse = page.getByRole('region', { name: 'Browse a category' });
  await expect(browse.getByRole('link')).toHaveText([
    'Men',
    'Women',
    'Kids',
    'Tops',
    'Bottoms',
    'Full Outfit',
    'Shoes',
    'Accessories',
  ]);
  await expect(cardNames(page.getByRole('region', { name: 'Latest arrivals' }))).toHaveCount(4);
  await expectAccessible(page);

  await browse.getByRole('link', { name: 'Kids' }).click();
  await expect(page).toHaveURL('/products?category=Kids');
  await page.goBack();
  await expect(page).toHaveURL('/products?q=qqxxzzvv');
  await results(page).getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/products');
  await expect(cardNames(results(page))).toHaveCount(24);
});

test('Escape closes the suggestions, then clears the box; axe passes with them open', async ({ page }) => {
  await page.goto('/products');
  const box = await openSearch(page);
  await box.pressSequentially('polo');
  await expect(suggestions(page)).toBeVisible();
  await expect(suggestions(page).getByRole('option').first()).toBeVisible();
  await expectAccessible(page);

  await box.press('Escape');
  await expect(suggestions(page)).toHaveCount(0);
  await expect(box).toHaveValue('polo');
  await expect(box).toBeFocused();
  // Typing again brings them back; a click elsewhere closes them.
  await box.press('ArrowDown');
  await expect(suggestions(page)).toBeVisible();
  // The page's left margin, clear of the header and the cards at any width.
  await page.mouse.click(5, 700);
  await expect(suggestions(page)).toHaveCount(0);

  await box.focus();
  await box.press('Escape');
  await box.press('Escape');
  await expect(box).toHaveValue('');
});

test('on a phone the search opens from the header, fits the screen and searches', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open search' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(searchbox(page)).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close search' })).toHaveAttribute('aria-expanded', 'true');
  await expect(searchbox(page)).toBeFocused();

  await searchbox(page).pressSequentially('sneakers');
  await expect(suggestions(page).getByRole('option').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scrolling').toBeLessThanOrEqual(390);
  for (const target of [
    searchbox(page),
    page.getByRole('button', { name: 'Search', exact: true }),
    suggestions(page).getByRole('option').first(),
  ]) {
    const box = (await target.boundingBox())!;
    expect(box.height, 'touch target height').toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expectAccessible(page);

  await suggestions(page).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/view\?pid=/);
  await expect(searchbox(page)).toBeHidden();

  // Escape with nothing left to close closes the search row again.
  await page.getByRole('button', { name: 'Open search' }).click();
  await searchbox(page).press('Escape');
  await expect(searchbox(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open search' })).toBeFocused();

  // Escape as soon as the row has opened, before the app has run its effects for it (a fast
  // hand, or a busy phone): the row stays closed and the focus on its button, once the app's
  // pending work has run (two frames, and a task after them).
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const task = () => new Promise((resolve) => setTimeout(resolve));
    await frame();
    document.querySelector<HTMLButtonElement>('button[aria-controls="site-search"]')!.click();
    await task(); // the popover's toggle event, and the app's render of it
    document
      .querySelector('#site-search input')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    await frame();
    await frame();
    await task();
  });
  await expect(searchbox(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open search' })).toBeFocused();
});

test('the search is in the header of every storefront page, and not in the back office', async ({ page }) => {
  for (const path of ['/', '/about', '/products', '/cart', '/sign-in', '/view?pid=not-a-product']) {
    await page.goto(path);
    await openSearch(page);
    await expect(page.getByRole('search')).toHaveCount(1);
  }
  await page.goto('/admin/auth');
  await expect(page.getByRole('heading', { name: 'Welcome back, Admin!' })).toBeVisible();
  await expect(page.getByRole('search')).toHaveCount(0);
});
