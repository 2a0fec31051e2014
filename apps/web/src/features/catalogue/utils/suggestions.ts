import type { CategorySuggestion, ProductSuggestion, Suggestions } from '@habi/shared';
import { paths } from '../../../lib/paths.ts';
import { productsUrl } from './filters.ts';

/** How long typing must pause before the header search asks for suggestions. */
export const SUGGEST_DELAY_MS = 200;

/** One choice in the header search's popup, with where it leads. */
export type SuggestionOption =
  | { kind: 'product'; key: string; url: string; product: ProductSuggestion }
  | { kind: 'category'; key: string; url: string; label: string };

/** "Men · Bottoms", or "Men" for the whole category. */
export function categoryLabel({ category, subCategory }: CategorySuggestion): string {
  return subCategory ? `${category} · ${subCategory}` : category;
}

/** The popup's options in the order the arrow keys visit them: products, then categories. */
export function suggestionOptions(suggestions: Suggestions): SuggestionOption[] {
  return [
    ...suggestions.products.map((product) => ({
      kind: 'product' as const,
      key: `product:${product.id}`,
      url: paths.product(product.id),
      product,
    })),
    ...suggestions.categories.map((suggestion) => ({
      kind: 'category' as const,
      key: `category:${categoryLabel(suggestion)}`,
      url: productsUrl({
        category: [suggestion.category],
        subCategory: suggestion.subCategory ? [suggestion.subCategory] : [],
      }),
      label: categoryLabel(suggestion),
    })),
  ];
}

/** Where submitting the search box leads: the listing searching the words typed, and nothing else. */
export function searchUrl(text: string): string {
  const q = text.trim();
  return productsUrl(q ? { q } : {});
}

/**
 * The option highlighted after an arrow key (`step` 1 down, -1 up) among `count` options. -1 is
 * the box itself: the keys cycle through it, so the shopper can go back to the words typed.
 */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  const positions = count + 1;
  return ((((active + 1 + step) % positions) + positions) % positions) - 1;
}
