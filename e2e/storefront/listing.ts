import { NEXT_CURSOR_HEADER, type ProductSummary } from '@habi/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

// The product listing (/products) as a shopper reads it: its cards, their prices, its count.

export const PAGE_SIZE = 24;

/** The listing's grid of cards. */
export const results = (page: Page) => page.getByRole('region', { name: 'Products', exact: true });

/** The product names on the cards in `scope`, in order. */
export const cardNames = (scope: Locator) => scope.locator('li h3');

/** The prices on the cards in `scope`, in pesos, in order. */
export const cardPrices = async (scope: Locator) =>
  (await scope.locator('li h3 + p').allInnerTexts()).map((text) => Number(text.replace(/[^\d.]/g, '')));

/**
 * The listing's first page for `query` as the API answers it, and the count line the page shows
 * above it: "N products" for the whole match, "Showing 24 products" while another page follows.
 */
export async function firstPageOf(request: APIRequestContext, query: string) {
  const response = await request.get(`/api/product/all?${query}${query ? '&' : ''}limit=${PAGE_SIZE}`);
  expect(response.ok()).toBe(true);
  const products = (await response.json()) as ProductSummary[];
  const more = Boolean(response.headers()[NEXT_CURSOR_HEADER]);
  return { products, countText: `${more ? 'Showing ' : ''}${products.length} products` };
}
