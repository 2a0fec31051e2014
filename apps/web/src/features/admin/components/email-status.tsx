import type { EmailStatus, StatusColour } from '@habi/shared';
import { StatusPill } from './status-pill.tsx';

const COLOURS: Record<EmailStatus, StatusColour> = { pending: 'yellow', sent: 'green', failed: 'red' };

/** A mail's status: pending yellow, sent green, failed red. */
export function EmailStatusPill({ status }: { status: EmailStatus }) {
  return <StatusPill status={status} colour={COLOURS[status]} />;
}
