import { type Discount, formatDayMonthYear, formatPHP, parseCentavos } from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { Pencil, Plus } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { type DiscountSort, useDiscounts } from '../api/get-discounts.ts';
import { useUpdateDiscount } from '../api/save-discount.ts';
import { DataTable, look } from '../components/data-table.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { actionsColumn } from '../components/row-menu.tsx';
import { useListParams } from '../hooks/use-list-params.ts';

const SORTABLE: readonly DiscountSort[] = ['code', 'uses', 'createdAt'];
const column = createColumnHelper<Discount>();

// Relative: a screen-reader-only text is placed absolutely, and inside a table cell with no
// positioned box around it, it would widen the page past the table's scroll box.
const None = ({ label }: { label: string }) => (
  <span className="relative text-muted">
    <span aria-hidden="true">—</span>
    <span className="sr-only">{label}</span>
  </span>
);

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

/** Discounts: every code, searched by code, sorted and paged on the server. */
export default function DiscountsPage() {
  useDocumentTitle('Discounts');
  const list = useListParams(SORTABLE);
  const discounts = useDiscounts(list.params);

  const columns = useMemo(
    () => [
      column.accessor('code', {
        id: 'code',
        header: 'Code',
        meta: look({ className: 'min-w-44' }),
        cell: (info) => (
          <div className="flex flex-col">
            <Link
              to={paths.admin.discountEdit(info.row.original._id)}
              className="font-mono font-semibold whitespace-nowrap text-ink hover:text-accent hover:underline"
            >
              {info.getValue()}
            </Link>
            {info.row.original.email && (
              <span className="max-w-48 text-xs break-words text-muted">Only {info.row.original.email}</span>
            )}
          </div>
        ),
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
        // Uses taken of the total, and the orders placed with the code, cancelled ones included.
        cell: (info) => {
          const { uses, totalUses, orders } = info.row.original;
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
        },
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
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Discounts"
        description="Codes shoppers enter in the cart, and how often they are used."
      >
        <Button asChild size="sm" className="h-10 rounded-lg">
          <Link to={paths.admin.addDiscount}>
            <Plus aria-hidden="true" className="-ml-1 size-4" />
            Add Discount
          </Link>
        </Button>
      </PageHeader>
      <DataTable
        label="Discounts"
        searchLabel="Search code..."
        columns={columns}
        query={discounts}
        list={list}
        emptyMessage="No discount codes found."
      />
    </>
  );
}
