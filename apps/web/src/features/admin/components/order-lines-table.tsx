import {
  camelToLabel,
  DELIVERY_OPTIONS,
  deliveryDateLabel,
  formatPHP,
  ITEM_STATUSES,
  type ItemStatus,
  type StaffOrder,
} from '@habi/shared';
import { ChevronDown } from 'lucide-react';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { cn } from '../../../lib/cn.ts';

type OrderLine = StaffOrder['products'][number];

/**
 * "Express (₱50.00), by Tuesday, December 1": the delivery the shopper chose for a line; without
 * its fee for a role that reads no prices ("Express, by Tuesday, December 1").
 */
function deliveryText(line: OrderLine): string {
  const { fee, date } = line.deliveryOption;
  const option = DELIVERY_OPTIONS.find((o) => o.fee === fee);
  const name = option ? camelToLabel(option.value.replace('-', ' ')) : 'Delivery';
  const price = 'price' in line ? ` (${fee === 0 ? 'FREE' : formatPHP(fee)})` : '';
  return `${name}${price}, by ${deliveryDateLabel(date)}`;
}

/**
 * The ordered lines, each with its delivery and its status select. A table from md up; on phones each line is a
 * card, so every status select stays in view.
 */
export function OrderLinesTable({
  lines,
  statuses,
  initial,
  disabled,
  onStatusChange,
}: {
  lines: readonly OrderLine[];
  statuses: readonly ItemStatus[];
  /** The statuses stored, so a changed one is marked. */
  initial: readonly ItemStatus[];
  disabled: boolean;
  onStatusChange(index: number, status: ItemStatus): void;
}) {
  // A role that reads no prices gets lines without them: no Price column then.
  const priced = lines.every((line) => 'price' in line);
  return (
    <table aria-label="Ordered products" className="w-full text-sm">
      <thead className="max-md:hidden">
        <tr className="bg-sand text-left text-xs font-semibold tracking-wide text-ink-soft uppercase">
          <th scope="col" className="w-20 px-4 py-3">
            Image
          </th>
          <th scope="col" className="px-4 py-3">
            Name
          </th>
          {priced && (
            <th scope="col" className="px-4 py-3 text-right">
              Price
            </th>
          )}
          <th scope="col" className="px-4 py-3">
            Size
          </th>
          <th scope="col" className="px-4 py-3 text-center">
            Quantity
          </th>
          <th scope="col" className="w-52 px-4 py-3">
            Status
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block">
        {lines.map((line, index) => (
          <OrderLineRow
            key={line._id}
            line={line}
            status={statuses[index]!}
            changed={statuses[index] !== initial[index]}
            disabled={disabled}
            onStatusChange={(next) => onStatusChange(index, next)}
          />
        ))}
      </tbody>
    </table>
  );
}

function OrderLineRow({
  line,
  status,
  changed,
  disabled,
  onStatusChange,
}: {
  line: OrderLine;
  status: ItemStatus;
  changed: boolean;
  disabled: boolean;
  onStatusChange(status: ItemStatus): void;
}) {
  const size = line.size || 'N/A';
  return (
    <tr className="border-t border-line max-md:grid max-md:grid-cols-[3.5rem_minmax(0,1fr)] max-md:items-center max-md:gap-x-3 max-md:gap-y-3 max-md:p-4 max-md:first:border-t-0">
      <td className="px-4 py-2.5 max-md:p-0">
        <ProductImage
          src={line.imageUrl}
          alt={line.name}
          sizes="56px"
          className="size-12 rounded-lg border border-line max-md:size-14"
        />
      </td>
      <td className="px-4 py-2.5 max-md:p-0">
        <span className="font-semibold">{line.name}</span>
        <span className="mt-0.5 block text-xs text-muted">{deliveryText(line)}</span>
        <span className="mt-0.5 block text-muted tabular-nums md:hidden">
          {'price' in line && `${formatPHP(line.price)} · `}Size {size} · Qty {line.quantity}
        </span>
      </td>
      {'price' in line && (
        <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums max-md:hidden">
          {formatPHP(line.price)}
        </td>
      )}
      <td className="px-4 py-2.5 max-md:hidden">{size}</td>
      <td className="px-4 py-2.5 text-center tabular-nums max-md:hidden">{line.quantity}</td>
      <td className="px-4 py-2.5 max-md:col-span-2 max-md:p-0">
        <div className="relative">
          <select
            aria-label={`Status of ${line.name}${line.size ? `, size ${line.size}` : ''}`}
            value={status}
            disabled={disabled}
            onChange={(event) => onStatusChange(event.target.value as ItemStatus)}
            className={cn(
              'h-10 w-full appearance-none rounded-lg border bg-white pr-9 pl-3 text-sm font-semibold text-ink focus:border-ink focus:outline-none disabled:opacity-60',
              changed ? 'border-accent ring-1 ring-accent/30' : 'border-line',
            )}
          >
            {ITEM_STATUSES.map((option) => (
              <option key={option} value={option}>
                {camelToLabel(option)}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
          />
        </div>
      </td>
    </tr>
  );
}
