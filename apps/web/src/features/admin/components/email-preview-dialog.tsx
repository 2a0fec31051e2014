import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useEmail } from '../api/get-email.ts';
import { formatInstant } from '../utils/format-instant.ts';
import { EmailStatusPill } from './email-status.tsx';

/**
 * One mail as its customer reads it: the HTML part in a sandboxed frame (no script, no
 * same-origin access: whatever the mail holds cannot reach the back office), then the text part.
 * The dialog scrolls as a whole, its header (and close button) staying on top: the scroll box
 * holds something the keyboard reaches.
 */
export function EmailPreviewDialog({ id, onClose }: { id: string; onClose(): void }) {
  const email = useEmail(id);
  const mail = email.data;
  return (
    <Dialog.Root open={id !== ''} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="admin-fade-in fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="admin-pop-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-white shadow-xl focus:outline-none">
          <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-line bg-white p-5">
            <div className="min-w-0">
              <Dialog.Title className="font-display text-xl font-semibold break-words">
                {mail?.subject ?? 'Email'}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-soft">
                {mail ? (
                  <>
                    To {mail.recipient} ·{' '}
                    {mail.sentAt
                      ? `sent ${formatInstant(mail.sentAt)}`
                      : `written ${formatInstant(mail.createdAt)}`}
                  </>
                ) : (
                  'The mail as its customer reads it.'
                )}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close preview" className="-mt-2 -mr-2 shrink-0">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="p-5">
            {email.isPending ? (
              <Loading />
            ) : email.error ? (
              <p role="alert" className="py-10 text-center text-danger">
                {errorMessage(email.error)}
              </p>
            ) : mail ? (
              <>
                <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
                  <EmailStatusPill status={mail.status} />
                  <span>
                    {mail.attempts} attempt{mail.attempts === 1 ? '' : 's'}
                  </span>
                  {mail.status === 'pending' && mail.attempts > 0 && (
                    <span>next at {formatInstant(mail.nextAttemptAt)}</span>
                  )}
                </div>
                {mail.lastError && (
                  <p className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
                    Last error: {mail.lastError}
                  </p>
                )}
                <h3 className="mb-2 text-sm font-semibold text-ink-soft">HTML part</h3>
                <iframe
                  title={`HTML part of "${mail.subject}"`}
                  sandbox=""
                  srcDoc={mail.html}
                  className="h-[28rem] w-full rounded-xl border border-line bg-white"
                />
                <h3 className="mt-5 mb-2 text-sm font-semibold text-ink-soft">Text part</h3>
                <pre className="rounded-xl border border-line bg-paper p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap text-ink">
                  {mail.text}
                </pre>
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
