import {
  DASHBOARD_RANGE_LABELS,
  DASHBOARD_RANGES,
  type Dashboard,
  type DashboardQuery,
  DashboardQuerySchema,
  formatPHP,
} from '@habi/shared';
import { type FormEvent, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { FigureCard, ReportLinks, StockList, TopList, WorkCard } from '../components/dashboard-parts.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { SalesChart } from '../components/sales-chart.tsx';
import { periodLabel } from '../utils/period-labels.ts';

/** The period the URL names (`?range=7d`, `?range=custom&from=&to=`); the last 7 days when it names none or a bad one. */
function usePeriodParams() {
  const [params, setParams] = useSearchParams();
  const parsed = DashboardQuerySchema.safeParse(Object.fromEntries(params));
  const query: DashboardQuery = parsed.success ? parsed.data : { range: '7d' };
  return { query, invalid: !parsed.success, setParams };
}

/**
 * The Dashboard: where an admin lands after signing in. The period's sales against the period
 * before (store days in Manila), sales by day, the work waiting, the top products, the stock to
 * reorder, newsletter sign-ups and the CSV reports.
 */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { query, invalid, setParams } = usePeriodParams();
  const dashboard = useDashboard(query);
  const data = dashboard.data;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          data
            ? `${periodLabel(data.period.from, data.period.to)} · Manila time`
            : 'Sales, orders and what waits for you.'
        }
      />
      <PeriodPicker query={query} onCustom={(from, to) => setParams({ range: 'custom', from, to })} />
      {invalid && (
        <p role="alert" className="mb-4 text-sm text-danger">
          Those dates could not be read; showing the last 7 days.
        </p>
      )}
      {dashboard.isError && !data ? (
        <div role="alert" className="rounded-2xl border border-line bg-white p-6">
          <h2 className="text-lg font-semibold">The dashboard could not load</h2>
          <p className="mt-1 text-sm text-muted">{errorMessage(dashboard.error)}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </div>
      ) : !data ? (
        <DashboardSkeleton />
      ) : (
        <div
          aria-busy={dashboard.isPlaceholderData}
          className={cn(dashboard.isPlaceholderData && 'opacity-60')}
        >
          <DashboardBody data={data} />
        </div>
      )}
    </>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const { sales, period } = data;
  const previousLabel = `in ${periodLabel(period.previousFrom, period.previousTo)}`;
  const noOrders = sales.orders.value === 0;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="sales-heading">
        <h2 id="sales-heading" className="sr-only">
          Sales
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <FigureCard label="Gross sales" figure={sales.grossSales} money previousLabel={previousLabel} />
          <FigureCard
            label="Refunds"
            figure={sales.refunds}
            money
            upIsGood={false}
            previousLabel={previousLabel}
          />
          <FigureCard label="Net sales" figure={sales.netSales} money previousLabel={previousLabel} />
          <FigureCard label="Orders" figure={sales.orders} previousLabel={previousLabel} />
          <FigureCard label="Items sold" figure={sales.itemsSold} previousLabel={previousLabel} />
          <FigureCard
            label="Average order"
            figure={sales.averageOrderValue}
            money
            previousLabel={previousLabel}
          />
        </dl>
      </section>

      <section
        aria-labelledby="by-day-heading"
        className="rounded-2xl border border-line bg-white p-4 sm:p-6"
      >
        <h2 id="by-day-heading" className="text-lg font-semibold">
          Sales by day
        </h2>
        {noOrders ? (
          <p className="mt-3 text-sm text-muted">
            No orders in this period yet. Sales show here, day by day, as orders come in.
          </p>
        ) : period.days === 1 ? (
          <p className="mt-3 text-sm text-muted">
            {formatPHP(sales.grossSales.value)} from {sales.orders.value}{' '}
            {sales.orders.value === 1 ? 'order' : 'orders'} today. Choose a longer period to see the days side
            by side.
          </p>
        ) : (
          <div className="mt-4">
            <SalesChart
              days={data.byDay}
              caption={`Gross sales by day, ${periodLabel(period.from, period.to)}`}
            />
          </div>
        )}
      </section>

      <section aria-labelledby="work-heading">
        <h2 id="work-heading" className="mb-3 text-lg font-semibold">
          Waiting for you
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          <WorkCard
            label="Items to ship"
            count={data.work.itemsToShip}
            to={paths.admin.orders}
            action="Open orders"
          />
          <WorkCard
            label="Awaiting payment"
            count={data.work.ordersAwaitingPayment}
            to={paths.admin.orders}
            action="Open orders"
          />
          <WorkCard
            label="Return requests"
            count={data.work.returnRequests}
            to={paths.admin.returns}
            action="Open returns"
          />
          <WorkCard
            label="Mails failing"
            count={data.work.mailsFailing}
            to={paths.admin.emails}
            action="Open emails"
          />
          <WorkCard
            label="New subscribers"
            count={data.subscribers.value}
            to={paths.admin.subscribers}
            action="Open subscribers"
          >
            <span className="text-xs text-muted">
              {data.subscribers.previous} {previousLabel}
            </span>
          </WorkCard>
        </ul>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <TopList title="Top products by units" products={data.topByUnits} by="units" />
        <TopList title="Top products by sales" products={data.topBySales} by="sales" />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <StockList stock={data.stock} />
        <ReportLinks from={period.from} to={period.to} />
      </div>
    </div>
  );
}

