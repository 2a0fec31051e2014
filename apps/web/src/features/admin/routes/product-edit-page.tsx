import { EditProductFormSchema, type Product } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatValue } from 'react-currency-input-field';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useProduct } from '../../../lib/products.ts';
import { toast } from '../../../lib/toast.ts';
import { useEditProduct } from '../api/edit-product.ts';
import { FormActions, FormSection } from '../components/form-bits.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PESO, PriceInput } from '../components/price-input.tsx';
import { ProductOptionFields, ProductOptionsShape } from '../components/product-option-fields.tsx';
import {
  CATEGORY_OPTIONS,
  optionOf,
  SUBCATEGORY_OPTIONS,
  sizeOptionFor,
} from '../components/product-options.ts';
import { StockCard } from '../components/stock-card.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';

/** Edit form (name, desc, price with their messages) plus the three selects. */
const EditProductFormValuesSchema = EditProductFormSchema.extend({
  ...ProductOptionsShape,
});
type EditFormInput = z.input<typeof EditProductFormValuesSchema>;
type EditFormOutput = z.output<typeof EditProductFormValuesSchema>;

/** Edit Product (/admin/product_edit/?pid=). */
export default function ProductEditPage() {
  useDocumentTitle('Edit Product');
  const [search] = useSearchParams();
  const pid = search.get('pid') ?? '';
  const product = useProduct(pid, { enabled: pid !== '' });

  return (
    <>
      <PageHeader title="Edit Product" description={product.data?.name} />
      {!pid || product.isError ? (
        <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          {pid ? errorMessage(product.error) : 'Product not found'}
        </p>
      ) : product.data ? (
        // Keyed, so the form and the stock start again from the stored values of whichever
        // product is opened. Stock is saved on its own, never by the form's Update.
        <div className="flex max-w-3xl flex-col gap-6">
          <EditProductForm key={product.data._id} product={product.data} />
          <StockCard key={`stock-${product.data._id}`} product={product.data} />
        </div>
      ) : (
        <Loading />
      )}
    </>
  );
}

function EditProductForm({ product }: { product: Product }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.home);
  const edit = useEditProduct(product._id);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<EditFormInput, unknown, EditFormOutput>({
    resolver: zodResolver(EditProductFormValuesSchema),
    defaultValues: {
      name: product.name,
      desc: product.description,
      // As the currency input shows it, "₱1,299.00".
      price: formatValue({ value: product.price, prefix: PESO, groupSeparator: ',', decimalSeparator: '.' }),
      // The preset is read back from how many sizes the product has.
      size: sizeOptionFor(product.size),
      category: optionOf(CATEGORY_OPTIONS, product.category),
      subCategory: optionOf(SUBCATEGORY_OPTIONS, product.subCategory),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await edit.mutateAsync({
        updatedName: values.name,
        updatedDescription: values.desc,
        updatedPrice: values.price.replace(/^\D+/, ''),
        updatedCategory: values.category?.value ?? null,
        updatedSubcategory: values.subCategory?.value ?? null,
        updatedSizes: [...(values.size?.value ?? [])],
      });
      toast.success(message);
      void navigate(paths.admin.home);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-3xl flex-col gap-6">
      <FormSection title="Details">
        <div className="flex flex-col gap-4">
          <Field label="Name" hint="Product name: Color/Variation" error={errors.name?.message}>
            {({ control }) => <Input {...control} {...register('name')} />}
          </Field>
          <Field label="Description" error={errors.desc?.message}>
            {({ control }) => <Textarea {...control} rows={5} {...register('desc')} />}
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
                      defaultValue={product.price}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      invalid={invalid}
                      describedBy={describedBy}
                    />
                  )}
                />
              )}
            </Field>
            <ProductOptionFields control={control} sizeFieldLabel="Sizes" />
          </div>
        </div>
      </FormSection>
      <FormActions submitLabel="Update" pending={edit.isPending} onCancel={goBack} />
    </form>
  );
}
