import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';

/**
 * A back-office dialog holding a small form: a title and a sentence saying what it does, a close
 * button, and the form. Open while mounted, so each opening starts a fresh form; it cannot be
 * closed while `pending`: the answer is shown in it.
 */
export function AdminDialog({
  onClose,
  title,
  description,
  pending,
  children,
}: {
  onClose(): void;
  title: string;
  description: ReactNode;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-fade-in fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="admin-pop-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-white p-5 shadow-xl focus:outline-none sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="font-display text-xl font-semibold">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm leading-relaxed text-ink-soft">
                {description}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label="Close"
                className="-mt-2 -mr-2 shrink-0"
                disabled={pending}
              >
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Cancel and the submit button, which reads 'Loading...' with a spinner while sending. */
export function DialogButtons({
  submitLabel,
  pending,
  onCancel,
  danger,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel(): void;
  danger?: boolean;
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" size="sm" className="rounded-lg" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant={danger ? 'danger' : 'primary'}
        size="sm"
        className="rounded-lg sm:min-w-28"
        pending={pending}
      >
        {submitLabel}
      </Button>
    </div>
  );
}

/** The form's own message, above its buttons: a refusal that names no field. */
export function FormMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
      {message}
    </p>
  );
}

/**
 * Shows a refusal in the form: the API's message for each field of the form it names, else
 * under `fallback` when given (the field the refusal is about), else as the form's own message.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback?: Path<T>,
) {
  const named = error instanceof ApiError ? Object.entries(error.errors) : [];
  let shown = false;
  for (const [field, message] of named) {
    const name = fields.find((f) => f === field);
    if (name) {
      setError(name, { message });
      shown = true;
    }
  }
  if (shown) return;
  if (fallback && error instanceof ApiError && error.status === 409) {
    setError(fallback, { message: error.message });
  } else {
    setError('root.server', { message: errorMessage(error) });
  }
}
