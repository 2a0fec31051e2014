import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { paths } from '../../../lib/paths.ts';
import {
  NewStockSection,
  ProductDetailsSection,
  ProductImagesSections,
  VariationNamesSection,
} from '../components/add-product-sections.tsx';
import { FormActions, UploadProgress } from '../components/form-bits.tsx';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ProductSizeChartField } from '../components/product-size-chart-field.tsx';
import { useAddProductForm } from '../hooks/use-add-product-form.ts';
import { useGoBack } from '../hooks/use-go-back.ts';

/**
 * Add Product: the images beside the details and variation names, then the stock. Leaving with
 * anything entered asks first.
 */
export default function AddProductPage() {
  useDocumentTitle('Add Product');
  const goBack = useGoBack(paths.admin.home);
  const form = useAddProductForm();
  const { register, control, errors, stock, guard } = form;

  return (
    <>
      <PageHeader title="Add Product" description="A new product for the storefront, with its variations." />
      <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <ProductImagesSections control={control} errors={errors} />
          <div className="flex flex-col gap-6">
            <ProductDetailsSection
              register={register}
              control={control}
              errors={errors}
              descLength={form.descLength}
            />
            <VariationNamesSection
              names={form.names}
              register={register}
              errors={errors}
              imageCount={form.imageCount}
              namesError={form.namesError}
            />
          </div>
        </div>
        <ProductSizeChartField chart={form.chart} disabled={form.pending} />
        <div ref={stock.section}>
          <NewStockSection
            tracked={stock.tracked}
            setTracked={stock.setTracked}
            axes={stock.axes}
            cells={stock.cells}
            setCells={stock.setCells}
            errors={stock.errors}
          />
        </div>
        <FormActions submitLabel="Create" pending={form.pending} onCancel={goBack}>
          {form.pending && <UploadProgress percent={form.progress} />}
        </FormActions>
      </form>
      <LeaveDialog
        open={guard.open}
        unsaved="The new product's details are not saved."
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </>
  );
}
