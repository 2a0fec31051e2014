import { RotateCw } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useUserOrders } from '../api/get-user-orders.ts';
import { useAccountContext } from '../components/account-context.ts';
import { tabFromPath } from '../components/account-tabs.ts';
import { OrderCard, OrderLineCard } from '../components/order-card.tsx';
import { OrderStatusLegend } from '../components/order-status.tsx';

// One column as wide as the page on a phone; 20rem cards from the left beside each other above.
const grid = 'flex flex-col items-stretch gap-6 sm:flex-row sm:flex-wrap sm:items-start';

/**
 * One tab of the customer area: All Orders groups every line by order; the other
 * tabs list only the lines in their stage, flattened across orders.
 */
export default function OrdersTab() {
  const { user } = useAccountContext();
  const tab = tabFromPath(useLocation().pathname);
  const orders = useUserOrders(user.id);

  if (orders.isPending) return <Loading className="min-h-80" label="Loading..." />;
  if (orders.isError) {
    return (
      <div role="alert" className="flex min-h-80 flex-col items-center justify-center gap-4 text-center">
        <p className="text-muted">{errorMessage(orders.error)}</p>
        <Button variant="secondary" onClick={() => void orders.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  }

  if (orders.data.length === 0) return <NoOrders title="You don't have any order yet." />;

  const more = orders.hasNextPage ? (
    <div className="mt-8 flex justify-center">
      <Button
        variant="secondary"
        onClick={() => void orders.fetchNextPage()}
        disabled={orders.isFetchingNextPage}
      >
        {orders.isFetchingNextPage ? 'Loading...' : 'Show older orders'}
      </Button>
    </div>
  ) : null;

  if (tab.status === null) {
    return (
      <Listing count={orders.data.length} noun="order" more={more}>
        <ul className={grid}>
          {orders.data.map((order) => (
            <OrderCard key={order._id} order={order} />
          ))}
        </ul>
      </Listing>
    );
  }

  const status = tab.status;
  const lines = orders.data.flatMap((order) =>
    order.products
      .filter((product) => product.productStatus === status)
      .map((product) => ({ order, product })),
  );
  if (lines.length === 0) return <NoOrders title="Your list is currently empty." />;
  return (
    <Listing count={lines.length} noun="item" more={more}>
      <ul className={grid}>
        {lines.map(({ order, product }) => (
          <OrderLineCard key={product._id} order={order} product={product} />
        ))}
      </ul>
    </Listing>
  );
}

function Listing({
  count,
  noun,
  more,
  children,
}: {
  count: number;
  noun: string;
  /** Loads older orders, when there are more than one page. */
  more: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          {count} {noun}
          {count === 1 ? '' : 's'}
        </p>
        <OrderStatusLegend />
      </div>
      {children}
      {more}
    </div>
  );
}

function NoOrders({ title }: { title: string }) {
  return (
    <EmptyState
      title={title}
      className="min-h-80 rounded-2xl border border-dashed border-line bg-white [&>p]:text-balance"
    >
      <p className="max-w-sm text-balance text-muted">
        Start exploring our collections and great deals for you.
      </p>
      <Button asChild className="mt-2">
        <Link to={paths.products}>Browse Collections</Link>
      </Button>
    </EmptyState>
  );
}
