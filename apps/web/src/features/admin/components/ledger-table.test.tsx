import type { LedgerEntry } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LedgerTable } from './ledger-table.tsx';

const row = (entry: Partial<LedgerEntry>): LedgerEntry => ({
  id: crypto.randomUUID(),
  kind: 'payment',
  amount: '768.90',
  method: 'online',
  reference: null,
  note: null,
  recordedBy: 'paymongo',
  createdAt: '2026-11-27T08:00:00.000Z',
  ...entry,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLedger(entries: LedgerEntry[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(entries))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LedgerTable orderId="o1" />
    </QueryClientProvider>,
  );
}

describe('LedgerTable', () => {
  it('shows where PayMongo has each refund, and a failed one given back', async () => {
    renderLedger([
      row({}),
      row({
        kind: 'refund',
        amount: '100.00',
        reference: 'pay_1',
        refundStatus: 'succeeded',
        recordedBy: 'admin:admin',
      }),
      row({
        kind: 'refund',
        amount: '668.90',
        reference: 'pay_1',
        refundStatus: 'failed',
        recordedBy: 'admin:admin',
      }),
      row({ kind: 'reversal', amount: '668.90', reference: 'pay_1' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Payment ledger' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Payment',
      'RefundConfirmed by PayMongo',
      'RefundFailed at PayMongo',
      'Refund failed',
    ]);
    // Money back is shown negative; a reversal (the money came back to the shop) is not.
    expect(within(rows[2]!).getAllByRole('cell')[2]!.textContent).toBe('−₱668.90');
    expect(within(rows[3]!).getAllByRole('cell')[2]!.textContent).toBe('₱668.90');
  });

  it('says so when nothing is recorded yet', async () => {
    renderLedger([]);
    expect(await screen.findByText('No payment recorded yet.')).toBeTruthy();
  });
});
