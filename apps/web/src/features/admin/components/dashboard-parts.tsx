import {
  type Dashboard,
  formatPHP,
  LOW_STOCK_MAX,
  parseCentavos,
  REPORTS,
  type ReportName,
  type TopProduct,
} from '@habi/shared';
import { ArrowDownRight, ArrowUpRight, Download, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { API_BASE } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';

/** "-12.50" (net sales below zero) as centavos. */
const signedCentavos = (text: string) =>
  text.startsWith('-') ? -(parseCentavos(text.slice(1)) ?? 0) : (parseCentavos(text) ?? 0);

/** A figure's change against the period before, as the card says it. */
function change(value: number, previous: number): { text: string; direction: 'up' | 'down' | 'same' } {
  if (value === previous) return { text: 'No change', direction: 'same' };
  if (previous === 0) return { text: 'New', direction: 'up' };
  const percent = Math.round(((value - previous) / Math.abs(previous)) * 100);
  return {
    text: `${percent > 0 ? '+' : ''}${percent}%`,
    direction: value > previous ? 'up' : 'down',
  };
}

/**
 * One headline figure: its value, and its change against the period before in words a screen
 * reader reads too. `upIsGood` false (refunds) colours a rise as bad.
 */
export function FigureCard({
  label,
  figure,
  money = false,
  upIsGood = true,
  previousLabel,
}: {
  label: string;
  figure: { value: string | number; previous: string | number };
  money?: boolean;
  upIsGood?: boolean;
  previousLabel: string;
}) {
  const amount = (v: string | number) => (money ? signedCentavos(String(v)) : Number(v));
  const shown = (v: string | number) => (money ? formatPHP(String(v)) : Number(v).toLocaleString('en-PH'));
  const { text, direction } = change(amount(figure.value), amount(figure.previous));
  const good = direction === 'same' ? null : (direction === 'up') === upIsGood;
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus;
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl border border-line bg-white p-4 sm:p-5">
      <dt className="text-sm font-semibold text-ink-soft">{label}</dt>
      <dd className="m-0 font-display text-xl font-semibold tracking-tight text-ink tabular-nums [overflow-wrap:anywhere] sm:text-2xl lg:text-[1.75rem]">
        {shown(figure.value)}
      </dd>
      <dd className="m-0 flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
        <span
          className={cn(
            'inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-semibold',
            good === null && 'bg-stone-100 text-stone-700',
            good === true && 'bg-emerald-50 text-emerald-800',
            good === false && 'bg-red-50 text-red-800',
          )}
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {text}
        </span>
        <span>
          vs {shown(figure.previous)} {previousLabel}
        </span>
      </dd>
    </div>
  );
}

/** A count of work waiting, with the page where it is done. */
export function WorkCard({
  label,
  count,
  to,
  action,
  children,
}: {
  label: string;
  count: number;
  to: string;
  action: string;
  children?: ReactNode;
}) {
  return (
    <li className="flex min-w-0 flex-col gap-1 rounded-2xl border border-line bg-white p-4 sm:p-5">
      <span className="text-sm font-semibold text-ink-soft">{label}</span>
      <span
        className={cn(
          'font-display text-2xl font-semibold tabular-nums',
          count > 0 ? 'text-ink' : 'text-muted',
        )}
      >
        {count.toLocaleString('en-PH')}
      </span>
      {children}
      <Link
        to={to}
        className="mt-auto pt-1 text-sm font-semibold text-accent-dark underline-offset-4 hover:underline"
      >
        {action}
        <span className="sr-only">: {label}</span>
      </Link>
    </li>
  );
}

