import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

interface LeaveDialogProps {
  open: boolean;
  /** What is unsaved, as a sentence: "2 stock changes are not saved." */
  unsaved: ReactNode;
  onStay: () => void;
  onLeave: () => void;
}

/**
 * The warning before a page with unsaved changes is left: Cancel (or Escape) stays with the
 * changes, Leave drops them. The focus stays in the dialog, starting on Cancel.
 */
export function LeaveDialog({ open, unsaved, onStay, onLeave }: LeaveDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onStay()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="admin-fade-in fixed inset-0 z-50 bg-ink/40" />
        <AlertDialog.Content className="admin-pop-in fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="font-display text-xl font-semibold">
            Leave without saving?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-relaxed text-ink-soft">
            {unsaved} If you leave this page now, they are lost.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" size="sm" className="rounded-lg">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: closing the dialog would also answer Cancel. */}
            <Button variant="danger" size="sm" className="rounded-lg" onClick={onLeave}>
              Leave
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
