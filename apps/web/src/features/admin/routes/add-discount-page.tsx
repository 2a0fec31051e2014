import { storeDate } from '@habi/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateDiscount } from '../api/save-discount.ts';
import { DiscountForm } from '../components/discount-form.tsx';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';

/** Add Discount: a new code, active from today unless told otherwise. Leaving it half entered asks first. */
export default function AddDiscountPage() {
  useDocumentTitle('Add Discount');
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.discounts);
  const create = useCreateDiscount();
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);

  return (
    <>
      <PageHeader title="Add Discount" description="A code shoppers enter in the cart." />
      <DiscountForm
        defaultValues={{
          code: '',
          kind: 'percent',
          value: '',
          minSpend: '',
          startsOn: storeDate(new Date()),
          endsOn: '',
          totalUses: '',
          perCustomerUses: '',
          email: '',
          active: true,
        }}
        submitLabel="Create"
        pending={create.isPending}
        onCancel={goBack}
        onDirtyChange={setDirty}
        onSubmit={async (values) => {
          const { message } = await create.mutateAsync(values);
          // Created: the way back to the list asks nothing.
          guard.release();
          toast.success(message);
          void navigate(paths.admin.discounts);
        }}
      />
      <LeaveDialog
        open={guard.open}
        unsaved="The new discount code's details are not saved."
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </>
  );
}
