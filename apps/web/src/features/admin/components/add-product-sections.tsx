import { LIMITS } from '@habi/shared';
import { Minus, Plus } from 'lucide-react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFieldArrayReturn,
  type UseFormRegister,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import type { AddProductFormInput, AddProductFormOutput } from '../hooks/use-add-product-form.ts';
import type { StockAxes, StockCells } from '../utils/stock-grid.ts';
import { FormSection } from './form-bits.tsx';
import { MainImageDrop, VariationImagesDrop } from './image-drop.tsx';
import { PriceField } from './price-field.tsx';
import { ProductOptionFields } from './product-option-fields.tsx';
import { StockGrid } from './stock-grid.tsx';
import { TrackStockSwitch } from './track-stock-switch.tsx';

type AddControl = Control<AddProductFormInput, unknown, AddProductFormOutput>;
type AddRegister = UseFormRegister<AddProductFormInput>;
type AddErrors = FieldErrors<AddProductFormInput>;

/** The main image and the variation images, one above the other. */
export function ProductImagesSections({ control, errors }: { control: AddControl; errors: AddErrors }) {
  return (
    <div className="flex flex-col gap-6">
      <FormSection title="Main image" description="The picture shown on cards and first on the product page.">
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <MainImageDrop
              file={field.value ?? null}
              onChange={field.onChange}
              error={errors.image?.message}
              errorId="main-image-error"
            />
          )}
        />
      </FormSection>
      <FormSection title="Variation images" description="One picture per colour or variation, in order.">
        <Controller
          control={control}
          name="variationImages"
          render={({ field }) => (
            <VariationImagesDrop
              files={field.value}
              onChange={field.onChange}
              max={LIMITS.variationsMax}
              error={errors.variationImages?.message}
            />
          )}
        />
      </FormSection>
    </div>
  );
}

/** Name, description (with its count), price and the three selects. */
export function ProductDetailsSection({
  register,
  control,
  errors,
  descLength,
}: {
  register: AddRegister;
  control: AddControl;
  errors: AddErrors;
  descLength: number;
}) {
  return (
    <FormSection title="Details">
      <div className="flex flex-col gap-4">
        <Field label="Product name: Color/Variation" error={errors.name?.message}>
          {({ control }) => <Input {...control} placeholder="Men T-shirt Blue" {...register('name')} />}
        </Field>
        <Field label="Description" error={errors.desc?.message}>
          {({ control }) => (
            <div className="relative">
              <Textarea
                {...control}
                rows={5}
                placeholder="Fabric, fit and care of the product"
                {...register('desc')}
              />
              <span
                aria-hidden="true"
                className={`absolute right-3 bottom-2 text-xs tabular-nums ${descLength > LIMITS.descriptionMax ? 'text-danger' : 'text-muted'}`}
              >
                {descLength}/{LIMITS.descriptionMax}
              </span>
            </div>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <PriceField control={control} error={errors.price?.message} />
          <ProductOptionFields control={control} sizeFieldLabel="Size" />
        </div>
      </div>
    </FormSection>
  );
}

/** One name per variation image, added and removed from the end. */
export function VariationNamesSection({
  names,
  register,
  errors,
  imageCount,
  namesError,
}: {
  names: UseFieldArrayReturn<AddProductFormInput, 'variationNames'>;
  register: AddRegister;
  errors: AddErrors;
  imageCount: number;
  /** The names and images do not pair up (once a submit was tried). */
  namesError: string | undefined;
}) {
  const count = names.fields.length;
  return (
    <FormSection
      title="Variations name"
      description={
        <span className="tabular-nums">
          {count} name{count === 1 ? '' : 's'} for {imageCount} variation image
          {imageCount === 1 ? '' : 's'}
        </span>
      }
      actions={
        <>
          <Button
            variant="secondary"
            size="sm"
            className="rounded-lg"
            onClick={() => names.append({ value: '' })}
            disabled={count >= LIMITS.variationsMax}
          >
            <Plus aria-hidden="true" className="-ml-1 size-4" />
            Add
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="rounded-lg"
            onClick={() => names.remove(count - 1)}
            disabled={count === 0}
          >
            <Minus aria-hidden="true" className="-ml-1 size-4" />
            Remove
          </Button>
        </>
      }
    >
      {count === 0 ? (
        <p className="rounded-xl bg-paper px-4 py-3 text-sm text-muted">
          No variation names yet. Add one for each variation image, e.g. “Men T-shirt Blue”.
        </p>
      ) : (
        <ol className="grid gap-3 sm:grid-cols-2">
          {names.fields.map((item, index) => {
            const error = errors.variationNames?.[index]?.value?.message;
            return (
              <li key={item.id}>
                <Input
                  aria-label={`Variation ${index + 1} name`}
                  placeholder={`Variation ${index + 1}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `variation-${index}-error` : undefined}
                  {...register(`variationNames.${index}.value`)}
                />
                {error && (
                  <p id={`variation-${index}-error`} role="alert" className="mt-1.5 text-sm text-danger">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {namesError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {namesError}
        </p>
      )}
    </FormSection>
  );
}

/** The new product's stock: off by default; on, a grid of each variation in each size. */
export function NewStockSection({
  tracked,
  setTracked,
  axes,
  cells,
  setCells,
  errors,
}: {
  tracked: boolean;
  setTracked(tracked: boolean): void;
  axes: StockAxes;
  cells: StockCells;
  setCells(cells: StockCells): void;
  errors: Readonly<Record<string, string>>;
}) {
  return (
    <FormSection
      title="Stock"
      description={
        tracked
          ? 'How many of each variation are in stock in each size. An empty cell is none.'
          : 'Not tracked: the product sells without limit.'
      }
      actions={<TrackStockSwitch checked={tracked} onCheckedChange={setTracked} />}
    >
      {tracked && <StockGrid axes={axes} cells={cells} onChange={setCells} errors={errors} placeholder="0" />}
    </FormSection>
  );
}
