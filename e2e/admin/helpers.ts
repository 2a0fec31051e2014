import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Order, type Product, type ProductStockInput, summarizeOrder, toDecimal } from '@habi/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { expect } from '../fixtures.ts';
import { E2E_ADMIN, E2E_DATA_DIR } from '../playwright.config.ts';

/** Small PNGs (a red, a green and a blue square, 8 x 8), for the image pickers. */
const PNGS = {
  red: 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4oaGBFTEMLQkAgl1GAWqNFmsAAAAASUVORK5CYII=',
  green:
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPQWBCAFTEMLQkAUF1GAWnpgLQAAAAASUVORK5CYII=',
  blue: 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPQCDiBFTEMLQkAGplQAcFH9hEAAAAASUVORK5CYII=',
} as const;

/** Writes a PNG to a temp file (node fs), for `setInputFiles`. */
export function pngFile(colour: keyof typeof PNGS, name = `${colour}.png`) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'habi-admin-')), name);
  writeFileSync(file, Buffer.from(PNGS[colour], 'base64'));
  return file;
}

/** A file of the wrong type, to see it refused. */
export function textFile(name = 'notes.txt') {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'habi-admin-')), name);
  writeFileSync(file, 'not an image');
  return file;
}

/** A tag unique to one test run, to tell its rows apart in shared tables. */
export function uniqueTag() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs the admin in through the API; `request` is a page's (`page.request`), so the page holds the session. */
export async function signInAdmin(request: APIRequestContext, baseURL: string) {
  const response = await request.post('/api/admin/sign-in', {
    data: E2E_ADMIN,
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The admin session as its own API context, for setting data up beside the browser. */
export async function adminApi(
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
  baseURL: string,
) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await signInAdmin(api, baseURL);
  return api;
}

/**
 * The text part of the newest mail of a kind to an address, as its recipient gets it: the file
 * the store's mail worker writes under DATA_DIR/mail (no SMTP server in e2e). The back office
 * finds the mail; its copy is not read, as it hides the links' tokens.
 */
export async function mailText(api: APIRequestContext, recipient: string, kind: string): Promise<string> {
  let id: string | undefined;
  // Written in the transaction that answered the request, so it is there at once; polled only
  // in case the list's newest-first order ties.
  await expect
    .poll(async () => {
      const list = (await (await api.get(`/api/admin/emails?q=${encodeURIComponent(recipient)}`)).json()) as {
        _id: string;
        kind: string;
      }[];
      id = list.find((mail) => mail.kind === kind)?._id;
      return id;
    })
    .toBeDefined();
  const file = path.join(E2E_DATA_DIR, 'mail', `${id}.eml`);
  // The worker sends within a second of the mail being written.
  await expect.poll(() => existsSync(file), { message: `${kind} mail to ${recipient} delivered` }).toBe(true);
  return (await simpleParser(await readFile(file))).text ?? '';
}

/**
 * Creates a product through the API (multipart, as the Add Product page sends it), in Clothes
 * sizes; with `stock`, tracking it.
 */
export async function createProductViaApi(
  api: APIRequestContext,
  {
    name,
    price = '499.00',
    variations = [] as string[],
    stock,
  }: { name: string; price?: string; variations?: string[]; stock?: ProductStockInput },
): Promise<string> {
  const image = { name: 'main.png', mimeType: 'image/png', buffer: Buffer.from(PNGS.red, 'base64') };
  const response = await api.post('/api/product/add', {
    multipart: {
      imageUrl: image,
      ...(variations.length > 0
        ? { varImgUrls: { name: 'v.png', mimeType: 'image/png', buffer: Buffer.from(PNGS.blue, 'base64') } }
        : {}),
      name,
      description: 'A product made by an end-to-end test.',
      price,
      size: JSON.stringify({ label: 'Clothes', value: ['S', 'M', 'L', 'XL', '2XL'] }),
      category: JSON.stringify({ label: 'Men', value: 'Men' }),
      subCategory: JSON.stringify({ label: 'Tops', value: 'Tops' }),
      variationsName: JSON.stringify(variations),
      ...(stock ? { stock: JSON.stringify(stock) } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: Product }).product._id;
}

/** Makes a discount code in the back office's API; its id. */
export async function createDiscountViaApi(
  api: APIRequestContext,
  fields: Record<string, unknown>,
): Promise<string> {
  const response = await api.post('/api/admin/discounts', { data: fields });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { discount: { _id: string } }).discount._id;
}

/** Places an order as the shopper whose session `request` holds (the cart page's body, the server's total). */
export async function placeOrder(
  request: APIRequestContext,
  baseURL: string,
  userId: string,
  lines: { product: Product; variation: number; size: string; quantity: number; fee: 0 | 50 | 100 }[],
): Promise<Order> {
  const cart = lines.map(({ product, variation, size, quantity, fee }) => {
    const chosen = product.variations[variation];
    return {
      id: product._id,
      name: chosen?.name ?? product.name,
      imageUrl: chosen?.imageUrl ?? product.imageUrl,
      price: product.price,
      size,
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
    headers: { origin: baseURL, 'idempotency-key': `e2e-admin-${uniqueTag()}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

/** The visible rows of the admin table named `label`. */
export function tableRows(page: Page, label: string) {
  return page.getByRole('table', { name: label }).locator('tbody tr');
}

/**
 * Types into a table's search box and waits until the table has taken the search (it is in the
 * URL, after the box's debounce): rows that already matched before it are not mistaken for its
 * results, and no refetch starts behind the test's back.
 */
export async function searchTable(page: Page, box: string, text: string) {
  await page.getByRole('searchbox', { name: box }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text.trim() || null);
}

/** Follows a link of the back office's menu: the sidebar, or on a phone the drawer. */
export async function navLink(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  // The header draws the menu button with the profile link: once the link shows, whether the
  // button shows (a phone) is settled.
  await expect(page.getByRole('link', { name: /^Update admin profile:/ })).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name }).click();
}
