import {
  COURIER_IDS,
  COURIERS,
  type CourierId,
  formatDayMonthYear,
  formatPHP,
  orderReference,
  RETURN_KIND_LABELS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  returnStatusColour,
  type StaffReturnRequest,
  storeDate,
  withMoney,
} from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { API_BASE, ApiError, errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { type ReturnStep, useReturnStep, useReturns } from '../api/returns.ts';
import { AdminDialog, DialogButtons, FormMessage } from '../components/admin-dialog.tsx';
import { DataTable, look } from '../components/data-table.tsx';
import { FilterSelect } from '../components/filter-select.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ReturnsReport, WindowSetting } from '../components/returns-report.tsx';
import { StatusPill } from '../components/status-pill.tsx';
import { useListParams } from '../hooks/use-list-params.ts';
import { useCan } from '../lib/access.tsx';

const column = createColumnHelper<StaffReturnRequest>();
const STATUS_OPTIONS = RETURN_STATUSES.map((value) => ({ value, label: RETURN_STATUS_LABELS[value] }));
const REASON_OPTIONS = RETURN_REASONS.map((value) => ({ value, label: RETURN_REASON_LABELS[value] }));
const SORTABLE: readonly never[] = [];
const _percent = (rate: number) => `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)}%`;

type Dialog = { request: StaffReturnRequest; step: ReturnStep['step'] } | null;

/**
 * Returns (/admin/returns): shoppers' returns and exchanges, searched by customer and filtered by
 * status and reason (in the URL), each taken a step on from its row: approve or refuse, mark the
 * parcel received, ship the exchange's replacement or record the refund. Below, the report by
 * reason and by product, and the shop's window.
 */
export default function ReturnsPage() {
  useDocumentTitle('Returns');
  const list = useListParams(SORTABLE);
  const status = list.filter('status', RETURN_STATUSES);
  const reason = list.filter('reason', RETURN_REASONS);
  const requests = useReturns({ ...list.params, status, reason });
  const [dialog, setDialog] = useState<Dialog>(null);
  const allowed = useCan();
  // Fulfilment takes the steps but sees no refunds; support reads only.
  const seesMoney = allowed('money:read');
  const may = { steps: allowed('returns:write'), refund: allowed('payments:write') };

  const columns = useMemo(
    () => [
      column.accessor('createdAt', {
        header: 'Asked',
        enableSorting: false,
        meta: look({ className: 'whitespace-nowrap tabular-nums' }),
        cell: (info) => (
          <span className="flex flex-col items-start gap-0.5">
            {formatDayMonthYear(info.getValue())}
            <Link
              to={paths.admin.manageOrder(info.row.original.orderId)}
              aria-label={`Order ${orderReference(info.row.original.orderId)}`}
              className="font-mono text-xs font-semibold text-ink underline underline-offset-4 hover:text-accent"
            >
              {orderReference(info.row.original.orderId)}
            </Link>
          </span>
        ),
      }),
      column.accessor('customerName', { header: 'Customer', enableSorting: false }),
      column.accessor((r) => r.item.name, {
        id: 'item',
        header: 'Item',
        enableSorting: false,
        meta: look({ className: 'min-w-56' }),
        cell: (info) => <ItemCell request={info.row.original} />,
      }),
      column.accessor('kind', {
        header: 'Request',
        enableSorting: false,
        meta: look({ className: 'min-w-44' }),
        cell: (info) => <RequestCell request={info.row.original} />,
      }),
      column.accessor('status', {
        header: 'Status',
        enableSorting: false,
        cell: (info) => (
          <StatusPill
            status={RETURN_STATUS_LABELS[info.getValue()]}
            colour={returnStatusColour(info.getValue())}
          />
        ),
      }),
      ...(seesMoney
        ? [
            column.display({
              id: 'refundAmount',
              header: 'Refund',
              meta: look({ className: 'text-right whitespace-nowrap tabular-nums' }),
              cell: (info) => {
                const request = info.row.original;
                return request.kind === 'return' && withMoney(request)
                  ? formatPHP(request.refundedAmount ?? request.refundAmount)
                  : '—';
              },
            }),
          ]
        : []),
      ...(may.steps
        ? [
            column.display({
              id: 'actions',
              header: 'Next step',
              cell: (info) => (
                <StepButtons request={info.row.original} onStep={setDialog} mayRefund={may.refund} />
              ),
            }),
          ]
        : []),
    ],
    [seesMoney, may.steps, may.refund],
  );

  return (
    <>
      <PageHeader
        title="Returns"
        description="Returns and size exchanges shoppers asked for, newest first."
      />
      <DataTable
        label="Returns"
        searchLabel="Search customer..."
        columns={columns}
        query={requests}
        list={list}
        emptyMessage="No returns or exchanges."
        toolbar={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
            <FilterSelect
              label="Status"
              value={status}
              options={STATUS_OPTIONS}
              onChange={(value) => list.setFilter('status', value)}
            />
            <FilterSelect
              label="Reason"
              value={reason}
              options={REASON_OPTIONS}
              onChange={(value) => list.setFilter('reason', value)}
            />
          </div>
        }
      />
      {dialog && <StepDialog request={dialog.request} step={dialog.step} onClose={() => setDialog(null)} />}
      <div className="mt-8 grid gap-6 xl:grid-cols-[2fr_1fr]">
        {allowed('reports:read') && <ReturnsReport />}
        {allowed('returns:settings') && <WindowSetting />}
      </div>
    </>
  );
}

function ItemCell({ request }: { request: StaffReturnRequest }) {
  const { item } = request;
  return (
    <span className="flex items-center gap-3">
      <ProductImage src={item.imageUrl} alt="" sizes="48px" className="size-12 shrink-0 rounded-lg" />
      <span className="min-w-0">
        <span className="line-clamp-2 font-semibold text-ink">{item.name}</span>
        <span className="block text-xs text-muted">
          {item.size ? `Size ${item.size} · ` : ''}× {item.quantity} · delivered{' '}
          {formatDayMonthYear(request.deliveredOn)}
        </span>
      </span>
    </span>
  );
}

function RequestCell({ request }: { request: StaffReturnRequest }) {
  return (
    <span className="flex flex-col gap-1">
      <span className="font-semibold text-ink">
        {RETURN_KIND_LABELS[request.kind]}
        {request.exchange &&
          ` for ${[request.exchange.size && `size ${request.exchange.size}`, request.exchange.variation !== request.item.name ? request.exchange.variation : ''].filter(Boolean).join(', ')}`}
      </span>
      <span className="text-xs text-muted">{RETURN_REASON_LABELS[request.reason]}</span>
      {request.note && <span className="line-clamp-3 text-xs text-ink-soft">“{request.note}”</span>}
      {request.photos > 0 && (
        <span className="flex flex-wrap gap-2 text-xs">
          {Array.from({ length: request.photos }, (_, n) => (
            <a
              // biome-ignore lint/suspicious/noArrayIndexKey: the photos are numbered, never reordered.
              key={n}
              href={`${API_BASE}/returns/${request._id}/photos/${n}`}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-accent-dark underline underline-offset-4"
            >
              Photo {n + 1}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ))}
        </span>
      )}
      {request.refusedReason && (
        <span className="text-xs text-red-900">Refused: {request.refusedReason}</span>
      )}
      {request.damaged && <span className="text-xs text-muted">Received damaged: not back on sale</span>}
      {request.replacement && (
        <span className="text-xs text-muted">
          Replacement: {request.replacement.courierName}
          {request.replacement.trackingNumber ? ` ${request.replacement.trackingNumber}` : ''}
        </span>
      )}
    </span>
  );
}

/** The steps a request can take now, each opening its dialog. */
function StepButtons({
  request,
  onStep,
  mayRefund,
}: {
  request: StaffReturnRequest;
  onStep(dialog: Dialog): void;
  /** Recording a refund moves money: a manager's or the owner's. */
  mayRefund: boolean;
}) {
  const steps: { step: ReturnStep['step']; label: string; variant?: 'secondary' }[] =
    request.status === 'requested'
      ? [
          { step: 'approve', label: 'Approve' },
          { step: 'refuse', label: 'Refuse', variant: 'secondary' },
        ]
      : request.status === 'approved'
        ? [{ step: 'received', label: 'Mark received' }]
        : request.status === 'received'
          ? [
              request.kind === 'exchange'
                ? { step: 'replacement', label: 'Ship replacement' }
                : { step: 'refund', label: 'Record refund' },
            ]
          : [];
  const open = steps.filter(({ step }) => step !== 'refund' || mayRefund);
  if (open.length === 0) return <span className="text-xs text-muted">—</span>;
  return (
    <span className="flex flex-wrap gap-2">
      {open.map(({ step, label, variant }) => (
        <Button
          key={step}
          size="sm"
          variant={variant ?? 'primary'}
          className="rounded-lg whitespace-nowrap"
          aria-label={`${label}: ${request.customerName}, ${request.item.name}`}
          onClick={() => onStep({ request, step })}
        >
          {label}
        </Button>
      ))}
    </span>
  );
}

const TITLES: Record<ReturnStep['step'], string> = {
  approve: 'Approve the request',
  refuse: 'Refuse the request',
  received: 'Mark the parcel received',
  replacement: 'Ship the replacement',
  refund: 'Record the refund',
};

const fieldClass =
  'h-10 w-full rounded-lg border border-line bg-white px-3 text-sm text-ink focus:border-ink focus:outline-none aria-invalid:border-danger';

/** One step's form: what it does, the fields it needs, and the shopper is mailed. */
function StepDialog({
  request,
  step,
  onClose,
}: {
  request: StaffReturnRequest;
  step: ReturnStep['step'];
  onClose(): void;
}) {
  const id = useId();
  const take = useReturnStep();
  const [reason, setReason] = useState('');
  const [damaged, setDamaged] = useState(request.reason === 'defective');
  const [courier, setCourier] = useState<CourierId>('jnt');
  const [courierName, setCourierName] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [shippedOn, setShippedOn] = useState(() => storeDate(new Date()));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  const what = `${request.item.name}${request.item.size ? `, size ${request.item.size}` : ''} × ${request.item.quantity}, of ${request.customerName}`;
  const description = {
    approve: `${what}. The shopper is asked to send it back.`,
    refuse: `${what}. The shopper is mailed the reason; a held size goes back on sale.`,
    received: `${what}. It goes back on sale unless damaged; a return's amount becomes a refund due.`,
    replacement: `${what}. The new ${request.exchange?.size ? `size ${request.exchange.size}` : 'item'} ships as its own parcel; the shopper is mailed its tracking.`,
    refund: `${what}. ${withMoney(request) ? formatPHP(request.refundAmount) : 'Its amount'} goes into the order's payments ledger; a cash or transfer refund needs its reference.`,
  }[step];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setErrors({});
    const body: ReturnStep =
      step === 'refuse'
        ? { step, reason }
        : step === 'received'
          ? { step, body: { damaged } }
          : step === 'replacement'
            ? {
                step,
                body: {
                  courier,
                  trackingNumber,
                  shippedOn,
                  ...(courier === 'other' ? { courierName } : {}),
                },
              }
            : step === 'refund'
              ? { step, body: reference.trim() ? { reference: reference.trim() } : {} }
              : { step: 'approve' };
    try {
      const { message } = await take.mutateAsync({ id: request._id, ...body });
      toast.success(message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      setFailure(errorMessage(error));
    }
  };

  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {};
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-900">
        {errors[name]}
      </p>
    ) : null;

  return (
    <AdminDialog title={TITLES[step]} description={description} pending={take.isPending} onClose={onClose}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {step === 'refuse' && (
          <div>
            <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
              Why (mailed to the shopper)
            </label>
            <input
              id={`${id}-reason`}
              className={`${fieldClass} mt-1`}
              value={reason}
              maxLength={300}
              onChange={(event) => setReason(event.target.value)}
              {...invalid('reason')}
            />
            {error('reason')}
          </div>
        )}
        {step === 'received' && (
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-ink"
              checked={damaged}
              onChange={(event) => setDamaged(event.target.checked)}
            />
            <span>
              <span className="font-semibold">Damaged or defective</span>
              <span className="block text-muted">Not put back on sale.</span>
            </span>
          </label>
        )}
        {step === 'replacement' && (
          <>
            <div>
              <label htmlFor={`${id}-courier`} className="text-sm font-semibold">
                Courier
              </label>
              <select
                id={`${id}-courier`}
                className={`${fieldClass} mt-1`}
                value={courier}
                onChange={(event) => setCourier(event.target.value as CourierId)}
              >
                {COURIER_IDS.map((courierId) => (
                  <option key={courierId} value={courierId}>
                    {COURIERS[courierId].name}
                  </option>
                ))}
              </select>
            </div>
            {courier === 'other' && (
              <div>
                <label htmlFor={`${id}-courierName`} className="text-sm font-semibold">
                  Rider or company
                </label>
                <input
                  id={`${id}-courierName`}
                  className={`${fieldClass} mt-1`}
                  value={courierName}
                  onChange={(event) => setCourierName(event.target.value)}
                  {...invalid('courierName')}
                />
                {error('courierName')}
              </div>
            )}
            <div>
              <label htmlFor={`${id}-tracking`} className="text-sm font-semibold">
                Tracking number
              </label>
              <input
                id={`${id}-tracking`}
                className={`${fieldClass} mt-1 font-mono uppercase`}
                value={trackingNumber}
                onChange={(event) => setTrackingNumber(event.target.value)}
                {...invalid('trackingNumber')}
              />
              {error('trackingNumber')}
            </div>
            <div>
              <label htmlFor={`${id}-shippedOn`} className="text-sm font-semibold">
                Shipped on
              </label>
              <input
                id={`${id}-shippedOn`}
                type="date"
                className={`${fieldClass} mt-1`}
                value={shippedOn}
                onChange={(event) => setShippedOn(event.target.value)}
                {...invalid('shippedOn')}
              />
              {error('shippedOn')}
            </div>
          </>
        )}
        {step === 'refund' && (
          <div>
            <label htmlFor={`${id}-reference`} className="text-sm font-semibold">
              Refund reference (cash or transfer)
            </label>
            <input
              id={`${id}-reference`}
              className={`${fieldClass} mt-1`}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              {...invalid('reference')}
            />
            {error('reference')}
          </div>
        )}
        <FormMessage message={Object.keys(errors).length > 0 ? undefined : failure} />
        <DialogButtons
          submitLabel={step === 'refuse' ? 'Refuse' : TITLES[step].split(' ')[0]!}
          danger={step === 'refuse'}
          pending={take.isPending}
          onCancel={onClose}
        />
      </form>
    </AdminDialog>
  );
}
