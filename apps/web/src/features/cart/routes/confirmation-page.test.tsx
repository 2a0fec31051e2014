import type { Order, OrderPayment, PaymentOptions } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFERENCE_SENT } from '../../../lib/order-payment-actions.tsx';
import { PAYMENT_POLL_MS } from '../components/placed-order.tsx';
import ConfirmationPage from './confirmation-page.tsx';

const ORDER_ID = '3f2a9c1e-7b44-4d1a-9e0f-2c5b8a7d6e11';
const SHOPPER = { _id: 'user-1', name: 'Maria Santos', email: 'maria@example.com' };

function payment(fields: Partial<OrderPayment> = {}): OrderPayment {
  return {
    method: 'cod',
    status: 'unpaid',
    paid: '0.00',
    refunded: '0.00',
    owed: '877.80',
    refundDue: '0.00',
    dueBy: null,
    reference: null,
    rejectedReason: null,
    checkoutUrl: null,
    review: null,
    ...fields,
  };
}

function order(fields: Partial<OrderPayment> = {}): Order {
  const paid = payment(fields);
  return {
    _id: ORDER_ID,
    orderId: ORDER_ID,
    status: 'pending',
    user: SHOPPER.name,
    userId: SHOPPER._id,
    products: [
      {
        _id: 'line-1',
        productId: 'tee',
        name: 'Men Crew T-shirt White',
        imageUrl: '/uploads/tee.webp',
        quantity: 2,
        productStatus: 'toPay',
        price: '399.00',
        size: 'M',
        deliveryOption: { date: '2026-12-02', fee: 0 },
      },
    ],
    shippingAddress: '12 Mabini St, Ermita, Manila 1000',
    paymentMethod: paid.method,
    subtotal: '798.00',
    shippingFee: '0.00',
    tax: '79.80',
    totalFee: '877.80',
    total: '877.80',
    createdAt: '2026-11-30T02:00:00.000Z',
    paymentStatus: paid.status,
    amountPaid: paid.paid,
    amountRefunded: paid.refunded,
    payment: paid,
  };
}

const OPTIONS: PaymentOptions = {
  methods: ['cod', 'transfer', 'online'],
  codMaxTotal: '1500.00',
  transferHours: 24,
  onlineMinutes: 60,
  accounts: [
    {
      id: 'gcash-1',
      kind: 'gcash',
      bankName: null,
      accountName: 'Habi Clothing',
      accountNumber: '09171234567',
      qrImageUrl: '/uploads/0123456789abcdef0123456789abcdef-1.webp',
    },
    {
      id: 'bank-1',
      kind: 'bank',
      bankName: 'BPI',
      accountName: 'Habi Clothing Inc.',
      accountNumber: '1234-5678-90',
      qrImageUrl: null,
    },
  ],
};

type Answer = { status?: number; body: unknown };
/** The API as the test sets it: `METHOD /path` to an answer (or a function of the request's body). */
let api: Record<string, Answer | ((body: unknown) => Answer)>;
let calls: string[];

