import { EMAIL_STATUSES, type EmailStatus, type StatusColour } from '@habi/shared';
import { useId } from 'react';
import { StatusPill } from './status-pill.tsx';

const COLOURS: Record<EmailStatus, StatusColour> = { pending: 'yellow', sent: 'green', failed: 'red' };

/** A mail's status: pending yellow, sent green, failed red. */
export function EmailStatusPill({ status }: { status: EmailStatus }) {
  return <StatusPill status={status} colour={COLOURS[status]} />;
}

/** The Emails table's status filter: All, Pending, Sent, Failed. */
export function EmailStatusSelect({
  value,
  onChange,
}: {
  value: EmailStatus | undefined;
  onChange(value: EmailStatus | undefined): void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink-soft">
        Status
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(EMAIL_STATUSES.find((s) => s === event.target.value))}
        className="h-10 rounded-lg border border-line bg-white px-3 text-sm text-ink capitalize focus:border-ink focus:outline-none"
      >
        <option value="">All</option>
        {EMAIL_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status[0]!.toUpperCase() + status.slice(1)}
          </option>
        ))}
      </select>
    </div>
  );
}
