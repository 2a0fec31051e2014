import {
  CANCELLABLE_RETURN_STATUSES,
  canCancelItem,
  formatPHP,
  IMAGE_ACCEPT,
  LIVE_RETURN_STATUSES,
  NO_WINDOW_REASONS,
  type Order,
  type OrderedProduct,
  type Product,
  RETURN_KIND_LABELS,
  RETURN_MESSAGES,
  RETURN_NOTE_MAX,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  type ReturnKind,
  type ReturnReason,
  type ReturnRequest,
  returnDeadline,
  returnStatusColour,
  storeDate,
  unitsLeft,
  windowApplies,
} from '@habi/shared';
import { RotateCcw, X } from 'lucide-react';
import { AlertDialog, Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Label, Textarea } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useNow } from '../../../lib/now.ts';
import { useProduct } from '../../../lib/products.ts';
import { toast } from '../../../lib/toast.ts';
import {
  requestFor,
  useCancelItems,
  useCancelReturn,
  useCreateReturn,
  useMyReturns,
} from '../api/my-returns.ts';
import { ShipmentTracking } from './shipment-tracking.tsx';

const dayFormat = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const day = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));

const PILL: Record<'yellow' | 'green' | 'red', string> = {
  yellow: 'bg-gold',
  green: 'bg-success',
  red: 'bg-danger',
};

/**
 * What a shopper can do with one ordered item: cancel it until it ships; once delivered, ask for
 * a return or an exchange (within the shop's window, or any time for a defective or wrong item),
 * follow the request and cancel it until the parcel is back.
 */
export function ItemActions({ order, product }: { order: Order; product: OrderedProduct }) {
  const returns = useMyReturns();
  const request = requestFor(returns.data, product._id);
  if (canCancelItem(product.productStatus)) return <CancelItemButton order={order} product={product} />;
  if (product.productStatus !== 'delivered' || !returns.data?.deliveredOn) return null;
  const live = request && LIVE_RETURN_STATUSES.includes(request.status);
  const deliveredOn = returns.data.deliveredOn[product._id];
  return (
    <div className="mt-3 flex flex-col gap-3">
      {request && <RequestStatus request={request} />}
      {!live && deliveredOn && (
        <ReturnDialog product={product} deliveredOn={deliveredOn} windowDays={returns.data.windowDays} />
      )}
    </div>
  );
}

/** A request's kind, status and what comes next, on the item it is about. */
function RequestStatus({ request }: { request: ReturnRequest }) {
  const cancel = useCancelReturn();
  const what =
    request.kind === 'exchange' && request.exchange
      ? `Exchange for ${[request.exchange.size && `size ${request.exchange.size}`, request.exchange.variation !== request.item.name ? request.exchange.variation : ''].filter(Boolean).join(', ')}`
      : `Return · ${formatPHP(request.refundAmount)} back`;
  return (
    <section
      aria-label={`${RETURN_KIND_LABELS[request.kind]} request`}
      className="rounded-xl border border-line bg-paper p-3 text-sm"
      data-testid="return-request"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold text-ink">{what}</p>
        <span className="inline-flex h-6 shrink-0 items-center gap-1.5 rounded-full bg-white px-2.5 text-xs font-semibold text-ink">
          <span
            aria-hidden="true"
            className={cn('size-1.5 rounded-full', PILL[returnStatusColour(request.status)])}
          />
          <span className="sr-only">Request status: </span>
          {RETURN_STATUS_LABELS[request.status]}
        </span>
      </div>
      <p className="mt-1 text-muted">{nextStep(request)}</p>
      {request.replacement && <ShipmentTracking shipment={request.replacement} />}
      {CANCELLABLE_RETURN_STATUSES.includes(request.status) && (
        <ConfirmButton
          label="Cancel request"
          title={`Cancel your ${request.kind}?`}
          description={
            request.kind === 'exchange'
              ? 'The size held for you goes back on sale. You can ask again while the window is open.'
              : 'You can ask again while the window is open.'
          }
          confirm="Cancel request"
          pending={cancel.isPending}
          onConfirm={async () => {
            await cancel.mutateAsync(request._id);
            toast.success('Request cancelled');
          }}
        />
      )}
    </section>
  );
}

