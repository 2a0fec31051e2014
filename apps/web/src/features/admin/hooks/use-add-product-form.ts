import { CreateProductFormSchema, LIMITS } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddProduct } from '../api/add-product.ts';
import { ProductOptionsShape } from '../components/product-option-fields.tsx';
import { type StockCells, stockAxes, stockInput } from '../utils/stock-grid.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useOwnSizeChart } from './use-own-size-chart.ts';

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
export type AddProductFormInput = z.input<typeof AddProductFormSchema>;
export type AddProductFormOutput = z.output<typeof AddProductFormSchema>;

/**
 * Add Product's form and the stock entered beside it: the fields, the live counts the page
 * shows, the stock grid's state, the upload's progress, the submit that sends them together, and
 * the warning before the page is left with anything entered.
 */
export function useAddProductForm() {
  const navigate = useNavigate();
  const [progress, setProgress] = useState(0);
  const addProduct = useAddProduct(setProgress);
  const form = useForm<AddProductFormInput, unknown, AddProductFormOutput>({
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
  const {
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitted, isDirty },
  } = form;
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
  const chart = useOwnSizeChart(
    {
      category: watch('category')?.value ?? null,
      subCategory: watch('subCategory')?.value ?? null,
      size: watch('size')?.value ?? [],
    },
    null,
  );
  // Anything entered would be lost by leaving: a field, an image, a variation name, the stock, a chart.
  const guard = useLeaveGuard(
    isDirty || trackStock || Object.values(stockCells).some((cell) => cell.trim() !== '') || chart.dirty,
  );

  const onSubmit = handleSubmit(async (values) => {
    if (stock && 'errors' in stock) {
      stockSection.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
      return;
    }
    const sentChart = chart.check();
    if (sentChart === 'invalid') {
      toast.error('Nothing was saved: check the size chart.');
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
        sizeChart: sentChart.sizeChart,
      });
      // Created: the way back to the list asks nothing.
      guard.release();
      toast.success(message);
      void navigate(paths.admin.home);
    } catch (error) {
      if (error instanceof ApiError) chart.refused(error.errors);
      toast.error(errorMessage(error));
    }
  });

  return {
    register: form.register,
    control,
    errors,
    onSubmit,
    pending: addProduct.isPending,
    progress,
    names,
    imageCount,
    descLength,
    namesError,
    guard,
    chart,
    stock: {
      section: stockSection,
      tracked: trackStock,
      setTracked: setTrackStock,
      axes: stockAxesNow,
      cells: stockCells,
      setCells: setStockCells,
      errors: stock && 'errors' in stock ? stock.errors : {},
    },
  };
}
