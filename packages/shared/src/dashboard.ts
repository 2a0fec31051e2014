/**
 * The back office's Dashboard and Reports: which period a query names (days in the store's time
 * zone), what the dashboard answers, and the CSV reports' names. docs/business-rules.md,
 * "Dashboard and reports", says what each figure counts.
 */
import { z } from 'zod';
import { addDays } from './dates.ts';

/** Today, the last 7 or 30 days (today included), or dates the admin chose. */
export const DASHBOARD_RANGES = ['today', '7d', '30d', 'custom'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  custom: 'Chosen dates',
};
const RANGE_DAYS: Record<Exclude<DashboardRange, 'custom'>, number> = { today: 1, '7d': 7, '30d': 30 };

/** The longest period the dashboard compares (a year and a day); reports take up to ten years. */
export const DASHBOARD_DAYS_MAX = 366;
export const REPORT_DAYS_MAX = 3660;
/** How many products each top list shows, and how many stock cells the dashboard lists. */
export const TOP_PRODUCTS = 10;
export const STOCK_CELLS_SHOWN = 8;

export const PERIOD_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD',
  both: 'Choose both dates',
  order: 'The start date must not be after the end date',
  onlyCustom: 'Dates go with range=custom only',
  tooLong: (days: number) => `Choose at most ${days} days`,
} as const;

/** A calendar day "YYYY-MM-DD" between 2000 and 2099: what a store's records can hold. */
export const DayDateSchema = z.iso
  .date({ message: PERIOD_MESSAGES.date })
  .refine((day) => day >= '2000-01-01' && day <= '2099-12-31', { message: PERIOD_MESSAGES.date });

/** Whole days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `GET /admin/dashboard`: a named range, or `range=custom&from=&to=`. */
export const DashboardQuerySchema = z
  .strictObject({
    range: z.enum(DASHBOARD_RANGES).default('7d'),
    from: DayDateSchema.optional(),
    to: DayDateSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.range !== 'custom') {
      if (query.from !== undefined || query.to !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['range'], message: PERIOD_MESSAGES.onlyCustom });
      }
      return;
    }
    if (query.from === undefined || query.to === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [query.from === undefined ? 'from' : 'to'],
        message: PERIOD_MESSAGES.both,
      });
      return;
    }
    checkSpan(query.from, query.to, DASHBOARD_DAYS_MAX, ctx);
  });
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

function checkSpan(from: string, to: string, max: number, ctx: z.RefinementCtx) {
  if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: PERIOD_MESSAGES.order });
  else if (daysBetween(from, to) > max) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_MESSAGES.tooLong(max) });
  }
}

/** `GET /admin/reports/{orders,payments,sales-by-product}`: the days of the report, both counted. */
export const ReportPeriodQuerySchema = z
  .strictObject({ from: DayDateSchema, to: DayDateSchema })
  .superRefine((query, ctx) => checkSpan(query.from, query.to, REPORT_DAYS_MAX, ctx));
export type ReportPeriodQuery = z.infer<typeof ReportPeriodQuerySchema>;

/** The days a query covers and the same number of days just before, as "YYYY-MM-DD", both ends counted. */
export interface Period {
  range: DashboardRange;
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
}

/** The period a (valid) query names, `today` being the store's date now. */
export function periodOf(
  query: { range?: DashboardRange; from?: string; to?: string },
  today: string,
): Period {
  const range = query.range ?? '7d';
  const [from, to] =
    range === 'custom' && query.from && query.to
      ? [query.from, query.to]
      : [addDays(today, 1 - RANGE_DAYS[range === 'custom' ? '7d' : range]), today];
  const days = daysBetween(from, to);
  return { range, from, to, days, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

/** Money that may be below zero (net sales, when refunds pass the period's sales): "-12.50". */
const SignedMoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
const MoneyFigureSchema = z.object({ value: SignedMoneySchema, previous: SignedMoneySchema });
const CountFigureSchema = z.object({ value: z.number().int(), previous: z.number().int() });

export const TopProductSchema = z.object({
  /** Null for a product deleted since: the ordered lines' own name stands for it. */
  productId: z.string().nullable(),
  name: z.string(),
  units: z.number().int(),
  sales: SignedMoneySchema,
});
export type TopProduct = z.infer<typeof TopProductSchema>;

export const StockCellSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** '' when the product has no variations, or no sizes. */
  variation: z.string(),
  size: z.string(),
  quantity: z.number().int(),
});
export type StockCell = z.infer<typeof StockCellSchema>;

export const DashboardSchema = z.object({
  period: z.object({
    range: z.enum(DASHBOARD_RANGES),
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    previousFrom: z.string(),
    previousTo: z.string(),
  }),
  /** The period's figures, each with the period before's. */
  sales: z.object({
    grossSales: MoneyFigureSchema,
    refunds: MoneyFigureSchema,
    netSales: MoneyFigureSchema,
    orders: CountFigureSchema,
    itemsSold: CountFigureSchema,
    averageOrderValue: MoneyFigureSchema,
  }),
  /** Every day of the period, none left out: its gross sales and orders. */
  byDay: z.array(z.object({ date: z.string(), grossSales: SignedMoneySchema, orders: z.number().int() })),
  /** What waits for the shop now, whatever the period. */
  work: z.object({
    itemsToShip: z.number().int(),
    ordersAwaitingPayment: z.number().int(),
    /** Return requests the shop must answer, and parcels back it must refund or replace. */
    returnRequests: z.number().int(),
    mailsFailing: z.number().int(),
  }),
  topByUnits: z.array(TopProductSchema),
  topBySales: z.array(TopProductSchema),
  /** Tracked stock cells (variation × size) with none left or at most LOW_STOCK_MAX, the emptiest first. */
  stock: z.object({ soldOut: z.number().int(), low: z.number().int(), cells: z.array(StockCellSchema) }),
  /** Newsletter addresses confirmed in the period. */
  subscribers: CountFigureSchema,
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** The CSV reports, by the last part of their URL, with the name of the file each downloads as. */
export const REPORTS = {
  orders: { title: 'Orders and their lines', file: 'orders', period: true },
  payments: { title: 'Payments and refunds', file: 'payments', period: true },
  'sales-by-product': { title: 'Sales by product', file: 'sales-by-product', period: true },
  stock: { title: 'Stock per variation and size', file: 'stock', period: false },
} as const;
export type ReportName = keyof typeof REPORTS;

/** "habi-orders-2026-11-01-to-2026-11-30.csv", or "habi-stock-2026-11-28.csv" for the stock as it is. */
export function reportFileName(
  report: ReportName,
  period: { from: string; to: string } | { on: string },
): string {
  const days = 'on' in period ? period.on : `${period.from}-to-${period.to}`;
  return `habi-${REPORTS[report].file}-${days}.csv`;
}
