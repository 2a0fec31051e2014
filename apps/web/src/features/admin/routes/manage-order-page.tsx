import { type ItemStatus, type StaffOrder, withMoney } from '@habi/shared';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useOrder } from '../api/get-order.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { FormActions } from '../components/form-bits.tsx';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { OrderFacts } from '../components/order-facts.tsx';
import { OrderLinesTable } from '../components/order-lines-table.tsx';
import { OrderPaymentSection } from '../components/order-payment-section.tsx';
import { OrderShipmentsSection } from '../components/order-shipments-section.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { StatusPill } from '../components/status-pill.tsx';
import { useGoBack } from '../hooks/use-go-back.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { useCan } from '../lib/access.tsx';

/**
 * Manage Product Order (/admin/product_management?oid=): one status per ordered line, its
 * shipments, and the payment.
 */
export default function ManageOrderPage() {
  useDocumentTitle('Manage Product Order');
  const [search] = useSearchParams();
  const oid = search.get('oid') ?? '';
  const order = useOrder(oid);
  const allowed = useCan();

  return (
    <>
      <PageHeader title="Manage Product Order" description={order.data && `Order ${order.data._id}`}>
        {order.data && allowed('shipments:write') && (
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.admin.packingSlips(order.data._id)}>
              <Printer aria-hidden="true" className="size-4" /> Packing slip
            </Link>
          </Button>
        )}
      </PageHeader>
      {!oid || order.isError ? (
        <p role="alert" className="rounded-2xl border border-line bg-white p-8 text-center text-muted">
          {oid ? errorMessage(order.error) : 'Order not found'}
        </p>
      ) : order.data ? (
        // The shipments' and payment's dialogs hold forms of their own, so their sections sit
        // outside the statuses' form. A shipment moves statuses on the server: the form starts
        // again from the stored ones.
        <div className="flex flex-col gap-6">
          <ManageOrderForm
            key={`${order.data._id}:${order.data.products.map((line) => line.productStatus).join()}`}
            order={order.data}
            readOnly={!allowed('orders:write')}
          />
          <OrderShipmentsSection order={order.data} readOnly={!allowed('shipments:write')} />
          {/* Fulfilment sees no money beyond the order's total (and its answer carries none). */}
          {allowed('payments:read') && withMoney(order.data) && (
            <OrderPaymentSection order={order.data} readOnly={!allowed('payments:write')} />
          )}
        </div>
      ) : (
        <Loading />
      )}
    </>
  );
}

/** `readOnly`: the statuses as they are, with no Update (support's view). */
function ManageOrderForm({ order, readOnly }: { order: StaffOrder; readOnly: boolean }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.orders);
  const initial = order.products.map((line) => line.productStatus);
  const [statuses, setStatuses] = useState<ItemStatus[]>(initial);
  const [secondCall, setSecondCall] = useState(false);
  const update = useUpdateOrderStatus(order._id, () => setSecondCall(true));
  // The statuses are saved only by Update: leaving with some changed asks first.
  const changed = statuses.filter((status, i) => status !== initial[i]).length;
  const guard = useLeaveGuard(changed > 0);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Nothing is sent when no row changed.
    if (changed === 0) {
      toast.warn("You didn't modify the status! 😒");
      return;
    }
    try {
      const { message } = await update.mutateAsync({ statuses, userId: order.userId });
      // Saved: the way back to the list asks nothing.
      guard.release();
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
      <OrderFacts order={order} />
      <div className="relative overflow-hidden rounded-2xl border border-line bg-white">
        <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
          <h2 className="font-sans text-base font-bold tracking-normal">Ordered products</h2>
          <span className="flex items-center gap-2 text-sm text-muted">
            Order status <StatusPill status={order.status} />
          </span>
        </div>
        <OrderLinesTable
          lines={order.products}
          statuses={statuses}
          initial={initial}
          disabled={update.isPending || readOnly}
          onStatusChange={(index, next) =>
            setStatuses((current) => current.map((s, i) => (i === index ? next : s)))
          }
        />
        {secondCall && (
          <div className="absolute inset-0 grid place-items-center bg-white/80">
            <Loading className="py-0" />
          </div>
        )}
      </div>
      {!readOnly && <FormActions submitLabel="Update" pending={update.isPending} onCancel={goBack} />}
      <LeaveDialog
        open={guard.open}
        unsaved={`${changed} status change${changed === 1 ? ' is' : 's are'} not saved.`}
        onStay={guard.stay}
        onLeave={guard.leave}
      />
    </form>
  );
}
