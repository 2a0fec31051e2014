import {
  formatPHP,
  RETURN_KIND_LABELS,
  RETURN_REASON_LABELS,
  type ReturnKind,
  type ReturnReason,
} from '@habi/shared';
import { button, MailLayout, paragraph, type RenderedMail, renderHtml } from './layout.tsx';

/** What happened to a return or an exchange, as its mail tells it. */
export type ReturnEvent =
  | { kind: 'requested' }
  | { kind: 'approved' }
  | { kind: 'refused'; reason: string }
  | { kind: 'received'; damaged: boolean }
  | { kind: 'refunded'; amount: string }
  | {
      kind: 'exchanged';
      courierName: string;
      trackingNumber: string;
      trackingUrl: string | null;
    }
  | { kind: 'cancelled' };

/** The request a mail is about: its order, its item, and what was asked. */
export interface MailReturn {
  reference: string;
  customerName: string;
  kind: ReturnKind;
  reason: ReturnReason;
  /** "Linen Shirt White, size M, × 1". */
  item: string;
  /** An exchange's new variation and size, as words ("size L"). */
  exchangeFor: string | null;
  refundAmount: string;
}

function wording(event: ReturnEvent, r: MailReturn): { subject: string; says: string[] } {
  const what = r.kind === 'exchange' ? 'exchange' : 'return';
  const asked =
    r.kind === 'exchange'
      ? `an exchange of ${r.item} for ${r.exchangeFor ?? 'another size'}`
      : `a return of ${r.item}`;
  switch (event.kind) {
    case 'requested':
      return {
        subject: `We received your ${what} request for order ${r.reference}`,
        says: [
          `You asked for ${asked} (${RETURN_REASON_LABELS[r.reason].toLowerCase()}) from your order ${r.reference}.`,
          r.kind === 'exchange'
            ? 'We are holding the new size for you. We will tell you when we have looked at your request.'
            : `Once the item is back with us we refund ${formatPHP(r.refundAmount)}. We will tell you when we have looked at your request.`,
        ],
      };
    case 'approved':
      return {
        subject: `Your ${what} for order ${r.reference} is approved`,
        says: [
          `We approved ${asked}.`,
          'Please pack the item with its tags and send it back to us; we will tell you when it arrives.',
        ],
      };
    case 'refused':
      return {
        subject: `Your ${what} request for order ${r.reference} was not accepted`,
        says: [
          `We could not accept ${asked}: ${event.reason}.`,
          'Reply to this mail if you have a question.',
        ],
      };
    case 'received':
      return {
        subject: `We received your ${what} for order ${r.reference}`,
        says: [
          `The item of your ${what} (${r.item}) is back with us.`,
          r.kind === 'exchange'
            ? `We will send you ${r.exchangeFor ?? 'the new size'} soon, with its tracking number.`
            : `We will refund ${formatPHP(r.refundAmount)} soon.`,
        ],
      };
    case 'refunded':
      return {
        subject: `Refund of ${formatPHP(event.amount)} for your return (order ${r.reference})`,
        says: [
          `We refunded ${formatPHP(event.amount)} for your return of ${r.item}. It may take a few days to reach you.`,
        ],
      };
    case 'exchanged': {
      const number = event.trackingNumber ? `, tracking number ${event.trackingNumber}` : '';
      return {
        subject: `Your exchange for order ${r.reference} is on its way`,
        says: [`Your ${r.exchangeFor ?? 'replacement'} left with ${event.courierName}${number}.`],
      };
    }
    case 'cancelled':
      return {
        subject: `Your ${what} request for order ${r.reference} is cancelled`,
        says: [`You cancelled ${asked}. Nothing more is needed from you.`],
      };
  }
}

/** One mail per step of a return or an exchange (`RETURN_KIND_LABELS` names it in the footer). */
export function returnMail(storeName: string, event: ReturnEvent, request: MailReturn): RenderedMail {
  const { subject, says } = wording(event, request);
  const track = event.kind === 'exchanged' ? event.trackingUrl : null;
  const footer = `You receive this mail because you asked for a ${RETURN_KIND_LABELS[request.kind].toLowerCase()} at ${storeName}.`;
  const html = renderHtml(
    <MailLayout storeName={storeName} title={subject} footer={footer}>
      <p style={paragraph}>Hi {request.customerName},</p>
      {says.map((line) => (
        <p key={line} style={paragraph}>
          {line}
        </p>
      ))}
      {track && (
        <p style={paragraph}>
          <a href={track} style={button}>
            Track your parcel
          </a>
        </p>
      )}
    </MailLayout>,
  );
  const text = [
    storeName,
    '',
    `Hi ${request.customerName},`,
    '',
    ...says.flatMap((line) => [line, '']),
    ...(track ? [`Track your parcel: ${track}`, ''] : []),
    footer,
  ].join('\n');
  return { subject, html, text };
}
