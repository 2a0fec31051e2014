import {
  COURIER_IDS,
  COURIERS,
  type CreateShipmentInput,
  CreateShipmentSchema,
  canShip,
  type Shipment,
  type StaffOrder,
  storeDate,
} from '@habi/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, PackagePlus, Truck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field, FieldError, Input } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateShipment } from '../api/create-shipment.ts';
import { useMarkShipmentDelivered } from '../api/mark-shipment-delivered.ts';
import { formatInstant } from '../utils/format-instant.ts';
import { AdminDialog, DialogButtons, FormMessage, showServerErrors } from './admin-dialog.tsx';
import { StatusPill } from './status-pill.tsx';

type OrderLine = StaffOrder['products'][number];
type ShipmentOutput = z.output<typeof CreateShipmentSchema>;

const shippedFormat = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'UTC' });
const dayLabel = (isoDate: string) => shippedFormat.format(new Date(`${isoDate}T00:00:00Z`));

/** The lines not in a shipment that may still ship. */
function unshippedLines(order: StaffOrder): OrderLine[] {
  const shipped = new Set((order.shipments ?? []).flatMap((s) => s.lines));
  return order.products.filter((line) => !shipped.has(line._id) && canShip(line.productStatus));
}

/**
 * Manage Product Order's Shipments: each parcel with its courier, tracking link and lines, marked
 * delivered from here; a new one is made from the lines still to ship.
 */
/** `readOnly`: the shipments without the buttons that ship or deliver (support's view). */
export function OrderShipmentsSection({
  order,
  readOnly = false,
}: {
  order: StaffOrder;
  readOnly?: boolean;
}) {
  const [creating, setCreating] = useState(false);
  const shipments = order.shipments ?? [];
  const unshipped = unshippedLines(order);
  return (
    <section aria-labelledby="shipments-heading" className="rounded-2xl border border-line bg-white">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h2 id="shipments-heading" className="font-sans text-base font-bold tracking-normal">
          Shipments
        </h2>
        {!readOnly && (
          <Button
            size="sm"
            className="rounded-lg"
            disabled={unshipped.length === 0}
            onClick={() => setCreating(true)}
          >
            <PackagePlus aria-hidden="true" className="size-4" />
            Create shipment
          </Button>
        )}
      </div>
      {shipments.length === 0 ? (
        <p className="px-4 py-5 text-sm text-muted">Nothing has shipped yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {shipments.map((shipment) => (
            <ShipmentRow key={shipment._id} shipment={shipment} order={order} readOnly={readOnly} />
          ))}
        </ul>
      )}
      {creating && <ShipmentDialog order={order} lines={unshipped} onClose={() => setCreating(false)} />}
    </section>
  );
}

