import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What goes, e.g. 'the product "Men Tee Navy"'. */
  what: ReactNode;
  pending: boolean;
  onProceed: () => void;
}

/** Delete flow: 'Are you absolutely sure?', Cancel closes, Proceed deletes. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  what,
  pending,
  onProceed,
}: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-fade-in fixed inset-0 z-50 bg-ink/40" />
        <AlertDialog.Content className="admin-pop-in fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="font-display text-xl font-semibold">
            Are you absolutely sure?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-relaxed text-ink-soft">
            This action cannot be undone. This will permanently delete {what}.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" size="sm" className="rounded-lg" disabled={pending}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: the dialog stays open, showing 'Loading...', until the delete answers. */}
            <Button variant="danger" size="sm" className="rounded-lg" onClick={onProceed} pending={pending}>
              Proceed
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
