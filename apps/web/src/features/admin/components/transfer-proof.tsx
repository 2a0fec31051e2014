import { ImageIcon } from 'lucide-react';
import { transferProofUrl } from '../../../lib/order-payment.ts';

/**
 * The shopper's screenshot of their transfer: a thumbnail that opens it whole in a new tab,
 * `large` in the dialogs where the transfer is confirmed or rejected.
 */
export function TransferProofLink({ orderId, large = false }: { orderId: string; large?: boolean }) {
  const url = transferProofUrl(orderId);
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      // The same name in the facts' narrow cell, where it reads "View".
      aria-label="View the shopper’s screenshot"
      className={
        large
          ? 'flex w-fit flex-col gap-1.5 text-sm font-semibold text-ink underline-offset-2 hover:underline'
          : 'inline-flex items-center gap-2 text-ink underline-offset-2 hover:underline'
      }
    >
      <img
        src={url}
        alt=""
        className={
          large
            ? 'max-h-56 w-auto max-w-full self-start rounded-lg border border-line bg-paper object-contain'
            : 'h-8 w-6 shrink-0 rounded border border-line bg-paper object-cover'
        }
      />
      {large ? (
        <span className="inline-flex items-center gap-1.5">
          <ImageIcon aria-hidden="true" className="size-4" />
          View the shopper’s screenshot
        </span>
      ) : (
        'View'
      )}
    </a>
  );
}
