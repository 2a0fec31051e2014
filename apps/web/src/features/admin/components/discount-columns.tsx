import { type Discount, formatDayMonthYear, formatPHP, parseCentavos } from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Pencil } from 'lucide-react';
import { Switch } from 'radix-ui';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateDiscount } from '../api/save-discount.ts';
import { look } from './column-look.ts';
import { actionsColumn } from './row-menu.tsx';

const column = createColumnHelper<Discount>();

// Relative: a screen-reader-only text is placed absolutely, and inside a table cell with no
// positioned box around it, it would widen the page past the table's scroll box.
const None = ({ label }: { label: string }) => (
  <span className="relative text-muted">
    <span aria-hidden="true">—</span>
    <span className="sr-only">{label}</span>
  </span>
);

/** The code, and the one email it is kept for, if any. */
function Code({ discount }: { discount: Discount }) {
  return (
    <div className="flex flex-col">
      <Link
        to={paths.admin.discountEdit(discount._id)}
        className="font-mono font-semibold whitespace-nowrap text-ink hover:text-accent hover:underline"
      >
        {discount.code}
      </Link>
      {discount.email && (
        <span className="max-w-48 text-xs break-words text-muted">Only {discount.email}</span>
      )}
    </div>
  );
}

/** From the first day to the last day the code works (it ends as the next day starts). */
function Dates({ discount }: { discount: Discount }) {
  return (
    <div className="flex flex-col leading-snug">
      <span>{formatDayMonthYear(discount.startsAt)}</span>
      <span className="text-xs text-muted">
        {discount.endsAt === null
          ? 'No end'
          : `to ${formatDayMonthYear(new Date(Date.parse(discount.endsAt) - 1))}`}
      </span>
    </div>
  );
}

/** Uses taken of the total, and the orders placed with the code, cancelled ones included. */
function Uses({ discount: { uses, totalUses, orders } }: { discount: Discount }) {
  return (
    <div className="relative flex flex-col leading-snug">
      <span>
        {uses}{' '}
        {totalUses === null ? (
          <>
            <span aria-hidden="true" className="text-muted">
              / ∞
            </span>
            <span className="sr-only">, no limit</span>
          </>
        ) : (
          <span className="text-muted">/ {totalUses}</span>
        )}
      </span>
      <span className="text-xs text-muted">
        {orders} order{orders === 1 ? '' : 's'}
      </span>
    </div>
  );
}

/** The active switch of one code, saved as soon as it is flipped. */
function ActiveSwitch({ discount }: { discount: Discount }) {
  const update = useUpdateDiscount();
  const checked = update.isPending ? !discount.active : discount.active;
  return (
    <Switch.Root
      aria-label={`Active: ${discount.code}`}
      checked={checked}
      disabled={update.isPending}
      onCheckedChange={(active) =>
        update.mutate(
          { id: discount._id, patch: { active } },
          {
            onSuccess: () => toast.success(`${discount.code} is ${active ? 'active' : 'switched off'}`),
            onError: (error) => toast.error(errorMessage(error)),
          },
        )
      }
      className="relative h-6 w-11 shrink-0 rounded-full bg-ink/25 align-middle transition-colors data-[state=checked]:bg-success disabled:opacity-60"
    >
      <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
    </Switch.Root>
  );
}

/** The Discounts table's columns; code, uses and date sort on the server. */
export function discountColumns() {
  return [
    column.accessor('code', {
      id: 'code',
      header: 'Code',
      meta: look({ className: 'min-w-44' }),
      cell: (info) => <Code discount={info.row.original} />,
    }),
    column.accessor('kind', {
      header: 'Type',
      enableSorting: false,
      meta: look({ className: 'whitespace-nowrap' }),
      cell: (info) => (info.getValue() === 'percent' ? 'Percentage' : 'Fixed'),
    }),
    column.accessor('value', {
      header: 'Value',
      enableSorting: false,
      meta: look({ className: 'text-right whitespace-nowrap tabular-nums' }),
      cell: (info) => (
        <span className="font-semibold">
          {info.row.original.kind === 'percent' ? `${info.getValue()}%` : formatPHP(info.getValue())}
        </span>
      ),
    }),
    column.accessor('minSpend', {
      header: 'Min. spend',
      enableSorting: false,
      meta: look({ className: 'text-right whitespace-nowrap tabular-nums' }),
      cell: (info) =>
        parseCentavos(info.getValue()) === 0 ? <None label="None" /> : formatPHP(info.getValue()),
    }),
    column.display({
      id: 'dates',
      header: 'Dates',
      meta: look({ className: 'whitespace-nowrap tabular-nums' }),
      cell: ({ row }) => <Dates discount={row.original} />,
    }),
    column.accessor('uses', {
      id: 'uses',
      header: 'Uses',
      meta: look({ className: 'whitespace-nowrap tabular-nums' }),
      cell: (info) => <Uses discount={info.row.original} />,
    }),
    column.accessor('perCustomerUses', {
      header: 'Per customer',
      enableSorting: false,
      meta: look({ className: 'text-center tabular-nums' }),
      cell: (info) => info.getValue() ?? <None label="No limit" />,
    }),
    column.accessor('active', {
      header: 'Active',
      enableSorting: false,
      cell: (info) => <ActiveSwitch discount={info.row.original} />,
    }),
    actionsColumn(column, (discount) => ({
      rowName: discount.code,
      links: [{ label: 'Edit', to: paths.admin.discountEdit(discount._id), icon: Pencil }],
    })),
  ];
}
