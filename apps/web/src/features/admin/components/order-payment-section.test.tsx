import { type LedgerEntry, type Order, type OrderPayment, PAYMENT_MESSAGES } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { OrderPaymentSection, paymentActions } from './order-payment-section.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const PAYMENT: OrderPayment = {
  method: 'cod',
  status: 'unpaid',
  paid: '0.00',
  refunded: '0.00',
  owed: '1250.00',
  refundDue: '0.00',
  dueBy: null,
  reference: null,
  rejectedReason: null,
  checkoutUrl: null,
  review: null,
};

function orderWith(payment: Partial<OrderPayment>): Order {
  const merged = { ...PAYMENT, ...payment };
  return {
    _id: 'o1',
    status: 'pending',
    user: 'Maria Santos',
    userId: 'u1',
    products: [],
    shippingAddress: '12 Mabini St, Makati City 1200',
    paymentMethod: merged.method === 'cod' ? 'COD' : 'Transfer',
    totalFee: '1250.00',
    createdAt: '2026-03-01T00:00:00.000Z',
    paymentStatus: merged.status,
    amountPaid: merged.paid,
    amountRefunded: merged.refunded,
    payment: merged,
  } as unknown as Order;
}

const LEDGER: LedgerEntry[] = [
  {
    id: 'l1',
    kind: 'payment',
    amount: '1250.00',
    method: 'cod',
    reference: null,
    note: 'Paid at the door',
    recordedBy: 'admin',
    createdAt: '2026-03-02T04:00:00.000Z',
  },
];

/** The requests sent, and how a POST is answered. */
let sent: { url: string; method: string; body: unknown }[];
let answerPost: () => Response;

