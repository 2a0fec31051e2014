import { camelToLabel, formatPHP, ITEM_STATUSES, type ItemStatus, type Order } from '@habi/shared';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useOrder } from '../api/get-order.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { FormActions } from '../components/form-bits.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { StatusPill } from '../components/status-pill.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';

/** Manage Product Order (/admin/product_management?oid=): one status per ordered line. */
export default function ManageOrderPage() {
  useDocumentTitle('Manage Product Order');
  const [search] = useSearchParams();
  const oid = search.get('oid') ?? '';
  const order = useOrder(oid);

  return (
    <>
      <PageHeader title="Manage Product Order" description={order.data && `Order ${order.data._id}`} />
      {!oid || order.isError ? (
        <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          {oid ? errorMessage(order.error) : 'Order not found'}
        </p>
      ) : order.data ? (
        <ManageOrderForm key={order.data._id} order={order.data} />
      ) : (
        <Loading />
      )}
    </>
  );
}

function ManageOrderForm({ order }: { order: Order }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.orders);
  const initial = order.products.map((line) => line.productStatus);
  const [statuses, setStatuses] = useState<ItemStatus[]>(initial);
  const [secondCall, setSecondCall] = useState(false);
  const update = useUpdateOrderStatus(order._id, () => setSecondCall(true));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Nothing is sent when no row changed.
    if (statuses.every((status, i) => status === initial[i])) {
      toast.warn("You didn't modify the status! 😒");
      return;
    }
    try {
      const { message } = await update.mutateAsync({ statuses, userId: order.userId });
      toast.success(message);
      void navigate(paths.admin.orders);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSecondCall(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <dl className="grid gap-px overflow-hidden rounded-2xl border border-line bg-line text-sm sm:grid-cols-2 lg:grid-cols-4">
        {[
          ['Customer', order.user],
          ['Shipping address', order.shippingAddress],
          ['Payment', order.paymentMethod],
          [
            'Total',
            order.discountCode && order.discountAmount
              ? `${formatPHP(order.totalFee)} (${order.discountCode} −${formatPHP(order.discountAmount)})`
              : formatPHP(order.totalFee),
          ],
        ].map(([term, value]) => (
          <div key={term} className="bg-white px-4 py-3">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{term}</dt>
            <dd className="mt-1 font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="relative overflow-hidden rounded-2xl border border-line bg-white">
        <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
          <h2 className="font-sans text-base font-bold tracking-normal">Ordered products</h2>
          <span className="flex items-center gap-2 text-sm text-muted">
            Order status <StatusPill status={order.status} />
          </span>
        </div>
        {/* A table from md up; on phones each line is a card, so every status select stays in view. */}
        <table aria-label="Ordered products" className="w-full text-sm">
          <thead className="max-md:hidden">
            <tr className="bg-sand text-left text-xs font-semibold tracking-wide text-ink-soft uppercase">
              <th scope="col" className="w-20 px-4 py-3">
                Image
              </th>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Price
              </th>
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
            {order.products.map((line, index) => {
              const changed = statuses[index] !== initial[index];
              const size = line.size || 'N/A';
              return (
                <tr
                  key={line._id}
                  className="border-t border-line max-md:grid max-md:grid-cols-[3.5rem_minmax(0,1fr)] max-md:items-center max-md:gap-x-3 max-md:gap-y-3 max-md:p-4 max-md:first:border-t-0"
                >
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
                    <span className="mt-0.5 block text-muted tabular-nums md:hidden">
                      {formatPHP(line.price)} · Size {size} · Qty {line.quantity}
                    </span>
                  </td>
                  <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums max-md:hidden">
                    {formatPHP(line.price)}
                  </td>
                  <td className="px-4 py-2.5 max-md:hidden">{size}</td>
                  <td className="px-4 py-2.5 text-center tabular-nums max-md:hidden">{line.quantity}</td>
                  <td className="px-4 py-2.5 max-md:col-span-2 max-md:p-0">
                    <div className="relative">
                      <select
                        aria-label={`Status of ${line.name}${line.size ? `, size ${line.size}` : ''}`}
                        value={statuses[index]}
                        disabled={update.isPending}
                        onChange={(event) => {
                          const next = event.target.value as ItemStatus;
                          setStatuses((current) => current.map((s, i) => (i === index ? next : s)));
                        }}
                        className={cn(
                          'h-10 w-full appearance-none rounded-lg border bg-white pr-9 pl-3 text-sm font-semibold text-ink focus:border-ink focus:outline-none disabled:opacity-60',
                          changed ? 'border-accent ring-1 ring-accent/30' : 'border-line',
                        )}
                      >
                        {ITEM_STATUSES.map((status) => (
                          <option key={status} value={status}>
                            {camelToLabel(status)}
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
            })}
          </tbody>
        </table>
        {secondCall && (
          <div className="absolute inset-0 grid place-items-center bg-white/80">
            <Loading className="py-0" />
          </div>
        )}
      </div>
      <FormActions submitLabel="Update" pending={update.isPending} onCancel={goBack} />
    </form>
  );
}
