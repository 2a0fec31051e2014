import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// What an operator of several instances watches, in Prometheus' text format (`GET /metrics` on
// METRICS_PORT, never the store's public port). Every name and label here is listed in
// docs/metrics.md; `metrics.test.ts` holds the two together.

/**
 * Counters the store's modules raise where the thing happens. Each belongs to the process (one
 * store per process) and is registered in each app's registry.
 */
export const counters = {
  paymentsRecorded: new Counter({
    name: 'habi_payments_recorded_total',
    help: 'Ledger rows appended: payments, cash collections, refunds and reversals.',
    labelNames: ['method', 'kind'] as const,
    registers: [],
  }),
  cacheLookups: new Counter({
    name: 'habi_cache_lookups_total',
    help: 'Kept answers looked up: a hit answers from memory, a miss builds the answer.',
    labelNames: ['cache', 'result'] as const,
    registers: [],
  }),
};

/** What the metrics read from the database and its connections when scraped. */
export interface MetricsSources {
  /** The mail still to send, and the age in seconds of the oldest. */
  mailWaiting(): Promise<{ count: number; oldestSeconds: number }>;
  /** PostgreSQL's pool; absent on the embedded database (one connection, in-process). */
  connections?(): { total: number; idle: number; waiting: number };
}

export interface Metrics {
  registry: Registry;
  /** A request answered: counted by route pattern, method and status class, and timed. */
  observe(route: string, method: string, status: number, seconds: number): void;
  /** An order placed (not an idempotent replay of one). */
  orderPlaced(): void;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registry.registerMetric(counters.paymentsRecorded);
  registry.registerMetric(counters.cacheLookups);

  const labelNames = ['route', 'method', 'status_class'] as const;
  const requests = new Counter({
    name: 'habi_http_requests_total',
    help: 'Requests answered, by route pattern, method and status class (2xx, 4xx, 5xx, …).',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'habi_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const orders = new Counter({
    name: 'habi_orders_placed_total',
    help: 'Orders placed through this instance.',
    registers: [registry],
  });

  // Read once per scrape for both gauges.
  let mail: Promise<{ count: number; oldestSeconds: number }> | undefined;
  const readMail = () => {
    mail ??= sources.mailWaiting().finally(() => {
      mail = undefined;
    });
    return mail;
  };
  new Gauge({
    name: 'habi_mail_waiting',
    help: 'Mails not sent yet (pending, retries included).',
    registers: [registry],
    async collect() {
      this.set((await readMail()).count);
    },
  });
  new Gauge({
    name: 'habi_mail_oldest_waiting_seconds',
    help: 'Age of the oldest mail not sent yet; 0 when none waits.',
    registers: [registry],
    async collect() {
      this.set((await readMail()).oldestSeconds);
    },
  });
  if (sources.connections) {
    const connections = sources.connections;
    new Gauge({
      name: 'habi_db_connections',
      help: "PostgreSQL connections of this instance's pool, by state (in use, idle).",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle } = connections();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
      },
    });
    new Gauge({
      name: 'habi_db_connection_waiters',
      help: 'Queries waiting for a connection of the pool.',
      registers: [registry],
      collect() {
        this.set(connections().waiting);
      },
    });
  }

  return {
    registry,
    observe(route, method, status, seconds) {
      const labels = { route, method, status_class: `${Math.floor(status / 100)}xx` };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    orderPlaced: () => orders.inc(),
  };
}
