import { DeleteAccountSchema } from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError, Input } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/**
 * "Delete my account": a warning and the password to confirm it. Errors show in the dialog, which
 * stays open until the server answers; `onDeleted` gets the server's message.
 */
export function DeleteAccountDialog({ onDeleted }: { onDeleted(message: string): void }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(DeleteAccountSchema), defaultValues: { password: '' } });
  const pending = remove.isPending;

  const onOpenChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) {
      reset();
      setFailure(undefined);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const { message } = await remove.mutateAsync(values);
      onDeleted(message);
    } catch (error) {
      const message = error instanceof ApiError ? error.errors.password : undefined;
      if (message) setError('password', { message }, { shouldFocus: true });
      else setFailure(errorMessage(error));
    }
  });

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" className="border-danger/40 text-danger hover:bg-danger/5 sm:min-w-52">
          Delete my account
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <AlertDialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            setFocus('password');
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-white p-6 shadow-xl focus:outline-none sm:p-8"
        >
          <Warning />
          <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
            <Field
              label="Password"
              hint="Enter your password to confirm."
              error={errors.password?.message}
              icon
            >
              {({ control }) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  {...register('password')}
                />
              )}
            </Field>
            <FieldError message={failure} icon />
            <Buttons pending={pending} />
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** What deleting the account erases, and what it keeps. */
function Warning() {
  return (
    <>
      <span className="grid size-12 place-items-center rounded-full bg-danger/10 text-danger">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </span>
      <AlertDialog.Title className="mt-4 font-display text-2xl font-semibold">
        Delete your account?
      </AlertDialog.Title>
      <AlertDialog.Description className="mt-2 leading-relaxed text-ink-soft">
        This cannot be undone. Your name, email address, contact number, saved addresses and picture are
        erased, and you are signed out everywhere. Your orders stay in the shop's records under your name.
      </AlertDialog.Description>
    </>
  );
}

/** Cancel, and the submit that reads 'Loading...' until the server answers. */
function Buttons({ pending }: { pending: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <AlertDialog.Cancel asChild>
        <Button variant="secondary" disabled={pending}>
          Cancel
        </Button>
      </AlertDialog.Cancel>
      {/* Not AlertDialog.Action: the dialog stays open, showing 'Loading...', until the server answers. */}
      <Button type="submit" variant="danger" pending={pending}>
        Delete permanently
      </Button>
    </div>
  );
}
