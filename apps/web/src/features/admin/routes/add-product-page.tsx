import { CreateProductFormSchema, LIMITS } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Minus, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddProduct } from '../api/add-product.ts';
import { FormActions, FormSection, UploadProgress } from '../components/form-bits.tsx';
import { MainImageDrop, VariationImagesDrop } from '../components/image-drop.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PriceInput } from '../components/price-input.tsx';
import { ProductOptionFields, ProductOptionsShape } from '../components/product-option-fields.tsx';
import { StockGrid } from '../components/stock-grid.tsx';
import { TrackStockSwitch } from '../components/track-stock-switch.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';
import { type StockCells, stockAxes, stockInput } from '../utils/stock-grid.ts';

/**
 * Create form (name, desc, price with their exact messages) plus what travels
 * beside it: the images, the three selects and one variation name per variation image.
 */
const AddProductFormSchema = CreateProductFormSchema.extend({
  image: z.custom<File | null>().refine((file) => file instanceof File, { message: 'Add a product image' }),
  variationImages: z.array(z.custom<File>()).max(LIMITS.variationsMax),
  ...ProductOptionsShape,
  variationNames: z.array(z.object({ value: z.string().trim().min(1, { message: 'Required' }) })),
}).superRefine((values, ctx) => {
  const message = countMismatch(values.variationImages.length, values.variationNames.length);
  if (message) ctx.addIssue({ code: 'custom', path: ['variationNames'], message });
});

/** As many variation names as variation images. */
function countMismatch(images: number, names: number): string | undefined {
  if (images === names) return undefined;
  return `Give one name per variation image: ${images} image${images === 1 ? '' : 's'}, ${names} name${names === 1 ? '' : 's'}.`;
}
type AddProductFormInput = z.input<typeof AddProductFormSchema>;
type AddProductFormOutput = z.output<typeof AddProductFormSchema>;

/** Add Product. */
export default function AddProductPage() {
  useDocumentTitle('Add Product');
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.home);
  const [progress, setProgress] = useState(0);
  const addProduct = useAddProduct(setProgress);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<AddProductFormInput, unknown, AddProductFormOutput>({
    resolver: zodResolver(AddProductFormSchema),
    defaultValues: {
      name: '',
      desc: '',
      price: '',
      image: null,
      variationImages: [],
      size: null,
      category: null,
      subCategory: null,
      variationNames: [],
    },
  });
  const names = useFieldArray({ control, name: 'variationNames' });
  const imageCount = watch('variationImages').length;
  const descLength = watch('desc').length;
  // Worked out from the live counts once a submit was tried: the resolver re-checks only the
  // field that changed, so an error stored for the names would go stale as images change.
  const namesError = isSubmitted ? countMismatch(imageCount, names.fields.length) : undefined;
  // Stock beside the form: tracked, each variation entered in each size chosen.
  const [trackStock, setTrackStock] = useState(false);
  const [stockCells, setStockCells] = useState<StockCells>({});
  const stockSection = useRef<HTMLDivElement>(null);
  const stockAxesNow = stockAxes(
    watch('variationNames').map((n) => n.value),
    watch('size')?.value ?? [],
  );
  const stock = trackStock ? stockInput(stockAxesNow, stockCells) : undefined;

  const onSubmit = handleSubmit(async (values) => {
    if (stock && 'errors' in stock) {
      stockSection.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
      return;
    }
    setProgress(0);
    try {
      const { message } = await addProduct.mutateAsync({
        image: values.image!,
        variationImages: values.variationImages,
        name: values.name,
        description: values.desc,
        priceText: values.price,
        size: values.size,
        category: values.category,
        subCategory: values.subCategory,
        variationsName: values.variationNames.map((n) => n.value),
        ...(stock ? { stock: stock.input } : {}),
      });
      toast.success(message);
      void navigate(paths.admin.home);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <>
      <PageHeader title="Add Product" description="A new product for the storefront, with its variations." />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className="flex flex-col gap-6">
            <FormSection
              title="Main image"
              description="The picture shown on cards and first on the product page."
            >
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
            <FormSection
              title="Variation images"
              description="One picture per colour or variation, in order."
            >
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
          <div className="flex flex-col gap-6">
            <FormSection title="Details">
              <div className="flex flex-col gap-4">
                <Field label="Product name: Color/Variation" error={errors.name?.message}>
                  {({ control }) => (
                    <Input {...control} placeholder="Men T-shirt Blue" {...register('name')} />
                  )}
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
                  <Field label="Price" error={errors.price?.message}>
                    {({ id, describedBy, invalid }) => (
                      <Controller
                        control={control}
                        name="price"
                        render={({ field }) => (
                          <PriceInput
                            id={id}
                            name={field.name}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            invalid={invalid}
                            describedBy={describedBy}
                          />
                        )}
                      />
                    )}
                  </Field>
                  <ProductOptionFields control={control} sizeFieldLabel="Size" />
                </div>
              </div>
            </FormSection>
            <FormSection
              title="Variations name"
              description={
                <span className="tabular-nums">
                  {names.fields.length} name{names.fields.length === 1 ? '' : 's'} for {imageCount} variation
                  image
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
                    disabled={names.fields.length >= LIMITS.variationsMax}
                  >
                    <Plus aria-hidden="true" className="-ml-1 size-4" />
                    Add
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="rounded-lg"
                    onClick={() => names.remove(names.fields.length - 1)}
                    disabled={names.fields.length === 0}
                  >
                    <Minus aria-hidden="true" className="-ml-1 size-4" />
                    Remove
                  </Button>
                </>
              }
            >
              {names.fields.length === 0 ? (
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
                          <p
                            id={`variation-${index}-error`}
                            role="alert"
                            className="mt-1.5 text-sm text-danger"
                          >
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
          </div>
        </div>
        <div ref={stockSection}>
          <FormSection
            title="Stock"
            description={
              trackStock
                ? 'How many of each variation are in stock in each size. An empty cell is none.'
                : 'Not tracked: the product sells without limit.'
            }
            actions={<TrackStockSwitch checked={trackStock} onCheckedChange={setTrackStock} />}
          >
            {trackStock && (
              <StockGrid
                axes={stockAxesNow}
                cells={stockCells}
                onChange={setStockCells}
                errors={stock && 'errors' in stock ? stock.errors : {}}
                placeholder="0"
              />
            )}
          </FormSection>
        </div>
        <FormActions submitLabel="Create" pending={addProduct.isPending} onCancel={goBack}>
          {addProduct.isPending && <UploadProgress percent={progress} />}
        </FormActions>
      </form>
    </>
  );
}
