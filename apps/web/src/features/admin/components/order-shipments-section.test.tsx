import type { Order, Shipment } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { OrderShipmentsSection } from './order-shipments-section.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const O1 = '00000000-0000-4000-8000-0000000000a1';
const S1 = '00000000-0000-4000-8000-0000000000b1';
const L1 = '00000000-0000-4000-8000-0000000000c1';
const L2 = '00000000-0000-4000-8000-0000000000c2';
const L3 = '00000000-0000-4000-8000-0000000000c3';

const line = (id: string, name: string, productStatus: string) => ({
  _id: id,
  productId: null,
  name,
  imageUrl: '/uploads/x-800.webp',
  quantity: 1,
  productStatus,
  price: '699.00',
  size: 'M',
  deliveryOption: { date: '2026-12-02', fee: 0 },
});

const SHIPPED: Shipment = {
  _id: S1,
  orderId: O1,
  courier: 'jnt',
  courierName: 'J&T Express',
  trackingNumber: '760012345678',
  trackingUrl: 'https://www.jtexpress.ph/track-and-trace?billCodes=760012345678',
  shippedOn: '2026-11-27',
  deliveredAt: null,
  lines: [L1],
};

const ORDER = {
  _id: O1,
  products: [
    line(L1, 'Linen Shirt', 'toReceive'),
    line(L2, 'Cotton Tee', 'toPay'),
    line(L3, 'Denim Jacket', 'cancelled'),
  ],
  shipments: [SHIPPED],
} as unknown as Order;

let sent: { url: string; method: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () =>
    new Response(JSON.stringify({ message: 'Shipment created', shipment: SHIPPED }), { status: 201 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderSection(order: Order = ORDER) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OrderShipmentsSection order={order} />
    </QueryClientProvider>,
  );
}

describe('OrderShipmentsSection', () => {
  it('lists each shipment with its tracking link and lines, and marks it delivered', async () => {
    answer = () =>
      new Response(JSON.stringify({ message: 'Shipment marked delivered', shipment: SHIPPED }), {
        status: 200,
      });
    renderSection();
    const section = screen.getByRole('region', { name: 'Shipments' });
    const link = within(section).getByRole('link', { name: /760012345678/ });
    expect(link.getAttribute('href')).toBe(SHIPPED.trackingUrl);
    expect(within(section).getByText(/Linen Shirt/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Shipment marked delivered'));
    expect(sent[0]).toMatchObject({ url: `/api/shipments/${S1}/delivered`, method: 'PATCH' });
  });

  it('ships the lines still to ship, refusing a J&T number of the wrong shape before sending', async () => {
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Create shipment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create shipment' });
    // Shipped and cancelled lines are not offered; the one left is chosen.
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByText('Cotton Tee · M · Qty 1')).toBeTruthy();

    const number = within(dialog).getByLabelText('Tracking number');
    fireEvent.input(number, { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create shipment' }));
    expect(
      await within(dialog).findByText('A J&T Express tracking number is 12 digits, or JT and 13 digits'),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.input(number, { target: { value: ' jt0012345678901 ' } });
    fireEvent.input(within(dialog).getByLabelText('Date shipped'), { target: { value: '2026-11-28' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create shipment' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Shipment created'));
    expect(sent[0]).toEqual({
      url: '/api/shipments',
      method: 'POST',
      body: {
        orderId: O1,
        lines: [L2],
        courier: 'jnt',
        courierName: '',
        trackingNumber: 'JT0012345678901',
        shippedOn: '2026-11-28',
      },
    });
  });

  it('asks an own rider’s name, and shows a refusal under the field it names', async () => {
    answer = () =>
      new Response(JSON.stringify({ message: 'Already shipped', errors: { lines: 'Already shipped' } }), {
        status: 409,
      });
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Create shipment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create shipment' });
    fireEvent.change(within(dialog).getByLabelText('Courier'), { target: { value: 'other' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create shipment' }));
    expect(await within(dialog).findByText('Name the rider or courier')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Rider or courier name'), {
      target: { value: 'Kuya Ben' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create shipment' }));
    expect(await within(dialog).findByText('Already shipped')).toBeTruthy();
  });

  it('offers nothing to ship once every line has shipped or is cancelled', () => {
    renderSection({ ...ORDER, products: ORDER.products.filter((l) => l._id !== L2) } as Order);
    expect(screen.getByRole('button', { name: 'Create shipment' })).toHaveProperty('disabled', true);
  });
});
