import type { PaymentOptions } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import DeliveryPage, { feeText, optionName } from './delivery-page.tsx';

const OPTIONS: PaymentOptions = {
  methods: ['cod', 'transfer'],
  codMaxTotal: '5000.00',
  transferHours: 24,
  onlineMinutes: 60,
  accounts: [
    {
      id: 'b',
      kind: 'bank',
      bankName: 'BPI',
      accountName: 'Habi',
      accountNumber: '1234-5678',
      qrImageUrl: null,
    },
  ],
};

/** The page with the shop's payment options as the server rendered it with them. */
function renderPage(options: PaymentOptions = OPTIONS) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.payments.options(), options);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DeliveryPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// 17:00 UTC on 22 November is 01:00 on Monday the 23rd in Manila: the day the dates count from.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T17:00:00Z') });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('optionName and feeText', () => {
  it.each([
    ['standard', 'Standard'],
    ['express', 'Express'],
    ['next-day', 'Next day'],
  ])('names %s %j', (value, name) => {
    expect(optionName(value)).toBe(name);
  });

  it.each([
    [0, 'FREE'],
    [50, '₱50.00'],
    [100, '₱100.00'],
  ])('words the fee %i %j', (fee, text) => {
    expect(feeText(fee)).toBe(text);
  });
});

describe('DeliveryPage', () => {
  it('shows each option with its fee, days and the date it arrives if ordered now (Manila)', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery options and fees' })).toBeTruthy();
    expect(document.title).toBe('Delivery | Habi');
    const cards = screen.getAllByRole('listitem').filter((item) => within(item).queryByRole('heading'));
    expect(cards.map((card) => card.textContent)).toEqual([
      'StandardArrives in 9 daysFREEOrdered today, it arrives Wednesday, December 2',
      'ExpressArrives in 5 days₱50.00Ordered today, it arrives Saturday, November 28',
      'Next dayArrives in 1 day₱100.00Ordered today, it arrives Tuesday, November 24',
    ]);
    expect(screen.getByText('Ordering today, Monday, November 23:')).toBeTruthy();
    expect(screen.getByText('Next day: today + 1 day')).toBeTruthy();
    expect(screen.getByText(/Asia\/Manila time/)).toBeTruthy();
    expect(screen.getByText(/Estimated tax of 10% is charged on the items plus shipping/)).toBeTruthy();
    expect(screen.getByText(/To Pay, To Receive, Delivered, or Cancelled/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/user');
  });

  it('says how to pay by the methods the shop has on, cash on delivery with its limit', () => {
    renderPage();
    const payment = screen.getByRole('region', { name: 'Paying and following your order' });
    expect(payment.textContent).toContain(
      'Pay by cash on delivery up to ₱5,000.00, bank transfer. With cash on delivery (COD) you pay the rider',
    );
    expect(payment.textContent).toContain(
      'An order to be paid by transfer and not paid in time is cancelled',
    );
    cleanup();

    renderPage({ ...OPTIONS, methods: ['online'] });
    expect(document.body.textContent).not.toMatch(/cash on delivery|\bCOD\b|pay cash/i);
    expect(screen.getByText(/^Pay by cards and e-wallets via PayMongo\./).textContent).toBe(
      'Pay by cards and e-wallets via PayMongo. An order to be paid online and not paid in time is cancelled, and its items go back on sale.',
    );
  });
});
