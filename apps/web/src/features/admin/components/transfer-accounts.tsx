import {
  TRANSFER_ACCOUNT_KIND_LABELS,
  TRANSFER_ACCOUNT_KINDS,
  type TransferAccount,
  type TransferAccountFields,
  type TransferAccountInput,
  TransferAccountInputSchema,
} from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteTransferAccount, useSaveTransferAccount } from '../api/payment-settings.ts';
import { AdminDialog, DialogButtons, FormMessage, showServerErrors } from './admin-dialog.tsx';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { FormSection } from './form-bits.tsx';

/** "GCash", or a bank's own name: "BPI (Bank)". */
const kindName = (account: Pick<TransferAccount, 'kind' | 'bankName'>) =>
  account.kind === 'bank' && account.bankName
    ? `${account.bankName} (${TRANSFER_ACCOUNT_KIND_LABELS.bank})`
    : TRANSFER_ACCOUNT_KIND_LABELS[account.kind];

/** The shared schema over the fields as typed: a bank's name is sent for banks only. */
const accountResolver: Resolver<TransferAccountInput, unknown, TransferAccountFields> = (() => {
  const resolve = zodResolver(TransferAccountInputSchema);
  return (values, context, options) => {
    const { bankName, ...rest } = values;
    return resolve(values.kind === 'bank' ? { ...rest, bankName: bankName ?? '' } : rest, context, options);
  };
})();

const ACCOUNT_FIELDS = ['kind', 'bankName', 'accountName', 'accountNumber'] as const;

/** Adding an account (no `account`) or editing one. */
function AccountDialog({ account, onClose }: { account?: TransferAccount; onClose(): void }) {
  const save = useSaveTransferAccount();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TransferAccountInput, unknown, TransferAccountFields>({
    resolver: accountResolver,
    defaultValues: {
      kind: account?.kind ?? 'gcash',
      bankName: account?.bankName ?? '',
      accountName: account?.accountName ?? '',
      accountNumber: account?.accountNumber ?? '',
    },
  });
  const kind = watch('kind');

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ input, id: account?.id });
      toast.success(account ? 'Account updated' : 'Account added');
      onClose();
    } catch (error) {
      showServerErrors(error, ACCOUNT_FIELDS, setError);
    }
  });

  return (
    <AdminDialog
      onClose={onClose}
      title={account ? 'Edit account' : 'Add account'}
      description="Shoppers who pay by transfer see it, with its name and number, after placing an order."
      pending={isSubmitting}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Kind" error={errors.kind?.message}>
          {({ control }) => (
            <select
              {...control}
              {...register('kind')}
              className="h-12 w-full rounded-xl border border-line bg-white px-4 text-base text-ink focus:border-ink focus:outline-none"
            >
              {TRANSFER_ACCOUNT_KINDS.map((value) => (
                <option key={value} value={value}>
                  {TRANSFER_ACCOUNT_KIND_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {kind === 'bank' && (
          <Field label="Bank name" error={errors.bankName?.message}>
            {({ control }) => <Input {...control} autoComplete="off" {...register('bankName')} />}
          </Field>
        )}
        <Field label="Account name" error={errors.accountName?.message}>
          {({ control }) => <Input {...control} autoComplete="off" {...register('accountName')} />}
        </Field>
        <Field label="Account or mobile number" error={errors.accountNumber?.message}>
          {({ control }) => (
            <Input {...control} autoComplete="off" inputMode="text" {...register('accountNumber')} />
          )}
        </Field>
        <FormMessage message={errors.root?.server?.message} />
        <DialogButtons submitLabel={account ? 'Update' : 'Add'} pending={isSubmitting} onCancel={onClose} />
      </form>
    </AdminDialog>
  );
}

/** The accounts the shop takes transfers to: added, edited and deleted one by one, saved at once. */
export function TransferAccounts({ accounts }: { accounts: readonly TransferAccount[] }) {
  // The dialog open: a new account ('new') or the one edited.
  const [editing, setEditing] = useState<TransferAccount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TransferAccount | null>(null);
  const remove = useDeleteTransferAccount();

  const proceed = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setDeleting(null);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <FormSection
      title="Transfer accounts"
      description="Where shoppers who pay by transfer send the money. Each change is saved at once."
      actions={
        <Button size="sm" className="rounded-lg" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="-ml-1 size-4" />
          Add account
        </Button>
      }
    >
      {accounts.length === 0 ? (
        <p className="rounded-xl bg-paper px-4 py-6 text-center text-sm text-muted">
          No account yet: shoppers cannot pay by transfer until one is added.
        </p>
      ) : (
        <ul aria-label="Transfer accounts" className="divide-y divide-line rounded-xl border border-line">
          {accounts.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{kindName(account)}</p>
                <p className="text-sm break-words text-ink-soft">
                  {account.accountName} · <span className="font-mono">{account.accountNumber}</span>
                </p>
              </div>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit ${kindName(account)} account ${account.accountNumber}`}
                  onClick={() => setEditing(account)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${kindName(account)} account ${account.accountNumber}`}
                  className="hover:text-danger"
                  onClick={() => setDeleting(account)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <AccountDialog account={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        what={
          deleting && (
            <>
              the {kindName(deleting)} account <strong className="text-ink">{deleting.accountNumber}</strong>
            </>
          )
        }
        pending={remove.isPending}
        onProceed={proceed}
      />
    </FormSection>
  );
}
