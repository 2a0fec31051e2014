import {
  CATEGORIES,
  type Category,
  SIZE_PRESET_NAMES,
  SIZE_PRESETS,
  SUBCATEGORIES,
  type SubCategory,
  sizePresetFor,
} from '@habi/shared';
import type { ChosenOption } from '../api/add-product.ts';

/** Select options as the API takes them: `{label, value}`; sizes carry their whole preset. */
export type SizeOption = ChosenOption<readonly string[]>;
export type CategoryOption = ChosenOption<Category>;
export type SubCategoryOption = ChosenOption<SubCategory>;

export const SIZE_OPTIONS: SizeOption[] = SIZE_PRESET_NAMES.map((name) => ({
  label: name,
  value: SIZE_PRESETS[name],
}));
export const CATEGORY_OPTIONS: CategoryOption[] = CATEGORIES.map((c) => ({ label: c, value: c }));
export const SUBCATEGORY_OPTIONS: SubCategoryOption[] = SUBCATEGORIES.map((c) => ({ label: c, value: c }));

/** The preset a product's sizes came from, read back from how many there are. */
export function sizeOptionFor(sizes: readonly string[]): SizeOption {
  const name = sizePresetFor(sizes);
  return SIZE_OPTIONS.find((option) => option.label === name)!;
}

export function optionOf<T extends string>(options: ChosenOption<T>[], value: string | null) {
  return options.find((option) => option.value === value) ?? null;
}
