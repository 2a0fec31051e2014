import type { PaymentOptions, TransferAccount } from '@habi/shared';
import { describe, expect, it } from 'vitest';
import { paymentMethodsText } from './payment-options.ts';

const account = (kind: TransferAccount['kind']): TransferAccount => ({
  id: kind,
  kind,
  bankName: kind === 'bank' ? 'BPI' : null,
  accountName: 'Habi Clothing',
  accountNumber: '09171234567',
  qrImageUrl: null,
});

const options = (fields: Partial<PaymentOptions>): PaymentOptions => ({
  methods: ['cod'],
  codMaxTotal: null,
  transferHours: 24,
  onlineMinutes: 60,
  accounts: [],
  ...fields,
});

describe('paymentMethodsText', () => {
  it('names every method turned on, cash on delivery with its limit', () => {
    expect(
      paymentMethodsText(
        options({
          methods: ['cod', 'transfer', 'online'],
          codMaxTotal: '5000.00',
          accounts: [account('bank'), account('maya'), account('gcash')],
        }),
      ),
    ).toBe('cash on delivery up to ₱5,000.00, GCash/Maya or bank transfer, cards and e-wallets via PayMongo');
    expect(paymentMethodsText(options({}))).toBe('cash on delivery');
  });

  it('leaves out the methods turned off, and the limit of cash on delivery when it is off', () => {
    expect(
      paymentMethodsText(
        options({ methods: ['transfer'], codMaxTotal: '5000.00', accounts: [account('gcash')] }),
      ),
    ).toBe('GCash transfer');
    expect(
      paymentMethodsText(options({ methods: ['transfer', 'online'], accounts: [account('bank')] })),
    ).toBe('bank transfer, cards and e-wallets via PayMongo');
  });

  it('is null when no method is on', () => {
    expect(paymentMethodsText(options({ methods: [] }))).toBeNull();
  });
});
