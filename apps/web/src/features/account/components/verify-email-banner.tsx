import type { User } from '@habi/shared';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResendVerification } from '../api/verify-email.ts';

/**
 * A quiet reminder, on the account's pages, that the address is not verified yet: shopping and
 * order mail work meanwhile, and a new link is one press away.
 */
export function VerifyEmailBanner({ user }: { user: User }) {
  const resend = useResendVerification();
  const [told, setTold] = useState<string>();
  if (user.emailVerified !== false) return null;
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (answer) => setTold(answer.message),
      onError: (error) => setTold(errorMessage(error)),
    });
  return (
    <section
      aria-label="Verify your email address"
      className="mb-8 flex flex-col gap-3 rounded-2xl border border-line bg-sand px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <p className="text-sm leading-relaxed text-ink-soft">
          <strong className="font-semibold text-ink">Please verify your email address.</strong> We mailed a
          link to {user.email}. Until you follow it, a newsletter welcome code for this address cannot be
          used.
          <span role="status" className="mt-1 block font-medium text-ink empty:hidden">
            {told}
          </span>
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={send} disabled={resend.isPending} className="shrink-0">
        {resend.isPending ? 'Sending...' : 'Send a new link'}
      </Button>
    </section>
  );
}