beforeEach(() => {
  calls = [];
  api = { 'GET /api/users/current': { body: SHOPPER } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const key = `${init.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname}`;
      calls.push(key);
      const route = api[key];
      if (!route) throw new Error(`unexpected ${key}`);
      // A form (a screenshot) is handed over as it is, JSON parsed.
      const body = () => (init.body instanceof FormData ? init.body : JSON.parse(String(init.body)));
      const answer = typeof route === 'function' ? route(body()) : route;
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderPage(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <ConfirmationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const orderRoute = `GET /api/orders/${ORDER_ID}`;
const orderHeading = () => screen.findByRole('heading', { name: 'Order #3F2A9C1E' });

describe('ConfirmationPage', () => {
  it("keeps SPEC's page as it was without an order, asking nothing of the API", () => {
    renderPage('/confirmation');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for purchasing.');
    expect(
      screen.getByText('Stay tune on our application for updates regarding your order(s).'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to homepage' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'View my orders' }).getAttribute('href')).toBe('/user');
    expect(calls).toEqual([]);
  });

  it('shows a cash on delivery order: its number, lines, total and what to pay the rider', async () => {
    api[orderRoute] = { body: order() };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await orderHeading();
    expect(screen.getByText('Thank you for purchasing.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Items' }).textContent).toBe(
      'Men Crew T-shirt WhiteSize M · 2 × ₱399.00',
    );
    expect(screen.getByTestId('placed-order-total').textContent).toBe('₱877.80');
    expect(screen.getByText('Pay the rider ₱877.80 on delivery.')).toBeTruthy();
    expect(calls).not.toContain('GET /api/payments/options');
  });

  it('shows nothing of an order to a visitor, or when the order cannot be read', async () => {
    api['GET /api/users/current'] = { body: null };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await waitFor(() => expect(calls).toEqual(['GET /api/users/current']));
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    cleanup();

    api['GET /api/users/current'] = { body: SHOPPER };
    api[orderRoute] = { status: 403, body: { message: 'Forbidden' } };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await waitFor(() => expect(calls).toContain(orderRoute));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('shows a transfer: the exact amount, the accounts, the due time, and takes the reference', async () => {
    const due = '2026-12-01T07:45:00.000Z';
    api[orderRoute] = { body: order({ method: 'transfer', dueBy: due }) };
    api['GET /api/payments/options'] = { body: OPTIONS };
    let sent: unknown;
    api[`POST /api/payments/orders/${ORDER_ID}/transfer-reference`] = (body) => {
      sent = body;
      // The order as read from now on has the reference too.
      api[orderRoute] = {
        body: order({ method: 'transfer', dueBy: due, status: 'pending', reference: 'GC 1234 5678' }),
      };
      return api[orderRoute];
    };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await orderHeading();
    expect(screen.getByRole('heading', { name: 'Payment: Bank or e-wallet transfer' })).toBeTruthy();
    expect(screen.getByText(/^Send exactly/).textContent).toBe(
      "Send exactly ₱877.80 to one of our accounts, then enter the transfer's reference number below.",
    );
    expect(screen.getByText('Dec 1, 2026, 3:45 PM')).toBeTruthy();
    const accounts = await screen.findByRole('list', { name: 'Our accounts' });
    expect(accounts.textContent).toContain('GCash');
    expect(accounts.textContent).toContain('Habi Clothing');
    expect(accounts.textContent).toContain('09171234567');
    expect(accounts.textContent).toContain('Bank · BPI');
    expect(accounts.textContent).toContain('1234-5678-90');
    expect(screen.getByRole('img', { name: 'QR code for GCash 09171234567' })).toBeTruthy();

    const field = screen.getByLabelText('Transfer reference number');
    fireEvent.input(field, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter the reference number: 4 to 40 letters, digits, spaces or -',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(field, { target: { value: '  GC 1234 5678 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    expect((await screen.findByText(REFERENCE_SENT)).closest('[role="status"]')?.textContent).toBe(
      `${REFERENCE_SENT}Reference: GC 1234 5678`,
    );
    expect(sent).toEqual({ reference: 'GC 1234 5678' });
    expect(screen.queryByLabelText('Transfer reference number')).toBeNull();
    // While the shop checks the reference the order cannot lapse: no time to pay by.
    expect(screen.queryByText(/^Pay by/)).toBeNull();
  });

  it('sends a screenshot of the transfer with its reference, and links to it once attached', async () => {
    api[orderRoute] = { body: order({ method: 'transfer' }) };
    api['GET /api/payments/options'] = { body: OPTIONS };
    const withReference = order({ method: 'transfer', status: 'pending', reference: 'GC 1234 5678' });
    api[`POST /api/payments/orders/${ORDER_ID}/transfer-reference`] = () => ({ body: withReference });
    let proof: FormDataEntryValue | null = null;
    api[`PUT /api/payments/orders/${ORDER_ID}/transfer-proof`] = (form) => {
      proof = (form as FormData).get('proof');
      // The order as read from now on has the screenshot too.
      api[orderRoute] = { body: order({ ...withReference.payment, transferProof: true }) };
      return api[orderRoute];
    };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await screen.findByRole('list', { name: 'Our accounts' });

    const picker = screen.getByLabelText('Screenshot of your transfer');
    const notImage = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(picker, { target: { files: [notImage] } });
    expect(screen.getByRole('alert').textContent).toBe('Only png, jpeg, jpg and svg images are accepted');
    const screenshot = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'gcash-receipt.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText('Screenshot of your transfer'), {
      target: { files: [screenshot] },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('gcash-receipt.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the screenshot gcash-receipt.png' }));
    expect(screen.queryByText('gcash-receipt.png')).toBeNull();
    fireEvent.change(screen.getByLabelText('Screenshot of your transfer'), {
      target: { files: [screenshot] },
    });

    fireEvent.input(screen.getByLabelText('Transfer reference number'), {
      target: { value: 'GC 1234 5678' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    const link = await screen.findByRole('link', { name: 'Screenshot attached — view it' });
    expect(link.getAttribute('href')).toBe(`/api/payments/orders/${ORDER_ID}/transfer-proof`);
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([
      `POST /api/payments/orders/${ORDER_ID}/transfer-reference`,
      `PUT /api/payments/orders/${ORDER_ID}/transfer-proof`,
    ]);
    expect((proof as File | null)?.name).toBe('gcash-receipt.png');
  });

  it('keeps the reference sent when its screenshot is refused, and takes another screenshot', async () => {
    const withReference = order({ method: 'transfer', status: 'pending', reference: 'GC 1234 5678' });
    api[orderRoute] = { body: withReference };
    api['GET /api/payments/options'] = { body: OPTIONS };
    api[`PUT /api/payments/orders/${ORDER_ID}/transfer-proof`] = {
      status: 415,
      body: { message: 'Only png, jpeg, jpg and svg images are accepted' },
    };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await screen.findByRole('list', { name: 'Our accounts' });
    expect(screen.getByText(REFERENCE_SENT)).toBeTruthy();
    const screenshot = new File(['fake'], 'receipt.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Screenshot of your transfer'), {
      target: { files: [screenshot] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only png, jpeg, jpg and svg images are accepted',
    );
    expect(calls).toContain(`PUT /api/payments/orders/${ORDER_ID}/transfer-proof`);
    expect(screen.getByRole('button', { name: 'Add a screenshot of your transfer' })).toBeTruthy();
  });

  it('shows no amount to pay and no due time once the order is paid or refunded', async () => {
    const dueBy = '2026-12-01T07:45:00.000Z';
    api['GET /api/payments/options'] = { body: OPTIONS };
    api[orderRoute] = { body: order({ method: 'transfer', dueBy, status: 'paid', paid: '877.80' }) };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await orderHeading();
    expect(screen.getByText('Payment received')).toBeTruthy();
    expect(screen.queryByText(/^Pay by|^Send exactly/)).toBeNull();
    cleanup();

    api[orderRoute] = {
      body: order({ method: 'online', dueBy, status: 'refunded', paid: '877.80', refunded: '877.80' }),
    };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await orderHeading();
    expect(screen.getByText('Status: Refunded')).toBeTruthy();
    expect(screen.queryByText(/^Pay by|^Pay ₱/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it("says why the shop rejected a transfer's last reference, and shows the server's refusal", async () => {
    api[orderRoute] = { body: order({ method: 'transfer', rejectedReason: 'No such transfer found' }) };
    api['GET /api/payments/options'] = { status: 500, body: { message: 'An unknown error occurred' } };
    api[`POST /api/payments/orders/${ORDER_ID}/transfer-reference`] = {
      status: 409,
      body: { message: 'This order is cancelled' },
    };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await orderHeading();
    expect(screen.getByText(/We could not confirm your last reference: No such transfer found/)).toBeTruthy();
    expect(await screen.findByText('Our account details are in your order confirmation email.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Transfer reference number'), { target: { value: 'ABCD1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This order is cancelled');
  });

  it('waits for an online payment, asking again until it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api[orderRoute] = { body: order({ method: 'online' }) };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await orderHeading();
    const live = screen.getByText('Waiting for payment').closest('[aria-live]');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();

    api[orderRoute] = { body: order({ method: 'online', status: 'paid', paid: '877.80' }) };
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    const reads = calls.filter((call) => call === orderRoute).length;
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 3));
    expect(calls.filter((call) => call === orderRoute)).toHaveLength(reads);
  });

  it('says a cancelled payment was not completed; Pay now goes to a new checkout page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    api[orderRoute] = { body: order({ method: 'online' }) };
    api[`POST /api/payments/orders/${ORDER_ID}/checkout`] = {
      body: { checkoutUrl: 'https://checkout.paymongo.com/cs_test_1' },
    };
    renderPage(`/confirmation?order=${ORDER_ID}&payment=cancelled`);
    await orderHeading();
    expect(screen.getByText('Your payment was not completed. You can try again with Pay now.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.paymongo.com/cs_test_1'));
  });

  it('shows why Pay now cannot go ahead when PayMongo cannot be reached', async () => {
    const message = 'Online payment is not available right now. Please try again in a few minutes.';
    api[orderRoute] = { body: order({ method: 'online' }) };
    api[`POST /api/payments/orders/${ORDER_ID}/checkout`] = { status: 503, body: { message } };
    renderPage(`/confirmation?order=${ORDER_ID}`);
    await orderHeading();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveProperty('disabled', false);
  });
});
