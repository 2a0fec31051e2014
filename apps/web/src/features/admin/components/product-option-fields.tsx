import { type Control, Controller } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import {
  CATEGORY_OPTIONS,
  type CategoryOption,
  SIZE_OPTIONS,
  type SizeOption,
  SUBCATEGORY_OPTIONS,
  type SubCategoryOption,
} from './product-options.ts';

/** The three selects' values, as the add and edit forms hold them (null: none chosen). */
export const ProductOptionsShape = {
  size: z.custom<SizeOption | null>(),
  category: z.custom<CategoryOption | null>(),
  subCategory: z.custom<SubCategoryOption | null>(),
};
type ProductOptionValues = {
  [K in keyof typeof ProductOptionsShape]: z.infer<(typeof ProductOptionsShape)[K]>;
};

/** In the menu, a size preset shows its range: "Sneakers (US 7 – US 13)". */
function sizeLabel(option: SizeOption, { context }: { context: 'menu' | 'value' }) {
  if (context !== 'menu' || option.value.length === 0) return option.label;
  return (
    <span>
      {option.label}{' '}
      <span className="text-xs opacity-70">
        ({option.value[0]} – {option.value[option.value.length - 1]})
      </span>
    </span>
  );
}

/** Size, Category and Subcategory: searchable, clearable selects, shared by add and edit. */
export function ProductOptionFields<T extends ProductOptionValues>({
  control,
  sizeFieldLabel,
}: {
  control: Control<T>;
  sizeFieldLabel: string;
}) {
  // Both forms hold these three fields with exactly these types; react-hook-form's Control is
  // invariant in the form type, so it is narrowed to them here.
  const options = control as unknown as Control<ProductOptionValues>;
  return (
    <>
      <Field label={sizeFieldLabel}>
        {({ id }) => (
          <Controller
            control={options}
            name="size"
            render={({ field }) => (
              <Select<SizeOption>
                inputId={id}
                name={field.name}
                options={SIZE_OPTIONS}
                value={field.value ?? null}
                onChange={(option) => field.onChange(option ?? null)}
                onBlur={field.onBlur}
                getOptionValue={(option) => option.label}
                formatOptionLabel={sizeLabel}
                isClearable
                placeholder="Select size..."
              />
            )}
          />
        )}
      </Field>
      <Field label="Category">
        {({ id }) => (
          <Controller
            control={options}
            name="category"
            render={({ field }) => (
              <Select<CategoryOption>
                inputId={id}
                name={field.name}
                options={CATEGORY_OPTIONS}
                value={field.value ?? null}
                onChange={(option) => field.onChange(option ?? null)}
                onBlur={field.onBlur}
                isClearable
                placeholder="Select category..."
              />
            )}
          />
        )}
      </Field>
      <Field label="Subcategory">
        {({ id }) => (
          <Controller
            control={options}
            name="subCategory"
            render={({ field }) => (
              <Select<SubCategoryOption>
                inputId={id}
                name={field.name}
                options={SUBCATEGORY_OPTIONS}
                value={field.value ?? null}
                onChange={(option) => field.onChange(option ?? null)}
                onBlur={field.onBlur}
                isClearable
                placeholder="Select subcategory..."
              />
            )}
          />
        )}
      </Field>
    </>
  );
}
