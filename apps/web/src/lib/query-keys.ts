import type { ProductListQueryInput } from '@habi/shared';

/** Every cache key, one factory per resource, so mutations invalidate by prefix. */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    customer: () => [...queryKeys.session.all, 'customer'] as const,
    admin: () => [...queryKeys.session.all, 'admin'] as const,
  },
  products: {
    all: ['products'] as const,
    lists: () => [...queryKeys.products.all, 'list'] as const,
    list: (query: ProductListQueryInput) => [...queryKeys.products.lists(), query] as const,
    best: () => [...queryKeys.products.all, 'best'] as const,
    suggestions: (q: string) => [...queryKeys.products.all, 'suggest', q] as const,
    detail: (id: string) => [...queryKeys.products.all, 'detail', id] as const,
    /** The chart a product's Size Guide shows (a product's edit changes it: under `all`). */
    sizeChart: (id: string) => [...queryKeys.products.all, 'size-chart', id] as const,
    /** The back office's charts of every category: a chart's edit changes every product's. */
    sizeCharts: () => [...queryKeys.products.all, 'size-charts'] as const,
  },
  orders: {
    all: ['orders'] as const,
    ofUser: (userId: string) => [...queryKeys.orders.all, 'user', userId] as const,
    list: (query: object) => [...queryKeys.orders.all, 'list', query] as const,
    detail: (id: string) => [...queryKeys.orders.all, 'detail', id] as const,
  },
  payments: {
    all: ['payments'] as const,
    options: () => [...queryKeys.payments.all, 'options'] as const,
  },
  users: {
    all: ['users'] as const,
    list: (query: object) => [...queryKeys.users.all, 'list', query] as const,
  },
  emails: {
    all: ['emails'] as const,
    list: (query: object) => [...queryKeys.emails.all, 'list', query] as const,
    detail: (id: string) => [...queryKeys.emails.all, 'detail', id] as const,
  },
  discounts: {
    all: ['discounts'] as const,
    list: (query: object) => [...queryKeys.discounts.all, 'list', query] as const,
    detail: (id: string) => [...queryKeys.discounts.all, 'detail', id] as const,
    check: (code: string, subtotal: string) => [...queryKeys.discounts.all, 'check', code, subtotal] as const,
  },
  /** The back office's Audit log: its pages and the filters' choices. */
  audit: {
    all: ['audit'] as const,
    list: (query: object) => [...queryKeys.audit.all, 'list', query] as const,
    facets: () => [...queryKeys.audit.all, 'facets'] as const,
  },
  subscribers: {
    all: ['subscribers'] as const,
    list: (query: object) => [...queryKeys.subscribers.all, 'list', query] as const,
  },
  /** The back office's Dashboard, one entry per period asked for. */
  dashboard: {
    all: ['dashboard'] as const,
    period: (query: object) => [...queryKeys.dashboard.all, query] as const,
  },
  /** Where an account is signed in: a customer's (`users`) or an admin's (`admin`). */
  sessions: {
    all: ['sessions'] as const,
    of: (who: 'users' | 'admin') => [...queryKeys.sessions.all, who] as const,
  },
  /** A followed link that verifies an address, kept for the visit (following it again answers the same). */
  emailVerification: (token: string) => ['email-verification', token] as const,
  passwordReset: {
    all: ['password-reset'] as const,
    check: (token: string) => [...queryKeys.passwordReset.all, 'check', token] as const,
  },
  newsletter: {
    all: ['newsletter'] as const,
    confirm: (token: string) => [...queryKeys.newsletter.all, 'confirm', token] as const,
    unsubscribe: (token: string) => [...queryKeys.newsletter.all, 'unsubscribe', token] as const,
  },
};

/**
 * After a profile, address, order or product change the client refreshes its
 * cached current user, users, orders and products.
 */
export function refreshStoreData(client: {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): unknown;
}) {
  for (const queryKey of [
    queryKeys.session.all,
    queryKeys.users.all,
    queryKeys.orders.all,
    queryKeys.products.all,
  ]) {
    void client.invalidateQueries({ queryKey });
  }
}
