import {
  PAYMENT_PILLS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  type StatusColour,
} from '@habi/shared';
import { FilterSelect } from './filter-select.tsx';
import { StatusPill } from './status-pill.tsx';

const COLOURS: Record<(typeof PAYMENT_PILLS)[PaymentStatus], StatusColour> = {
  Completed: 'green',
  Pending: 'yellow',
  Partial: 'grey',
  Cancelled: 'red',
};

/** An order's payment as SPEC's pill reads it: Completed, Pending, Partial or Cancelled. */
export function PaymentPill({ status }: { status: PaymentStatus }) {
  const pill = PAYMENT_PILLS[status];
  return <StatusPill status={pill} colour={COLOURS[pill]} />;
}

/** The orders table's Payment cell: the method's name (the order's `paymentMethod`) over its pill. */
export function PaymentCell({ method, status }: { method: string; status: PaymentStatus }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="whitespace-nowrap">{method}</span>
      <PaymentPill status={status} />
    </span>
  );
}

/** The orders table's payment filter: All, then each payment status. */
export function PaymentFilterSelect({
  value,
  onChange,
}: {
  value: PaymentStatus | undefined;
  onChange(value: PaymentStatus | undefined): void;
}) {
  return (
    <FilterSelect
      label="Payment"
      value={value}
      options={PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] }))}
      onChange={onChange}
    />
  );
}
