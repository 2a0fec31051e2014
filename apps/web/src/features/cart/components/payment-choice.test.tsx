import type { PaymentOptions } from '@habi/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentChoice, paymentChoices } from './payment-choice.tsx';

afterEach(() => {
  cleanup();
});

const options: PaymentOptions = {
  methods: ['cod', 'transfer', 'online'],
  codMaxTotal: '1500.00',
  transferHours: 24,
  onlineMinutes: 60,
  accounts: [],
};
const LIMIT = 'Cash on delivery is available for orders up to ₱1,500.00. Choose another payment method.';

describe('paymentChoices', () => {
  it('offers the methods the shop takes, in order, with cash on delivery by default', () => {
    const { offered, method } = paymentChoices({ ...options, methods: ['online', 'cod'] }, 80_000, null);
    expect(offered.map((offer) => offer.method)).toEqual(['cod', 'online']);
    expect(method).toBe('cod');
  });

  it('keeps the shopper’s choice while it can be had', () => {
    expect(paymentChoices(options, 80_000, 'transfer').method).toBe('transfer');
    expect(paymentChoices({ ...options, methods: ['cod', 'online'] }, 80_000, 'transfer').method).toBe('cod');
  });

  it('refuses cash on delivery above the limit, and falls back to the first open method', () => {
    const { offered, method } = paymentChoices(options, 150_001, 'cod');
    expect(offered[0]).toMatchObject({ method: 'cod', refusal: LIMIT });
    expect(method).toBe('transfer');
    // At the limit exactly it can be had.
    expect(paymentChoices(options, 150_000, null).method).toBe('cod');
  });

  it('has no method when the only one is refused, and none while the options load', () => {
    expect(paymentChoices({ ...options, methods: ['cod'] }, 200_000, null).method).toBeNull();
    expect(paymentChoices(undefined, 80_000, null)).toEqual({ offered: [], method: null });
  });

  it('offers cash on delivery alone, without a limit, when the options could not be read', () => {
    const { offered, method } = paymentChoices(null, 900_000, 'online');
    expect(offered.map((offer) => offer.method)).toEqual(['cod']);
    expect(method).toBe('cod');
  });
});

function Choice({ total, failed = false }: { total: number; failed?: boolean }) {
  const [chosen, setChosen] = useState<'cod' | 'transfer' | 'online' | null>(null);
  const { offered, method } = paymentChoices(failed ? null : options, total, chosen);
  return (
    <PaymentChoice offered={offered} value={method} onChange={setChosen} loading={false} failed={failed} />
  );
}

describe('PaymentChoice', () => {
  it('is a labelled radio group with cash on delivery checked, and changes by choice', () => {
    render(<Choice total={80_000} />);
    const group = screen.getByRole('radiogroup', { name: 'Payment method' });
    expect(group).toBeTruthy();
    const cod = screen.getByRole('radio', { name: 'Cash on delivery' });
    expect(cod.getAttribute('aria-checked')).toBe('true');
    const transfer = screen.getByRole('radio', { name: 'Bank or e-wallet transfer' });
    expect(transfer.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Transfer within 24 hours, then send us the reference number.')).toBeTruthy();
    fireEvent.click(transfer);
    expect(transfer.getAttribute('aria-checked')).toBe('true');
    expect(cod.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('radio', { name: 'Card, GCash, Maya or QR Ph (PayMongo)' })).toBeTruthy();
  });

  it('shows cash on delivery disabled with the limit above ₱1,500.00', () => {
    render(<Choice total={150_001} />);
    const cod = screen.getByRole('radio', { name: 'Cash on delivery' }) as HTMLButtonElement;
    expect(cod.disabled).toBe(true);
    expect(document.getElementById(cod.getAttribute('aria-describedby')!)?.textContent).toBe(LIMIT);
    expect(
      screen.getByRole('radio', { name: 'Bank or e-wallet transfer' }).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('says when only cash on delivery is offered because the options failed', () => {
    render(<Choice total={80_000} failed />);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(
      screen.getByText('Other payment methods could not be loaded: cash on delivery is offered.'),
    ).toBeTruthy();
  });

  it('reads Loading... while the options load, and says when no method is available', () => {
    const view = render(
      <PaymentChoice offered={[]} value={null} onChange={() => {}} loading failed={false} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    view.rerender(
      <PaymentChoice offered={[]} value={null} onChange={() => {}} loading={false} failed={false} />,
    );
    expect(screen.getByText('This payment method is not available')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
