import { IMAGE_MESSAGES, PAYMENT_MESSAGES, type TransferAccount, UPLOAD_MAX_BYTES } from '@habi/shared';
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
/** How an upload of a QR code image is refused, when it is. */
let qrRefusal: (() => Response) | null;

beforeEach(() => {
  sent = [];
  qrRefusal = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        // A form (a QR code image) is recorded by its files' names.
        body:
          init.body instanceof FormData
            ? Object.fromEntries([...init.body].map(([name, value]) => [name, (value as File).name]))
            : init.body
              ? JSON.parse(String(init.body))
              : null,
      });
      if (init.method === 'DELETE') return new Response(JSON.stringify({ message: 'Account deleted' }));
      if (url.endsWith('/qr-image') && qrRefusal) return qrRefusal();
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

  it('uploads a QR code image once the new account is saved, refusing what is no image first', async () => {
    renderAccounts([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    fireEvent.input(within(dialog).getByLabelText('Account name'), { target: { value: 'Habi Store' } });
    fireEvent.input(within(dialog).getByLabelText('Account or mobile number'), {
      target: { value: '09171234567' },
    });
    const picker = within(dialog).getByLabelText('QR code image');
    fireEvent.change(picker, {
      target: { files: [new File(['%PDF'], 'qr.pdf', { type: 'application/pdf' })] },
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(IMAGE_MESSAGES.wrongType);
    const big = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [big] } });
    expect(within(dialog).getByRole('alert').textContent).toBe(IMAGE_MESSAGES.tooLarge);
    fireEvent.change(picker, {
      target: { files: [new File(['png'], 'gcash-qr.png', { type: 'image/png' })] },
    });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Replace' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Account added'));
    expect(sent).toEqual([
      {
        url: '/api/payments/accounts',
        method: 'POST',
        body: { kind: 'gcash', accountName: 'Habi Store', accountNumber: '09171234567' },
      },
      { url: '/api/payments/accounts/a1/qr-image', method: 'PUT', body: { qrImage: 'gcash-qr.png' } },
    ]);
  });

  it('keeps, replaces or removes the QR code of an account being edited', async () => {
    const url = '/uploads/0123456789abcdef0123456789abcdef-800.webp';
    const withQr = { ...GCASH, qrImageUrl: url };
    const fields = { kind: 'gcash', accountName: 'Habi Store', accountNumber: '09171234567' };
    const edit = async () => {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      fireEvent.click(screen.getByRole('button', { name: 'Edit GCash account 09171234567' }));
      return screen.findByRole('dialog', { name: 'Edit account' });
    };
    renderAccounts([withQr]);
    expect(screen.getByRole('img', { name: 'QR code of the GCash account 09171234567' })).toBeTruthy();

    let dialog = await edit();
    expect(within(dialog).getByRole('img', { name: 'QR code preview' }).getAttribute('src')).toBe(url);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/payments/accounts/a1',
      method: 'PUT',
      body: { ...fields, qrImageUrl: url },
    });

    dialog = await edit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).queryByRole('img', { name: 'QR code preview' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ url: '/api/payments/accounts/a1', method: 'PUT', body: fields });

    // A refused image: the account is saved, and the toast says the image is not.
    qrRefusal = () =>
      new Response(JSON.stringify({ message: 'The image could not be read' }), { status: 400 });
    dialog = await edit();
    fireEvent.change(within(dialog).getByLabelText('QR code image'), {
      target: { files: [new File(['png'], 'new-qr.png', { type: 'image/png' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'The account was saved, but not its QR code image: The image could not be read',
      ),
    );
    expect(sent.slice(2)).toEqual([
      { url: '/api/payments/accounts/a1', method: 'PUT', body: { ...fields, qrImageUrl: url } },
      { url: '/api/payments/accounts/a1/qr-image', method: 'PUT', body: { qrImage: 'new-qr.png' } },
    ]);
  });

  it('deletes an account once confirmed', async () => {
    renderAccounts([GCASH]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete GCash account 09171234567' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Account deleted'));
    expect(sent).toEqual([{ url: '/api/payments/accounts/a1', method: 'DELETE', body: null }]);
  });
});
