import { type Discount, discountFormValues } from '@habi/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDiscount } from '../api/get-discounts.ts';
import { useUpdateDiscount } from '../api/save-discount.ts';
import { changedFields, DiscountForm } from '../components/discount-form.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';

/** Edit Discount (/admin/discount_edit?did=). */
export default function DiscountEditPage() {
  useDocumentTitle('Edit Discount');
  const [search] = useSearchParams();
  const did = search.get('did') ?? '';
  const discount = useDiscount(did, { enabled: did !== '' });

  return (
    <>
      <PageHeader
        title="Edit Discount"
        description={
          discount.data &&
          `${discount.data.code}: used ${discount.data.uses} time${discount.data.uses === 1 ? '' : 's'}`
        }
      />
      {!did || discount.isError ? (
        <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          {did ? errorMessage(discount.error) : 'Discount code not found'}
        </p>
      ) : discount.data ? (
        // Keyed, so the form starts again from the stored values of whichever code is opened.
        <EditDiscountForm key={discount.data._id} discount={discount.data} />
      ) : (
        <Loading />
      )}
    </>
  );
}

function EditDiscountForm({ discount }: { discount: Discount }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.discounts);
  const update = useUpdateDiscount();
  return (
    <DiscountForm
      defaultValues={discountFormValues(discount)}
      submitLabel="Update"
      pending={update.isPending}
      onCancel={goBack}
      onSubmit={async (values, dirty) => {
        const patch = changedFields(values, dirty);
        if (Object.keys(patch).length === 0) {
          void navigate(paths.admin.discounts);
          return;
        }
        const { message } = await update.mutateAsync({ id: discount._id, patch });
        toast.success(message);
        void navigate(paths.admin.discounts);
      }}
    />
  );
}
