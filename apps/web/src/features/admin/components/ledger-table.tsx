import { formatPHP, type LedgerEntry, PAYMENT_METHOD_NAMES } from '@habi/shared';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useLedger } from '../api/get-ledger.ts';
import { formatInstant } from '../utils/format-instant.ts';
import { NoValue } from './no-value.tsx';

const KIND_LABELS: Record<LedgerEntry['kind'], string> = {
  payment: 'Payment',
  refund: 'Refund',
  reversal: 'Refund failed',
};
/** Where PayMongo has a refund sent through it. */
const REFUND_STATUS_LABELS: Record<NonNullable<LedgerEntry['refundStatus']>, string> = {
  pending: 'Pending at PayMongo',
  succeeded: 'Confirmed by PayMongo',
  failed: 'Failed at PayMongo',
};
const HEADERS = ['Date', 'Kind', 'Amount', 'Method', 'Reference', 'Note', 'Recorded by'];

/**
 * The order's ledger, oldest first: every payment, collection and refund, never edited. It
 * scrolls sideways on phones (a region the keyboard can reach and scroll).
 */
export function LedgerTable({ orderId }: { orderId: string }) {
  const ledger = useLedger(orderId);
  if (ledger.isPending) return <Loading className="py-8" />;
  if (ledger.isError) {
    return (
      <p role="alert" className="px-4 py-6 text-center text-danger">
        {errorMessage(ledger.error)}
      </p>
    );
  }
  if (ledger.data.length === 0) {
    return <p className="px-4 py-6 text-center text-sm text-muted">No payment recorded yet.</p>;
  }
  return (
    <section
      aria-label="Payment ledger, scrolls sideways"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (nothing in it takes focus).
      tabIndex={0}
      className="overflow-x-auto focus:outline-accent"
    >
      <table aria-label="Payment ledger" className="w-full min-w-[46rem] text-sm">
        <thead>
          <tr className="bg-sand text-left text-xs font-semibold tracking-wide text-ink-soft uppercase">
            {HEADERS.map((header) => (
              <th key={header} scope="col" className={cn('px-4 py-3', header === 'Amount' && 'text-right')}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ledger.data.map((entry) => (
            <tr key={entry.id} className="border-t border-line align-top">
              <td className="px-4 py-3 whitespace-nowrap">{formatInstant(entry.createdAt)}</td>
              <td className="px-4 py-3">
                {KIND_LABELS[entry.kind]}
                {entry.refundStatus && (
                  <span className="block text-xs text-muted">{REFUND_STATUS_LABELS[entry.refundStatus]}</span>
                )}
              </td>
              <td
                className={cn(
                  'px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums',
                  entry.kind === 'refund' && 'text-danger',
                )}
              >
                {entry.kind === 'refund' ? '−' : ''}
                {formatPHP(entry.amount)}
              </td>
              <td className="px-4 py-3">{PAYMENT_METHOD_NAMES[entry.method]}</td>
              <td className="px-4 py-3 font-mono break-all">
                {entry.reference ?? <NoValue label="No reference" />}
              </td>
              <td className="px-4 py-3 break-words">{entry.note ?? <NoValue label="No note" />}</td>
              <td className="px-4 py-3">{entry.recordedBy}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
