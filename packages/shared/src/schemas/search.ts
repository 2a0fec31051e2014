import { z } from 'zod';
import { CATEGORIES, SUBCATEGORIES } from '../constants.ts';
import { SearchTextSchema } from './common.ts';

/** The most products and categories the header search suggests for one query. */
export const SUGGESTED_PRODUCTS_MAX = 6;
export const SUGGESTED_CATEGORIES_MAX = 4;

export const SEARCH_MESSAGES = {
  blank: 'Type something to search',
} as const;

/** `GET /product/suggest`: what the shopper has typed so far. */
export const SuggestQuerySchema = z.strictObject({
  q: SearchTextSchema.min(1, { message: SEARCH_MESSAGES.blank }),
});

/** A product the header search suggests, best match first. */
export const ProductSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  price: z.string(),
  category: z.string().nullable(),
  subCategory: z.string().nullable(),
});
export type ProductSuggestion = z.infer<typeof ProductSuggestionSchema>;

/** A category (with a subcategory, or the whole category when null) whose products match. */
export const CategorySuggestionSchema = z.object({
  category: z.enum(CATEGORIES),
  subCategory: z.enum(SUBCATEGORIES).nullable(),
});
export type CategorySuggestion = z.infer<typeof CategorySuggestionSchema>;

export const SuggestionsSchema = z.object({
  products: z.array(ProductSuggestionSchema).max(SUGGESTED_PRODUCTS_MAX),
  categories: z.array(CategorySuggestionSchema).max(SUGGESTED_CATEGORIES_MAX),
});
export type Suggestions = z.infer<typeof SuggestionsSchema>;
