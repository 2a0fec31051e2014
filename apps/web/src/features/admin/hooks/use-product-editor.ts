import { EditProductFormSchema, type Product, type SizeChartRow } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { formatValue } from 'react-currency-input-field';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useEditProduct } from '../api/edit-product.ts';
import { PESO } from '../components/price-input.tsx';
import { ProductOptionsShape } from '../components/product-option-fields.tsx';
import {
  CATEGORY_OPTIONS,
  optionOf,
  SUBCATEGORY_OPTIONS,
  sizeOptionFor,
} from '../components/product-options.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useMediaEdits } from './use-media-edits.ts';
import { useOwnSizeChart } from './use-own-size-chart.ts';
import { useStockCodes } from './use-stock-codes.ts';
import { useStockEdits } from './use-stock-edits.ts';

/** Edit form (name, desc, price with their messages) plus the three selects. */
const EditProductFormValuesSchema = EditProductFormSchema.extend({
  ...ProductOptionsShape,
});
export type EditFormInput = z.input<typeof EditProductFormValuesSchema>;
type EditFormOutput = z.output<typeof EditProductFormValuesSchema>;

const defaultsOf = (product: Product): EditFormInput => ({
  name: product.name,
  desc: product.description,
  // As the currency input shows it, "₱1,299.00".
  price: formatValue({ value: product.price, prefix: PESO, groupSeparator: ',', decimalSeparator: '.' }),
  // The preset is read back from how many sizes the product has.
  size: sizeOptionFor(product.size),
  category: optionOf(CATEGORY_OPTIONS, product.category),
  subCategory: optionOf(SUBCATEGORY_OPTIONS, product.subCategory),
});

/** What the warning before leaving says is unsaved. */
export function unsavedSentence(details: boolean, stockChanges: number): string {
  const stock = `${stockChanges} stock change${stockChanges === 1 ? '' : 's'}`;
  if (details && stockChanges > 0) return `Your changes to the product details and ${stock} are not saved.`;
  if (details) return 'Your changes to the product details are not saved.';
  return `${stock} ${stockChanges === 1 ? 'is' : 'are'} not saved.`;
}

/** A refusal of Update that is about the stock changes it sent, for the Stock card to show. */
const aboutStock = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 409 || Object.keys(error.errors).some((key) => key.startsWith('stock')));

/**
 * Edit Product as a whole: the details form and the Stock card's edits, both saved by Update
 * in one request (all or none; the card's Save stock still saves the stock alone), and the
 * warning before the page is left with either unsaved.
 */
export function useProductEditor(product: Product, ownChart: SizeChartRow[] | null) {
  const navigate = useNavigate();
  const edit = useEditProduct(product._id);
  const media = useMediaEdits(product);
  // When the product was last changed as this form read it: a save from a stale form is refused.
  // Save stock turning tracking on or off changes the product: the form then reads it as saved.
  const [seenUpdatedAt, setSeenUpdatedAt] = useState(product.updatedAt);
  const stock = useStockEdits(product, media.rows, (answer) => setSeenUpdatedAt(answer.updatedAt));
  const codes = useStockCodes(product, stock.axes);
  const form = useForm<EditFormInput, unknown, EditFormOutput>({
    resolver: zodResolver(EditProductFormValuesSchema),
    defaultValues: defaultsOf(product),
  });
  const { isDirty } = form.formState;
  const [category, subCategory, size] = form.watch(['category', 'subCategory', 'size']);
  const chart = useOwnSizeChart(
    { category: category?.value ?? null, subCategory: subCategory?.value ?? null, size: size?.value ?? [] },
    ownChart,
  );
  // The details, the chart, the photos and the SKUs: what the warning calls the product's details.
  const details = isDirty || chart.dirty || media.dirty || codes.dirty;
  const guard = useLeaveGuard(details || stock.pending > 0);

  const onSubmit = form.handleSubmit(async (values) => {
    const sizes = [...(values.size?.value ?? [])];
    const sent = stock.check(sizes);
    if (sent === 'invalid') {
      toast.error('Nothing was saved: check the stock changes.');
      return;
    }
    const sentChart = chart.check();
    if (sentChart === 'invalid') {
      toast.error('Nothing was saved: check the size chart.');
      return;
    }
    const sentMedia = media.check();
    if (sentMedia === 'invalid') {
      toast.error('Nothing was saved: check the photos and variations.');
      return;
    }
    const sentCodes = codes.check(sizes);
    if (sentCodes === 'invalid') {
      toast.error('Nothing was saved: check the SKUs and barcodes.');
      return;
    }
    try {
      const input = {
        updatedName: values.name,
        updatedDescription: values.desc,
        updatedPrice: values.price.replace(/^\D+/, ''),
        updatedCategory: values.category?.value ?? null,
        updatedSubcategory: values.subCategory?.value ?? null,
        updatedSizes: sizes,
        ...(sent === 'none' ? {} : { stock: sent.body }),
        // Absent leaves the product's chart as it is.
        ...(chart.dirty ? { sizeChart: sentChart.sizeChart } : {}),
        ...sentMedia.fields,
        ...(typeof sentCodes === 'string' ? {} : { codes: sentCodes.codes }),
        ...(seenUpdatedAt ? { seenUpdatedAt } : {}),
      };
      const { message } = await edit.mutateAsync({ input, files: sentMedia.files });
      // Everything is saved: the way back to the list asks nothing.
      guard.release();
      toast.success(message);
      void navigate(paths.admin.home);
    } catch (error) {
      if (sent !== 'none' && aboutStock(error)) stock.refused(error, sent, 'stock.changes');
      if (error instanceof ApiError) {
        chart.refused(error.errors);
        media.refused(error.errors);
        if (typeof sentCodes !== 'string') codes.refused(error.errors, sentCodes);
      }
      toast.error(errorMessage(error));
    }
  });

  return {
    form,
    stock,
    codes,
    media,
    chart,
    onSubmit,
    pending: edit.isPending,
    guard,
    unsaved: unsavedSentence(details, stock.pending),
  };
}
