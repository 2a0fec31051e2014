import type { PaymentSettings } from '@habi/shared';
import { useState } from 'react';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { usePaymentSettings, useSavePaymentSettings } from '../api/payment-settings.ts';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PaymentSettingsForm } from '../components/payment-settings-form.tsx';
import { TransferAccounts } from '../components/transfer-accounts.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';

/** Payments (/admin/payments): the methods the cart offers, their limits, and the transfer accounts. */
export default function PaymentsPage() {
  useDocumentTitle('Payments');
  const settings = usePaymentSettings();

  return (
    <>
      <PageHeader title="Payments" description="How shoppers may pay, and where transfers go." />
      {settings.isError ? (
        <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          {errorMessage(settings.error)}
        </p>
      ) : settings.data ? (
        <div className="flex max-w-3xl flex-col gap-6">
          <SettingsForm settings={settings.data} />
          <TransferAccounts accounts={settings.data.accounts} />
        </div>
      ) : (
        <Loading />
      )}
    </>
  );
}

/** The settings' form; leaving it with unsaved changes asks first. The accounts save on their own. */
function SettingsForm({ settings }: { settings: PaymentSettings }) {
  const save = useSavePaymentSettings();
  const goBack = useGoBack(paths.admin.orders);
  const [dirty, setDirty] = useState(false);
  const guard = useLeaveGuard(dirty);
  return (
    <>
      <PaymentSettingsForm
        settings={settings}
        onCancel={goBack}
        onDirtyChange={setDirty}
        onSave={async (values) => {
          const saved = await save.mutateAsync(values);
          toast.success('Payment settings saved');
          return saved;
        }}
      />
      <LeaveDialog
        open={guard.open}
        unsaved="Your changes to the payment settings are not saved."
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </>
  );
}
