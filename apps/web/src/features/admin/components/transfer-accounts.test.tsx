import { PAYMENT_MESSAGES, type TransferAccount } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { TransferAccounts } from './transfer-accounts.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const GCASH: TransferAccount = {
  id: 'a1',
  kind: 'gcash',
  bankName: null,
  accountName: 'Habi Store',
  accountNumber: '09171234567',
  qrImageUrl: null,
};

let sent: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (init.method === 'DELETE') return new Response(JSON.stringify({ message: 'Account deleted' }));
      return new Response(JSON.stringify(GCASH), { status: init.method === 'POST' ? 201 : 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderAccounts(accounts: TransferAccount[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TransferAccounts accounts={accounts} />
    </QueryClientProvider>,
  );
}

describe('TransferAccounts', () => {
  it('adds a GCash account', async () => {
    renderAccounts([]);
    expect(screen.getByText(/No account yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    expect(within(dialog).queryByLabelText('Bank name')).toBeNull();
    fireEvent.input(within(dialog).getByLabelText('Account name'), { target: { value: 'Habi Store' } });
    fireEvent.input(within(dialog).getByLabelText('Account or mobile number'), {
      target: { value: '09171234567' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Account added'));
    expect(sent).toEqual([
      {
        url: '/api/payments/accounts',
        method: 'POST',
        body: { kind: 'gcash', accountName: 'Habi Store', accountNumber: '09171234567' },
      },
    ]);
  });

  it("asks a bank's name for a bank account, and edits in place", async () => {
    renderAccounts([GCASH]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit GCash account 09171234567' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account' });
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'bank' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.bankName)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.input(within(dialog).getByLabelText('Bank name'), { target: { value: 'BPI' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Account updated'));
    expect(sent[0]).toEqual({
      url: '/api/payments/accounts/a1',
      method: 'PUT',
      body: { kind: 'bank', bankName: 'BPI', accountName: 'Habi Store', accountNumber: '09171234567' },
    });
  });

  it('deletes an account once confirmed', async () => {
    renderAccounts([GCASH]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete GCash account 09171234567' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Account deleted'));
    expect(sent).toEqual([{ url: '/api/payments/accounts/a1', method: 'DELETE', body: null }]);
  });
});
