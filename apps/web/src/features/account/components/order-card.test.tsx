import type { Order, OrderPayment } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderCard } from './order-card.tsx';

const ORDER_ID = 'a1b2c3d4-e5f6-4a1b-8c2d-0e1f2a3b4c5d';

function order(payment: Partial<OrderPayment> = {}, fields: Partial<Order> = {}): Order {
  const paid: OrderPayment = {
    method: 'cod',
    status: 'unpaid',
    paid: '0.00',
    refunded: '0.00',
    owed: '702.24',
    refundDue: '0.00',
    dueBy: null,
    reference: null,
    rejectedReason: null,
    checkoutUrl: null,
    review: null,
    ...payment,
  };
  return {
    _id: ORDER_ID,
    orderId: ORDER_ID,
    status: 'pending',
    user: 'Maria Santos',
    userId: 'user-1',
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
    paymentMethod: 'COD',
    subtotal: '798.00',
    shippingFee: '0.00',
    tax: '63.84',
    totalFee: '702.24',
    total: '702.24',
    discountCode: 'SAVE20',
    discountAmount: '159.60',
    createdAt: '2026-11-30T02:00:00.000Z',
    paymentStatus: paid.status,
    amountPaid: paid.paid,
    amountRefunded: paid.refunded,
    payment: paid,
    ...fields,
  };
}

let requests: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost').pathname;
      requests.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.endsWith('/checkout')) {
        return new Response(JSON.stringify({ checkoutUrl: 'https://checkout.paymongo.com/cs_1' }));
      }
      return new Response(
        JSON.stringify(order({ method: 'transfer', status: 'pending', reference: 'ABCD1234' })),
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCard(shown: Order) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ul>
        <OrderCard order={shown} />
      </ul>
    </QueryClientProvider>,
  );
}

/** The card's figures as the shopper reads them: label, then amount (its last list; the product's details come first). */
function figures() {
  const lists = document.querySelectorAll('dl');
  return [...lists[lists.length - 1]!.querySelectorAll('dt')].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);
}

describe('OrderCard', () => {
  it('adds the order up: subtotal, discount, shipping, tax and total', () => {
    renderCard(order());
    expect(figures()).toEqual([
      ['Subtotal', '₱798.00'],
      ['Discount (SAVE20)', '−₱159.60'],
      ['Shipping', 'FREE'],
      ['Tax', '₱63.84'],
      ['Total', '₱702.24'],
    ]);
  });

  it('shows the payment method and its pill, and what was paid and refunded when any was', () => {
    renderCard(
      order({ status: 'partiallyRefunded', paid: '702.24', refunded: '351.12' }, { discountCode: undefined }),
    );
    const payment = screen.getByTestId('order-payment');
    expect(within(payment).getByText('Cash on delivery')).toBeTruthy();
    expect(within(payment).getByText('Payment status:').parentElement?.textContent).toBe(
      'Payment status: Partial',
    );
    expect(payment.textContent).toContain('Paid₱702.24');
    expect(payment.textContent).toContain('Refunded₱351.12');
    expect(screen.queryByTestId('order-discount')).toBeNull();
  });

  it('shows neither amount for an unpaid cash on delivery order, nor any form or button', () => {
    renderCard(order());
    const payment = screen.getByTestId('order-payment');
    expect(payment.textContent).toBe('Payment method: Cash on deliveryPayment status: Pending');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('takes an unpaid transfer’s reference, with its due time', async () => {
    renderCard(order({ method: 'transfer', dueBy: '2026-12-01T07:45:00.000Z' }));
    expect(screen.getByText('Dec 1, 2026, 3:45 PM').parentElement?.textContent).toBe(
      'Pay by Dec 1, 2026, 3:45 PM',
    );
    fireEvent.input(screen.getByLabelText('Transfer reference number'), { target: { value: 'ABCD1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    await waitFor(() =>
      expect(requests).toContainEqual({
        url: `/api/payments/orders/${ORDER_ID}/transfer-reference`,
        method: 'POST',
        body: { reference: 'ABCD1234' },
      }),
    );
  });

  it('says a sent reference waits for the shop, and offers no form for a paid transfer', () => {
    renderCard(order({ method: 'transfer', status: 'pending', reference: 'ABCD1234' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Reference sent — we will confirm your paymentReference: ABCD1234',
    );
    cleanup();
    renderCard(order({ method: 'transfer', status: 'paid', paid: '702.24' }));
    expect(screen.queryByLabelText('Transfer reference number')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the due time only while the order is unpaid and can lapse', () => {
    const dueBy = '2026-12-01T07:45:00.000Z';
    for (const payment of [
      { status: 'pending', reference: 'ABCD1234' },
      { status: 'paid', paid: '702.24' },
      { status: 'refunded', paid: '702.24', refunded: '702.24' },
      { status: 'partiallyRefunded', paid: '702.24', refunded: '100.00' },
    ] as const) {
      renderCard(order({ method: 'transfer', dueBy, ...payment }));
      expect(screen.getByTestId('order-payment').textContent, payment.status).not.toContain('Pay by');
      expect(screen.queryByLabelText('Transfer reference number')).toBeNull();
      cleanup();
    }
  });

  it('offers Pay now for an unpaid online order, which goes to the checkout page', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderCard(order({ method: 'online' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.paymongo.com/cs_1'));
    cleanup();
    renderCard(order({ method: 'online', status: 'cancelled' }, { status: 'cancelled' }));
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });
});