beforeEach(() => {
  sent = [];
  answerPost = () => new Response(JSON.stringify(orderWith({ status: 'paid' })), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (init.method === 'POST') return answerPost();
      return new Response(JSON.stringify(url.endsWith('/ledger') ? LEDGER : []), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderSection(order: Order) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrderPaymentSection order={order} />
    </QueryClientProvider>,
  );
}

const posts = () => sent.filter((request) => request.method === 'POST');

describe('paymentActions', () => {
  it('collects what is still owed, and refunds what is due else all that is kept', () => {
    expect(paymentActions(orderWith({ paid: '250.00' }))).toMatchObject({
      collect: true,
      review: false,
      refund: true,
      stillOwed: '1000.00',
      refundAmount: '250.00',
    });
    expect(
      paymentActions(orderWith({ paid: '1250.00', owed: '1000.10', refundDue: '249.90', status: 'paid' })),
    ).toMatchObject({ collect: false, refund: true, stillOwed: '0.00', refundAmount: '249.90' });
  });
});

describe('OrderPaymentSection', () => {
  /** The section's figures, term to value. */
  const facts = () =>
    Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );

  it('shows a refunded order as paid and refunded, with nothing still to pay and no due time', () => {
    renderSection(
      orderWith({
        method: 'transfer',
        status: 'refunded',
        paid: '1250.00',
        refunded: '1250.00',
        dueBy: '2026-03-02T07:45:00.000Z',
      }),
    );
    expect(facts()).toEqual({
      Method: 'Bank or e-wallet transfer',
      Total: '₱1,250.00',
      Paid: '₱1,250.00',
      Refunded: '₱1,250.00',
      'Transfer reference': 'None entered yet',
    });
    expect(screen.queryByRole('button', { name: 'Record collection' })).toBeNull();
  });

  it('shows a refund due after a line was cancelled, and nothing still to pay after part was refunded', () => {
    renderSection(orderWith({ status: 'paid', paid: '1250.00', owed: '1000.00', refundDue: '250.00' }));
    expect(facts()).toMatchObject({ 'After cancellations': '₱1,000.00', 'Refund due': '₱250.00' });
    expect(facts()).not.toHaveProperty('Still to pay');
    cleanup();

    renderSection(orderWith({ status: 'partiallyRefunded', paid: '1250.00', refunded: '100.00' }));
    expect(facts()).toMatchObject({ Paid: '₱1,250.00', Refunded: '₱100.00' });
    expect(facts()).not.toHaveProperty('Still to pay');
    expect(facts()).not.toHaveProperty('Refund due');
    expect(screen.queryByRole('button', { name: 'Record collection' })).toBeNull();
  });

  it('shows what is still to pay and the due time only while the order is unpaid', () => {
    const dueBy = '2026-03-02T07:45:00.000Z';
    renderSection(orderWith({ method: 'transfer', dueBy }));
    expect(facts()).toMatchObject({ 'Still to pay': '₱1,250.00', 'Due by': 'Mar 2, 2026, 3:45 PM' });
    cleanup();

    renderSection(orderWith({ method: 'transfer', status: 'paid', paid: '1250.00', dueBy }));
    expect(facts()).not.toHaveProperty('Due by');
    expect(facts()).not.toHaveProperty('Still to pay');
    cleanup();

    // A reference waiting for the shop: the order cannot lapse meanwhile.
    renderSection(orderWith({ method: 'transfer', status: 'pending', reference: 'GC12345678', dueBy }));
    expect(facts()).toMatchObject({ 'Still to pay': '₱1,250.00' });
    expect(facts()).not.toHaveProperty('Due by');
  });

  it('shows the payment and its ledger, and records a COD collection of what is owed', async () => {
    renderSection(orderWith({}));
    expect(screen.getByText('Pending')).toBeTruthy();
    const ledger = await screen.findByRole('table', { name: 'Payment ledger' });
    expect(within(ledger).getByText('Paid at the door')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm transfer' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Record collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record collection' });
    expect(within(dialog).getByLabelText('Amount (PHP)')).toHaveProperty('value', '1250.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Collection recorded'));
    expect(posts()).toEqual([
      { url: '/api/payments/orders/o1/collections', method: 'POST', body: { amount: '1250.00' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("offers a transfer's reference for confirming or rejecting; a rejection needs a reason", async () => {
    renderSection(
      orderWith({
        method: 'transfer',
        status: 'pending',
        reference: 'GC 1234 5678',
        review: 'Amount differs',
      }),
    );
    expect(screen.getByText('Needs review: Amount differs')).toBeTruthy();
    expect(screen.getByText('GC 1234 5678')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record collection' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject transfer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText(PAYMENT_MESSAGES.reason, { selector: '[role="alert"]' }),
    ).toBeTruthy();
    expect(posts()).toEqual([]);

    fireEvent.input(within(dialog).getByLabelText('Reason'), { target: { value: 'Not on our statement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: '/api/payments/orders/o1/transfer/reject',
      body: { reason: 'Not on our statement' },
    });
  });

  it("shows the shopper's screenshot beside the reference, and in the dialogs that confirm or reject it", async () => {
    renderSection(orderWith({ method: 'transfer', status: 'pending', reference: 'GC12345678' }));
    expect(screen.queryByRole('link', { name: 'View the shopper’s screenshot' })).toBeNull();
    cleanup();

    const proof = '/api/payments/orders/o1/transfer-proof';
    renderSection(
      orderWith({ method: 'transfer', status: 'pending', reference: 'GC12345678', transferProof: true }),
    );
    const link = screen.getByRole('link', { name: 'View the shopper’s screenshot' });
    expect(link.getAttribute('href')).toBe(proof);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.querySelector('img')?.getAttribute('src')).toBe(proof);
    for (const [button, title] of [
      ['Confirm transfer', 'Confirm transfer'],
      ['Reject', 'Reject transfer'],
    ]) {
      fireEvent.click(screen.getByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(
        within(dialog).getByRole('link', { name: 'View the shopper’s screenshot' }).getAttribute('href'),
      ).toBe(proof);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it('confirms a transfer with the amount still owed', async () => {
    renderSection(orderWith({ method: 'transfer', status: 'pending', reference: 'GC12345678' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm transfer' });
    fireEvent.input(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Seen in GCash' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Transfer confirmed'));
    expect(posts()[0]).toMatchObject({
      url: '/api/payments/orders/o1/transfer/confirm',
      body: { amount: '1250.00', note: 'Seen in GCash' },
    });
  });

  it('refunds cash only with a reference, and shows a refusal under the amount', async () => {
    renderSection(orderWith({ status: 'paid', paid: '1250.00', refundDue: '250.00', owed: '1000.00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    const amount = within(dialog).getByLabelText('Amount (PHP)');
    expect(amount).toHaveProperty('value', '250.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.reference)).toBeTruthy();
    expect(posts()).toEqual([]);

    answerPost = () =>
      new Response(JSON.stringify({ message: PAYMENT_MESSAGES.overRefund('250.00') }), { status: 409 });
    fireEvent.input(amount, { target: { value: '300' } });
    fireEvent.input(within(dialog).getByLabelText('Reference'), { target: { value: 'CASH-0001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.overRefund('250.00'))).toBeTruthy();
    expect(posts()[0]).toMatchObject({
      url: '/api/payments/orders/o1/refunds',
      body: { amount: '300.00', reference: 'CASH-0001' },
    });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('refunds an online payment through PayMongo without a reference', async () => {
    renderSection(orderWith({ method: 'online', status: 'paid', paid: '1250.00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    expect(within(dialog).getByLabelText('Reference (optional)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Refund sent through PayMongo'));
    expect(posts()[0]).toMatchObject({ url: '/api/payments/orders/o1/refunds', body: { amount: '1250.00' } });
  });
});
