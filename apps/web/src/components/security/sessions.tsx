import { formatDayMonthYear, type Session } from '@habi/shared';
import { Monitor, Smartphone } from 'lucide-react';
import { useId } from 'react';
import {
  type AccountKind,
  useEndOtherSessions,
  useEndSession,
  useSessions,
} from '../../lib/account-security.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from '../ui/field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { LOOKS } from './looks.ts';

const ago = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', Number.POSITIVE_INFINITY],
];

/** "just now", "5 minutes ago", "3 days ago": the server moves "last seen" every few minutes only. */
export function seenAgo(at: string, now = Date.now()): string {
  let amount = Math.max(0, (now - new Date(at).getTime()) / 60_000);
  if (amount < 5) return 'just now';
  for (const [unit, size] of STEPS) {
    if (amount < size) return ago.format(-Math.floor(amount), unit);
    amount /= size;
  }
  return '';
}

const MOBILE = new Set(['Android', 'iOS']);

/** Where the account is signed in, with "Sign out" for each other place and for all of them. */
export function Sessions({ who, className }: { who: AccountKind; className?: string }) {
  const titleId = useId();
  const sessions = useSessions(who);
  const endOne = useEndSession(who);
  const endOthers = useEndOtherSessions(who);
  // This browser first, then the others as the server orders them (the most recently seen first).
  const listed = sessions.data && [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));
  const others = (listed ?? []).filter((session) => !session.current);

  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      toast.success((await action()).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby={titleId} className={cn(LOOKS[who].section, className)}>
      <h2 id={titleId} className={LOOKS[who].title}>
        Where you're signed in
      </h2>
      <p className={LOOKS[who].lead}>Sign out of any browser you no longer use or do not know.</p>
      {sessions.isPending && <Spinner className="mt-6" />}
      <FieldError message={sessions.error ? errorMessage(sessions.error) : undefined} icon />
      {listed && (
        <ul className="mt-6 flex flex-col divide-y divide-line">
          {listed.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ending={endOne.isPending && endOne.variables === session.id}
              onEnd={() => void run(() => endOne.mutateAsync(session.id))}
            />
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <Button
          variant="secondary"
          className="mt-6"
          disabled={endOthers.isPending}
          onClick={() => void run(() => endOthers.mutateAsync(undefined))}
        >
          {endOthers.isPending && <Spinner className="size-4" />}
          Sign out of all other sessions
        </Button>
      )}
    </section>
  );
}

function SessionRow({ session, ending, onEnd }: { session: Session; ending: boolean; onEnd(): void }) {
  const Icon = MOBILE.has(session.os) ? Smartphone : Monitor;
  const where = `${session.browser} on ${session.os}`;
  return (
    <li className="flex items-center gap-4 py-4 first:pt-0 last:pb-0">
      <Icon aria-hidden="true" className="size-6 shrink-0 text-muted" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
          {where}
          {session.current && (
            <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink">
              This browser
            </span>
          )}
        </p>
        <p className="mt-1 text-sm text-ink-soft">
          Signed in {formatDayMonthYear(session.createdAt)}
          {' · '}
          {session.current ? 'active now' : `last seen ${seenAgo(session.lastSeenAt)}`}
          {session.network && (
            <>
              {' · '}
              <span className="whitespace-nowrap">network {session.network}</span>
            </>
          )}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" disabled={ending} onClick={onEnd}>
          {ending && <Spinner className="size-4" />}
          Sign out<span className="sr-only"> of {where}</span>
        </Button>
      )}
    </li>
  );
}