function nextStep(request: ReturnRequest): string {
  switch (request.status) {
    case 'requested':
      return 'We will look at your request soon and mail you.';
    case 'approved':
      return 'Approved: please send the item back to us.';
    case 'refused':
      return `Not accepted: ${request.refusedReason ?? ''}`;
    case 'received':
      return request.kind === 'exchange'
        ? 'Back with us: your new size ships soon.'
        : 'Back with us: your refund is on its way.';
    case 'refunded':
      return `Refunded ${formatPHP(request.refundedAmount ?? request.refundAmount)}.`;
    case 'exchanged':
      return 'Your new size is on its way.';
    case 'cancelled':
      return 'You cancelled this request.';
  }
}

/** A button that asks first, then runs `onConfirm`; its error shows in the dialog. */
function ConfirmButton({
  label,
  title,
  description,
  confirm,
  pending,
  onConfirm,
}: {
  label: string;
  title: string;
  description: string;
  confirm: string;
  pending: boolean;
  onConfirm(): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        setFailure(undefined);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" size="sm" className="mt-3 self-start">
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="font-display text-2xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 leading-relaxed text-ink-soft">
            {description}
          </AlertDialog.Description>
          <FieldError message={failure} icon />
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                Keep it
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              pending={pending}
              onClick={async () => {
                try {
                  await onConfirm();
                  setOpen(false);
                } catch (error) {
                  setFailure(errorMessage(error));
                }
              }}
            >
              {confirm}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Cancel an item that has not shipped: its stock and, when paid, its money come back. */
function CancelItemButton({ order, product }: { order: Order; product: OrderedProduct }) {
  const cancel = useCancelItems();
  return (
    <div className="mt-3 flex">
      <ConfirmButton
        label="Cancel item"
        title="Cancel this item?"
        description={`“${product.name}” will not ship. ${
          order.payment.paid !== '0.00' ? 'What you paid for it is refunded.' : 'You will not pay for it.'
        }`}
        confirm="Cancel item"
        pending={cancel.isPending}
        onConfirm={async () => {
          await cancel.mutateAsync({ orderId: order._id, items: [product._id] });
          toast.success('Item cancelled');
        }}
      />
    </div>
  );
}

/** Return or exchange: the form, in a dialog. */
function ReturnDialog({
  product: line,
  deliveredOn,
  windowDays,
}: {
  product: OrderedProduct;
  deliveredOn: string;
  windowDays: number;
}) {
  const [open, setOpen] = useState(false);
  const today = storeDate(useNow());
  const deadline = returnDeadline(deliveredOn, windowDays);
  const windowOpen = today <= deadline;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <p className="text-xs text-muted">
        {windowOpen
          ? `Return or exchange by ${day(deadline)}`
          : `The ${windowDays}-day return window closed on ${day(deadline)}; a defective or wrong item can still come back.`}
      </p>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" className="self-start">
          <RotateCcw aria-hidden="true" className="size-4" />
          Return or exchange
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-white p-6 shadow-xl focus:outline-none sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="font-display text-2xl font-semibold">Return or exchange</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-soft">
                {line.name}
                {line.size ? `, size ${line.size}` : ''} × {line.quantity}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-2 -mr-2 shrink-0">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <ReturnForm line={line} windowOpen={windowOpen} onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const selectClass =
  'h-12 w-full rounded-xl border border-line bg-white px-4 text-base text-ink focus:border-ink aria-invalid:border-danger';

function ReturnForm({
  line,
  windowOpen,
  onDone,
}: {
  line: OrderedProduct;
  windowOpen: boolean;
  onDone(): void;
}) {
  const id = useId();
  const productQuery = useProduct(line.productId ?? '', { enabled: line.productId !== null });
  const product = productQuery.data;
  const reasons = windowOpen ? RETURN_REASONS : RETURN_REASONS.filter((r) => NO_WINDOW_REASONS.includes(r));
  const canExchange = product !== undefined && (product.size.length > 1 || product.variations.length > 1);
  const [kind, setKind] = useState<ReturnKind>('return');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [variation, setVariation] = useState(() => line.name);
  const [size, setSize] = useState('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const create = useCreateReturn();
  const exchange = kind === 'exchange' && canExchange;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found: Record<string, string> = {};
    if (!reason) found.reason = RETURN_MESSAGES.reason;
    if (exchange && !size && variation === line.name) found.size = RETURN_MESSAGES.exchangeTarget;
    if (photos.length > RETURN_PHOTOS_MAX) found.photos = RETURN_MESSAGES.photos;
    setErrors(found);
    if (Object.keys(found).length > 0 || !reason) return;
    try {
      await create.mutateAsync({
        itemId: line._id,
        kind,
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(exchange
          ? {
              ...(size ? { size } : {}),
              ...(product && product.variations.length > 1 ? { variation } : {}),
            }
          : {}),
        photos,
      });
      toast.success(exchange ? 'Exchange requested' : 'Return requested');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      setFailure(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
      <fieldset>
        <legend className="text-sm font-semibold text-ink">What would you like?</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {(['return', 'exchange'] as const).map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col rounded-xl border border-line p-3 text-sm has-[:checked]:border-ink has-[:checked]:bg-sand',
                value === 'exchange' && !canExchange && 'cursor-not-allowed opacity-60',
              )}
            >
              <span className="flex items-center gap-2 font-semibold">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={value}
                  checked={kind === value}
                  disabled={value === 'exchange' && !canExchange}
                  onChange={() => setKind(value)}
                  className="accent-ink"
                />
                {value === 'return' ? 'Return' : 'Exchange'}
              </span>
              <span className="mt-1 text-muted">
                {value === 'return' ? 'Money back' : 'Another size or colour'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <select
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value as ReturnReason)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          className={selectClass}
        >
          <option value="">Choose a reason</option>
          {reasons.map((value) => (
            <option key={value} value={value}>
              {RETURN_REASON_LABELS[value]}
              {windowApplies(value) ? '' : ' (any time)'}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-reason-error`} message={errors.reason} />
      </div>

      {exchange && product && (
        <ExchangeFields
          id={id}
          product={product}
          line={line}
          variation={variation}
          size={size}
          error={errors.size}
          onVariation={setVariation}
          onSize={setSize}
        />
      )}

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-note`}>Note (optional)</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={RETURN_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Tell us what is wrong"
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-photos`}>Photos (optional, up to {RETURN_PHOTOS_MAX})</Label>
        <input
          id={`${id}-photos`}
          type="file"
          multiple
          accept={Object.entries(IMAGE_ACCEPT)
            .flatMap(([type, extensions]) => [type, ...extensions])
            .join(',')}
          aria-invalid={errors.photos ? true : undefined}
          aria-describedby={errors.photos ? `${id}-photos-error` : undefined}
          onChange={(event) => setPhotos([...(event.target.files ?? [])])}
          className="text-sm file:mr-3 file:h-10 file:rounded-full file:border file:border-line file:bg-white file:px-4 file:font-semibold"
        />
        {photos.length > 0 && (
          <p className="text-sm text-muted">
            {photos.length} photo{photos.length === 1 ? '' : 's'} chosen
          </p>
        )}
        <FieldError id={`${id}-photos-error`} message={errors.photos ?? errors.photo} />
      </div>

      <FieldError message={failure} icon />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={create.isPending}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" pending={create.isPending}>
          {exchange ? 'Request exchange' : 'Request return'}
        </Button>
      </div>
    </form>
  );
}

/** An exchange's choice: another variation (when the product has several) and size, with what is left of each. */
function ExchangeFields({
  id,
  product,
  line,
  variation,
  size,
  error,
  onVariation,
  onSize,
}: {
  id: string;
  product: Product;
  line: OrderedProduct;
  variation: string;
  size: string;
  error: string | undefined;
  onVariation(value: string): void;
  onSize(value: string): void;
}) {
  return (
    <>
      {product.variations.length > 1 && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-variation`}>Colour or variation</Label>
          <select
            id={`${id}-variation`}
            value={variation}
            onChange={(event) => onVariation(event.target.value)}
            className={selectClass}
          >
            {product.variations.map((v) => (
              <option key={v.name} value={v.name}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {product.size.length > 0 && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-size`}>New size</Label>
          <select
            id={`${id}-size`}
            value={size}
            onChange={(event) => onSize(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-size-error` : undefined}
            className={selectClass}
          >
            <option value="">Choose a size</option>
            {product.size.map((s) => {
              const left = unitsLeft(product, variation, s);
              const same = s === line.size && (product.variations.length <= 1 || variation === line.name);
              const short = left !== null && left < line.quantity;
              return (
                <option key={s} value={s} disabled={same || short}>
                  {s}
                  {same
                    ? ' (yours)'
                    : left === 0
                      ? ', sold out'
                      : short || (left !== null && left <= 5)
                        ? `, only ${left} left`
                        : ''}
                </option>
              );
            })}
          </select>
          <FieldError id={`${id}-size-error`} message={error} />
        </div>
      )}
      <p className="text-sm text-muted">
        Same product and price: nothing more to pay. We hold the new size for you now.
      </p>
    </>
  );
}
