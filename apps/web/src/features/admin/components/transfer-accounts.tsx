import {
  IMAGE_MESSAGES,
  TRANSFER_ACCOUNT_KIND_LABELS,
  TRANSFER_ACCOUNT_KINDS,
  type TransferAccount,
  type TransferAccountFields,
  type TransferAccountInput,
  TransferAccountInputSchema,
} from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp, Pencil, Plus, QrCode, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError, Input } from '../../../components/ui/field.tsx';
import { ImageFileButton } from '../../../components/ui/image-file-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import {
  QrImageNotSaved,
  useDeleteTransferAccount,
  useSaveTransferAccount,
} from '../api/payment-settings.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';
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

/**
 * The account's QR code: the one it has (kept unless removed), or a new image chosen, uploaded
 * once the account is saved.
 */
function QrCodeField({
  current,
  file,
  onFile,
  onRemove,
}: {
  current: string | null;
  file: File | null;
  onFile(file: File): void;
  onRemove(): void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const preview = useObjectUrl(file);
  const shown = file ? preview : current;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-semibold text-ink">
        QR code (optional)
      </span>
      <div className="flex items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt="QR code preview"
            className="size-24 shrink-0 rounded-lg border border-line bg-white object-contain"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-24 shrink-0 place-items-center rounded-lg border border-dashed border-line bg-paper text-muted"
          >
            <QrCode className="size-8" />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <ImageFileButton
            label="QR code image"
            className="rounded-lg"
            describedBy={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            onProblem={setProblem}
            onChoose={(chosen) => {
              setProblem(undefined);
              onFile(chosen);
            }}
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {shown ? 'Replace' : 'Upload QR code'}
          </ImageFileButton>
          {shown && (
            <Button
              variant="ghost"
              size="sm"
              className="rounded-lg hover:text-danger"
              onClick={() => {
                setProblem(undefined);
                onRemove();
              }}
            >
              Remove
            </Button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Shoppers scan it with their GCash, Maya or bank app. {IMAGE_MESSAGES.accepted}.
      </p>
      <FieldError id={`${id}-error`} message={problem} icon />
    </div>
  );
}

/** Adding an account (no `account`) or editing one. */
function AccountDialog({ account, onClose }: { account?: TransferAccount; onClose(): void }) {
  const save = useSaveTransferAccount();
  // The QR code: the account's own until removed, or a new image to upload.
  const [keptQr, setKeptQr] = useState(account?.qrImageUrl ?? null);
  const [qrFile, setQrFile] = useState<File | null>(null);
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

  const submit = handleSubmit(async (fields) => {
    // An edit without the QR code's URL removes it; a new image replaces it once uploaded.
    const input = keptQr ? { ...fields, qrImageUrl: keptQr } : fields;
    try {
      await save.mutateAsync({ input, id: account?.id, qrImage: qrFile });
      toast.success(account ? 'Account updated' : 'Account added');
      onClose();
    } catch (error) {
      if (!(error instanceof QrImageNotSaved)) {
        showServerErrors(error, ACCOUNT_FIELDS, setError);
        return;
      }
      // The account itself is saved: saying so beats a second account from a second try.
      toast.error(`${error.message}: ${errorMessage(error.cause)}`);
      onClose();
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
        <QrCodeField
          current={keptQr}
          file={qrFile}
          onFile={setQrFile}
          onRemove={() => {
            setQrFile(null);
            setKeptQr(null);
          }}
        />
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
              {account.qrImageUrl && (
                <img
                  src={account.qrImageUrl}
                  alt={`QR code of the ${kindName(account)} account ${account.accountNumber}`}
                  className="size-12 shrink-0 rounded-md border border-line bg-white object-contain"
                />
              )}
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
