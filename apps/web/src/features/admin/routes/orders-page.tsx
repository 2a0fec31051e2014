import {
  camelToLabel,
  formatDayMonthYear,
  formatPHP,
  ORDER_STATUSES,
  orderReference,
  PAYMENT_STATUSES,
  type StaffOrder,
} from '@habi/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { ClipboardList, FileUp, Printer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { deleteOrder, useDelete } from '../api/deletes.ts';
import { type OrderSort, useOrders } from '../api/get-orders.ts';
import { DataTable, look } from '../components/data-table.tsx';
import { FilterSelect } from '../components/filter-select.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PaymentCell, PaymentFilterSelect } from '../components/payment-pill.tsx';
import { actionsColumn } from '../components/row-menu.tsx';
import { StatusPill } from '../components/status-pill.tsx';
import { useListParams } from '../hooks/use-list-params.ts';
import { useCan } from '../lib/access.tsx';

const SORTABLE: readonly OrderSort[] = ['user', 'total', 'createdAt'];
const column = createColumnHelper<StaffOrder>();

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: camelToLabel(status) }));

/**
 * Orders List: every order, searched by customer, filtered by status and payment (in the URL),
 * sorted and paged on the server; the order number opens the order.
 */
export default function OrdersPage() {
  useDocumentTitle('Orders List');
  const list = useListParams(SORTABLE);
  const payment = list.filter('payment', PAYMENT_STATUSES);
  const status = list.filter('status', ORDER_STATUSES);
  const orders = useOrders({ ...list.params, payment, status });
  const remove = useDelete(deleteOrder);
  const allowed = useCan();
  // Support reads orders; shipping and packing slips are fulfilment's, deleting a manager's.
  const canShip = allowed('shipments:write');
  const canDelete = allowed('orders:delete');
  // Orders chosen for packing slips, kept while paging and searching.
  const [selected, setSelected] = useState<string[]>([]);

  const columns = useMemo(
    () => [
      // The date, and under it the order's number, the link into the order, beside the box that
      // picks it for packing slips (one column, so the table keeps its Total and row menu in view
      // on a laptop).
      column.accessor('createdAt', {
        header: 'Date',
        meta: look({ className: 'whitespace-nowrap tabular-nums' }),
        cell: (info) => {
          const id = info.row.original._id;
          return (
            <span className="flex flex-col items-start gap-0.5">
              {formatDayMonthYear(info.getValue())}
              <span className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  aria-label={`Select order ${orderReference(id)} for packing slips`}
                  checked={selected.includes(id)}
                  onChange={(event) => {
                    const { checked } = event.target;
                    setSelected((current) =>
                      checked ? [...current, id] : current.filter((other) => other !== id),
                    );
                  }}
                  className="size-3.5 cursor-pointer accent-ink"
                />
                <Link
                  to={paths.admin.manageOrder(id)}
                  aria-label={`Order ${orderReference(id)} of ${info.row.original.user}`}
                  className="font-mono text-xs font-semibold text-ink underline underline-offset-4 hover:text-accent"
                >
                  {orderReference(id)}
                </Link>
              </span>
            </span>
          );
        },
      }),
      column.accessor('user', {
        id: 'user',
        header: 'Customer Name',
        cell: (info) => (
          <Link
            to={paths.admin.manageOrder(info.row.original._id)}
            className="font-semibold text-ink hover:text-accent hover:underline"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('paymentMethod', {
        header: 'Payment',
        enableSorting: false,
        cell: (info) => <PaymentCell method={info.getValue()} status={info.row.original.paymentStatus} />,
      }),
      column.accessor((order) => order.products.length, {
        id: 'products',
        header: 'No. of Products',
        enableSorting: false,
        meta: look({ className: 'text-center tabular-nums' }),
      }),
      column.accessor('status', {
        header: 'Status',
        enableSorting: false,
        cell: (info) => <StatusPill status={info.getValue()} />,
      }),
      column.accessor('shippingAddress', {
        header: 'Shipping Address',
        enableSorting: false,
        meta: look({ className: 'max-w-72' }),
        cell: (info) => (
          <span className="line-clamp-2 text-ink-soft" title={info.getValue()}>
            {info.getValue()}
          </span>
        ),
      }),
      column.accessor('totalFee', {
        id: 'total',
        header: 'Total',
        meta: look({ className: 'text-right whitespace-nowrap tabular-nums' }),
        cell: (info) => <span className="font-semibold">{formatPHP(info.getValue())}</span>,
      }),
      actionsColumn(column, (order) => ({
        rowName: `the order of ${order.user}`,
        links: [
          {
            label: 'Go to Product Management',
            to: paths.admin.manageOrder(order._id),
            icon: ClipboardList,
          },
          ...(canShip
            ? [{ label: 'Packing slip', to: paths.admin.packingSlips(order._id), icon: Printer }]
            : []),
        ],
        ...(canDelete && {
          remove: {
            what: (
              <>
                the order of <strong className="text-ink">{order.user}</strong> ({formatPHP(order.totalFee)})
              </>
            ),
            run: () => remove.mutateAsync(order._id),
          },
        }),
      })),
    ],
    [remove.mutateAsync, selected, canShip, canDelete],
  );

  return (
    <>
      <PageHeader title="Orders List" description="Orders placed by shoppers, newest first.">
        {canShip && (
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.admin.shipByCsv}>
              <FileUp aria-hidden="true" className="size-4" /> Ship by CSV
            </Link>
          </Button>
        )}
        {canShip && selected.length > 0 && (
          <>
            <Button asChild size="sm">
              <Link to={paths.admin.packingSlips(...selected)}>
                <Printer aria-hidden="true" className="size-4" /> Packing slips ({selected.length})
              </Link>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setSelected([])}>
              Clear selection
            </Button>
          </>
        )}
      </PageHeader>
      <DataTable
        label="Orders"
        searchLabel="Search customer..."
        columns={columns}
        query={orders}
        list={list}
        emptyMessage="No results."
        toolbar={
          <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
            <FilterSelect
              label="Status"
              value={status}
              options={STATUS_OPTIONS}
              onChange={(value) => list.setFilter('status', value)}
            />
            <PaymentFilterSelect value={payment} onChange={(value) => list.setFilter('payment', value)} />
          </div>
        }
      />
    </>
  );
}
