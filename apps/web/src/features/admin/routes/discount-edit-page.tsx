import { type Discount, discountFormValues } from '@habi/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDiscount } from '../api/get-discounts.ts';
import { useUpdateDiscount } from '../api/save-discount.ts';
import { changedFields, DiscountForm } from '../components/discount-form.tsx';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';

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

/** The code's form; leaving it with unsaved changes asks first. */
function EditDiscountForm({ discount }: { discount: Discount }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.discounts);
  const update = useUpdateDiscount();
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  return (
    <>
      <DiscountForm
        defaultValues={discountFormValues(discount)}
        submitLabel="Update"
        pending={update.isPending}
        onCancel={goBack}
        onDirtyChange={setDirty}
        onSubmit={async (values, dirty) => {
          const patch = changedFields(values, dirty);
          if (Object.keys(patch).length > 0) {
            const { message } = await update.mutateAsync({ id: discount._id, patch });
            toast.success(message);
          }
          // Saved, or nothing to save: the way back to the list asks nothing.
          guard.release();
          void navigate(paths.admin.discounts);
        }}
      />
      <LeaveDialog
        open={guard.open}
        unsaved="Your changes to this discount code are not saved."
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </>
  );
}