/** Today, 7 days, 30 days as links (the period lives in the URL), and two dates to choose. */
function PeriodPicker({
  query,
  onCustom,
}: {
  query: DashboardQuery;
  onCustom: (from: string, to: string) => void;
}) {
  const id = useId();
  const range = query.range ?? '7d';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onCustom(String(form.get('from')), String(form.get('to')));
  };
  return (
    <div className="mb-5 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <nav aria-label="Period">
        <ul className="inline-flex flex-wrap gap-1 rounded-full border border-line bg-white p-1">
          {DASHBOARD_RANGES.filter((r) => r !== 'custom').map((r) => (
            <li key={r}>
              <Link
                to={`${paths.admin.dashboard}?range=${r}`}
                aria-current={range === r ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center rounded-full px-3.5 text-sm font-semibold',
                  range === r ? 'bg-ink text-paper' : 'text-ink-soft hover:bg-sand',
                )}
              >
                {DASHBOARD_RANGE_LABELS[r]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Choose dates">
        <label htmlFor={`${id}-from`} className="flex flex-col gap-1 text-xs font-semibold text-ink-soft">
          From
          <input
            id={`${id}-from`}
            name="from"
            type="date"
            required
            defaultValue={query.range === 'custom' ? query.from : undefined}
            className="h-10 rounded-xl border border-line bg-white px-3 text-sm text-ink"
          />
        </label>
        <label htmlFor={`${id}-to`} className="flex flex-col gap-1 text-xs font-semibold text-ink-soft">
          To
          <input
            id={`${id}-to`}
            name="to"
            type="date"
            required
            defaultValue={query.range === 'custom' ? query.to : undefined}
            className="h-10 rounded-xl border border-line bg-white px-3 text-sm text-ink"
          />
        </label>
        <Button type="submit" variant="secondary" className="h-10">
          Show
        </Button>
      </form>
    </div>
  );
}

/** The dashboard's shape while its figures load: the cards and the chart, greyed. */
function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <p className="sr-only" role="status">
        Loading the dashboard...
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        {['gross', 'refunds', 'net', 'orders', 'items', 'average'].map((figure) => (
          <div key={figure} className="h-[7.5rem] animate-pulse rounded-2xl border border-line bg-white p-5">
            <div className="h-3 w-20 rounded bg-sand" />
            <div className="mt-3 h-7 w-28 rounded bg-sand" />
            <div className="mt-3 h-3 w-24 rounded bg-sand" />
          </div>
        ))}
      </div>
      <div className="h-72 animate-pulse rounded-2xl border border-line bg-white p-6">
        <div className="h-4 w-32 rounded bg-sand" />
        <div className="mt-6 h-48 rounded bg-sand/60" />
      </div>
    </div>
  );
}