function ShipmentRow({
  shipment,
  order,
  readOnly,
}: {
  shipment: Shipment;
  order: StaffOrder;
  readOnly: boolean;
}) {
  const deliver = useMarkShipmentDelivered();
  const lines = order.products.filter((line) => shipment.lines.includes(line._id));
  const markDelivered = async () => {
    try {
      const { message } = await deliver.mutateAsync(shipment._id);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
          <Truck aria-hidden="true" className="size-4 text-muted" />
          {shipment.courierName}
          {shipment.trackingNumber &&
            (shipment.trackingUrl ? (
              <a
                href={shipment.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-mono break-all text-accent-dark underline-offset-4 hover:underline"
              >
                {shipment.trackingNumber}
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only"> (track on {shipment.courierName}, opens in a new tab)</span>
              </a>
            ) : (
              <span className="font-mono break-all">{shipment.trackingNumber}</span>
            ))}
        </p>
        <p className="mt-1 text-muted">
          Shipped {dayLabel(shipment.shippedOn)}
          {shipment.deliveredAt && <> · Delivered {formatInstant(shipment.deliveredAt)}</>}
        </p>
        <ul className="mt-2 flex flex-col gap-0.5 text-ink-soft">
          {lines.map((line) => (
            <li key={line._id}>
              {line.name}
              {line.size && ` · ${line.size}`} · Qty {line.quantity}
            </li>
          ))}
        </ul>
      </div>
      {shipment.deliveredAt ? (
        <StatusPill status="delivered" colour="green" />
      ) : readOnly ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 rounded-lg"
          disabled={deliver.isPending}
          onClick={markDelivered}
        >
          {deliver.isPending && <Spinner className="size-4" />}
          Mark delivered
        </Button>
      )}
    </li>
  );
}

const FIELDS = ['lines', 'courier', 'courierName', 'trackingNumber', 'shippedOn'] as const;

/** The new shipment: which lines (all still to ship, to start with), the courier, its number and the day it left. */
function ShipmentDialog({
  order,
  lines,
  onClose,
}: {
  order: StaffOrder;
  lines: OrderLine[];
  onClose(): void;
}) {
  const create = useCreateShipment();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<CreateShipmentInput, unknown, ShipmentOutput>({
    resolver: zodResolver(CreateShipmentSchema),
    defaultValues: {
      orderId: order._id,
      lines: lines.map((line) => line._id),
      courier: 'jnt',
      courierName: '',
      trackingNumber: '',
      shippedOn: storeDate(new Date()),
    },
  });
  const chosen = watch('lines');
  const courier = watch('courier');
  const toggle = (id: string, on: boolean) =>
    setValue('lines', on ? [...chosen, id] : chosen.filter((line) => line !== id), {
      shouldValidate: isSubmitted,
    });

  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await create.mutateAsync(values);
      toast.success(message);
      onClose();
    } catch (error) {
      showServerErrors(error, FIELDS, setError);
    }
  });

  const shape = COURIERS[courier].shape;
  return (
    <AdminDialog
      onClose={onClose}
      title="Create shipment"
      description="The items chosen move to To Receive, and the shopper is mailed the courier and tracking link."
      pending={isSubmitting}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <fieldset aria-describedby={errors.lines ? 'shipment-lines-error' : undefined}>
          <legend className="text-sm font-semibold text-ink">Items</legend>
          <div className="mt-2 flex flex-col gap-2.5">
            {lines.map((line) => (
              <Checkbox
                key={line._id}
                label={`${line.name}${line.size ? ` · ${line.size}` : ''} · Qty ${line.quantity}`}
                checked={chosen.includes(line._id)}
                onCheckedChange={(on) => toggle(line._id, on)}
              />
            ))}
          </div>
          <FieldError id="shipment-lines-error" message={errors.lines?.message} />
        </fieldset>
        <Field label="Courier" error={errors.courier?.message}>
          {({ control }) => (
            <select
              {...control}
              {...register('courier')}
              className="h-12 w-full rounded-xl border border-line bg-white px-3 text-base text-ink focus:border-ink focus:outline-none"
            >
              {COURIER_IDS.map((id) => (
                <option key={id} value={id}>
                  {COURIERS[id].name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {courier === 'other' && (
          <Field label="Rider or courier name" error={errors.courierName?.message}>
            {({ control }) => <Input {...control} autoComplete="off" {...register('courierName')} />}
          </Field>
        )}
        <Field
          label={courier === 'other' ? 'Tracking number (optional)' : 'Tracking number'}
          hint={shape ? `${COURIERS[courier].name}: ${shape.says}` : undefined}
          error={errors.trackingNumber?.message}
        >
          {({ control }) => (
            <Input
              {...control}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono"
              {...register('trackingNumber')}
            />
          )}
        </Field>
        <Field label="Date shipped" error={errors.shippedOn?.message}>
          {({ control }) => <Input {...control} type="date" {...register('shippedOn')} />}
        </Field>
        <FormMessage message={errors.root?.server?.message} />
        <DialogButtons submitLabel="Create shipment" pending={isSubmitting} onCancel={onClose} />
      </form>
    </AdminDialog>
  );
}