/** A top-10 list: rank, product, and the figure it is ranked by, with the other beside it. */
export function TopList({
  title,
  products,
  by,
}: {
  title: string;
  products: TopProduct[];
  by: 'units' | 'sales';
}) {
  return (
    <section
      aria-labelledby={`top-${by}`}
      className="min-w-0 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id={`top-${by}`} className="text-lg font-semibold">
        {title}
      </h2>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nothing sold in this period.</p>
      ) : (
        <ol className="mt-3 divide-y divide-line">
          {products.map((product, i) => {
            const units = `${product.units.toLocaleString('en-PH')} ${product.units === 1 ? 'unit' : 'units'}`;
            const sales = formatPHP(product.sales);
            return (
              <li
                key={product.productId ?? `gone-${product.name}`}
                className="flex items-baseline gap-3 py-2.5"
              >
                <span className="w-5 shrink-0 text-right text-sm text-muted tabular-nums">{i + 1}</span>
                <span className="min-w-0 flex-1">
                  {product.productId ? (
                    <Link
                      to={paths.admin.productView(product.productId)}
                      className="block truncate text-sm font-semibold hover:underline"
                    >
                      {product.name}
                    </Link>
                  ) : (
                    <span className="block truncate text-sm font-semibold">
                      {product.name} <span className="font-normal text-muted">(deleted)</span>
                    </span>
                  )}
                  <span className="text-xs text-muted tabular-nums">{by === 'units' ? sales : units}</span>
                </span>
                <span className="shrink-0 text-sm font-semibold tabular-nums">
                  {by === 'units' ? units : sales}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** The stock cells sold out or low, the emptiest first, each leading to its product's edit page. */
export function StockList({ stock }: { stock: Dashboard['stock'] }) {
  return (
    <section
      aria-labelledby="stock-heading"
      className="min-w-0 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id="stock-heading" className="text-lg font-semibold">
        Stock to reorder
      </h2>
      <p className="mt-1 text-sm text-muted">
        {stock.soldOut} sold out, {stock.low} low (1 to {LOW_STOCK_MAX} left), by variation and size.
      </p>
      {stock.cells.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Every tracked size has more than {LOW_STOCK_MAX} left.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {stock.cells.map((cell) => (
            <li
              key={`${cell.productId}|${cell.variation}|${cell.size}`}
              className="flex items-center gap-3 py-2.5"
            >
              <span className="min-w-0 flex-1">
                <Link
                  to={paths.admin.productEdit(cell.productId)}
                  className="block truncate text-sm font-semibold hover:underline"
                >
                  {cell.name}
                </Link>
                <span className="text-xs text-muted">
                  {[cell.variation, cell.size].filter(Boolean).join(' · ') || 'One size'}
                </span>
              </span>
              <span
                className={cn(
                  'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
                  cell.quantity === 0 ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900',
                )}
              >
                {cell.quantity === 0 ? 'Sold out' : `${cell.quantity} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {stock.soldOut + stock.low > stock.cells.length && (
        <Link
          to={`${paths.admin.home}?stock=${stock.soldOut > 0 ? 'soldOut' : 'low'}`}
          className="mt-3 inline-block text-sm font-semibold text-accent-dark underline-offset-4 hover:underline"
        >
          See every product {stock.soldOut > 0 ? 'sold out' : 'low on stock'}
        </Link>
      )}
    </section>
  );
}

/**
 * The CSV reports, as plain links: the browser downloads the stream itself, so a report of
 * 100,000 orders never sits in the page's memory.
 */
export function ReportLinks({ from, to }: { from: string; to: string }) {
  const href = (report: ReportName) =>
    `${API_BASE}/admin/reports/${report}${REPORTS[report].period ? `?${new URLSearchParams({ from, to })}` : ''}`;
  return (
    <section
      aria-labelledby="reports-heading"
      className="min-w-0 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id="reports-heading" className="text-lg font-semibold">
        Reports
      </h2>
      <p className="mt-1 text-sm text-muted">
        CSV files for a spreadsheet, for the period shown; stock as it is now.
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {(Object.keys(REPORTS) as ReportName[]).map((report) => (
          <li key={report}>
            <a
              href={href(report)}
              download
              className="flex h-11 items-center gap-2 rounded-xl border border-line px-3 text-sm font-semibold hover:bg-sand"
            >
              <Download aria-hidden="true" className="size-4 shrink-0" />
              {REPORTS[report].title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
