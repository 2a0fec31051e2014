import type { PaymentOptions } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { DeliveryPromises } from './product-purchase.tsx';
import { StorePromises } from './store-promises.tsx';

const GCASH = {
  id: 'gcash-1',
  kind: 'gcash' as const,
  bankName: null,
  accountName: 'Habi Clothing',
  accountNumber: '09171234567',
  qrImageUrl: null,
};
const OPTIONS: PaymentOptions = {
  methods: ['cod', 'transfer', 'online'],
  codMaxTotal: '5000.00',
  transferHours: 24,
  onlineMinutes: 60,
  accounts: [GCASH],
};

beforeEach(() => {
  // The options come with the page (server rendering): nothing is asked while it renders.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ message: 'An unknown error occurred' }), { status: 500 }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders `ui` with the shop's options as the page came with them, or none yet (undefined). */
function renderWith(ui: React.ReactNode, options?: PaymentOptions) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (options) client.setQueryData(queryKeys.payments.options(), options);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const region = () => screen.getByRole('region', { name: 'Why shop with us' });

describe('StorePromises', () => {
  it('names the ways to pay the shop takes, cash on delivery with its limit', () => {
    renderWith(<StorePromises />, OPTIONS);
    expect(screen.getByText('Ways to pay').nextElementSibling?.textContent).toBe(
      'Cash on delivery up to ₱5,000.00, GCash transfer, cards and e-wallets via PayMongo.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does not promise cash on delivery when the shop turned it off', () => {
    renderWith(<StorePromises />, { ...OPTIONS, methods: ['transfer', 'online'] });
    expect(region().textContent).not.toMatch(/cash on delivery|\bCOD\b/i);
    expect(screen.getByText('GCash transfer, cards and e-wallets via PayMongo.')).toBeTruthy();
  });

  it('promises no way to pay when none is on, or the options could not be read', async () => {
    renderWith(<StorePromises />, { ...OPTIONS, methods: [] });
    expect(screen.queryByText('Ways to pay')).toBeNull();
    cleanup();

    renderWith(<StorePromises />);
    // While they load, the promise keeps its place with no words in it.
    expect(screen.getByText('Ways to pay')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText('Ways to pay')).toBeNull());
    expect(region().textContent).not.toMatch(/cash on delivery/i);
    expect(screen.getByText('Free standard shipping')).toBeTruthy();
  });
});

describe('DeliveryPromises (the product page)', () => {
  it('names the ways to pay the shop takes, cash on delivery with its limit', () => {
    renderWith(<DeliveryPromises />, OPTIONS);
    expect(screen.getByText('Ways to pay').parentElement?.textContent).toBe(
      'Ways to pay: cash on delivery up to ₱5,000.00, GCash transfer, cards and e-wallets via PayMongo.',
    );
  });

  it('does not promise cash on delivery when the shop turned it off', () => {
    renderWith(<DeliveryPromises />, { ...OPTIONS, methods: ['online'] });
    expect(screen.getByRole('list').textContent).not.toMatch(/cash on delivery|\bCOD\b/i);
    expect(screen.getByText('Ways to pay').parentElement?.textContent).toBe(
      'Ways to pay: cards and e-wallets via PayMongo.',
    );
  });
});
