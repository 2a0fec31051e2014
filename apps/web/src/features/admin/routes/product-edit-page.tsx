import type { Product, SizeChartRow } from '@habi/shared';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useProduct } from '../../../lib/products.ts';
import { useProductSizeChart } from '../../../lib/size-charts.ts';
import { FormActions, FormSection } from '../components/form-bits.tsx';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PriceField } from '../components/price-field.tsx';
import { ProductOptionFields } from '../components/product-option-fields.tsx';
import { ProductSizeChartField } from '../components/product-size-chart-field.tsx';
import { StockCard } from '../components/stock-card.tsx';
import { StockCodesCard } from '../components/stock-codes-card.tsx';
import { VariationsCard } from '../components/variations-card.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';
import { useProductEditor } from '../hooks/use-product-editor.ts';

/** Edit Product (/admin/product_edit/?pid=). */
export default function ProductEditPage() {
  useDocumentTitle('Edit Product');
  const [search] = useSearchParams();
  const pid = search.get('pid') ?? '';
  const product = useProduct(pid, { enabled: pid !== '' });
  // Whether it has a chart of its own, for the Size chart section to start from.
  const chart = useProductSizeChart(pid, { enabled: pid !== '' });
  const failed = product.error ?? chart.error;

  return (
    <>
      <PageHeader title="Edit Product" description={product.data?.name} />
      {!pid || failed ? (
        <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          {pid ? errorMessage(failed) : 'Product not found'}
        </p>
      ) : product.data && chart.data ? (
        // Keyed, so the form and the stock start again from the stored values of whichever
        // product is opened.
        <ProductEditor
          key={product.data._id}
          product={product.data}
          ownChart={chart.data.source === 'product' ? (chart.data.chart?.rows ?? null) : null}
        />
      ) : (
        <Loading />
      )}
    </>
  );
}

/**
 * The details, the Stock card, then Update, which saves both together (the card's Save stock
 * saves the stock alone). Leaving with either unsaved asks first.
 */
function ProductEditor({ product, ownChart }: { product: Product; ownChart: SizeChartRow[] | null }) {
  const goBack = useGoBack(paths.admin.home);
  const editor = useProductEditor(product, ownChart);
  const { form, stock, guard } = editor;
  const formId = useId();

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <form id={formId} noValidate onSubmit={editor.onSubmit}>
        <DetailsSection product={product} form={form} />
      </form>
      <VariationsCard media={editor.media} disabled={editor.pending} />
      <ProductSizeChartField chart={editor.chart} disabled={editor.pending} />
      <StockCard product={product} stock={stock} busy={editor.pending} />
      {product.trackStock && <StockCodesCard codes={editor.codes} disabled={editor.pending} />}
      <FormActions form={formId} submitLabel="Update" pending={editor.pending} onCancel={goBack}>
        {stock.pending > 0 && (
          <p className="text-sm text-muted">Update saves the details and the stock changes together.</p>
        )}
      </FormActions>
      <LeaveDialog open={guard.open} unsaved={editor.unsaved} onStay={guard.stay} onLeave={guard.leave} />
    </div>
  );
}

function DetailsSection({
  product,
  form,
}: {
  product: Product;
  form: ReturnType<typeof useProductEditor>['form'];
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <FormSection title="Details">
      <div className="flex flex-col gap-4">
        <Field label="Name" hint="Product name: Color/Variation" error={errors.name?.message}>
          {({ control }) => <Input {...control} {...register('name')} />}
        </Field>
        <Field label="Description" error={errors.desc?.message}>
          {({ control }) => <Textarea {...control} rows={5} {...register('desc')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <PriceField control={control} error={errors.price?.message} defaultValue={product.price} />
          <ProductOptionFields control={control} sizeFieldLabel="Sizes" />
        </div>
      </div>
    </FormSection>
  );
}
