import { PAYMENT_MESSAGES, type PaymentSettings, type PaymentSettingsFields } from '@habi/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { PaymentSettingsForm } from './payment-settings-form.tsx';

afterEach(() => {
  cleanup();
});

const SETTINGS: PaymentSettings = {
  codEnabled: true,
  codMaxTotal: null,
  transferEnabled: false,
  transferHours: 24,
  onlineEnabled: false,
  onlineMinutes: 60,
  onlineAvailable: false,
  accounts: [],
};

function renderForm(onSave = vi.fn(async (_values: PaymentSettingsFields) => SETTINGS), settings = SETTINGS) {
  const onDirtyChange = vi.fn();
  render(
    <PaymentSettingsForm
      settings={settings}
      onSave={onSave}
      onCancel={() => {}}
      onDirtyChange={onDirtyChange}
    />,
  );
  return { onSave, onDirtyChange };
}

describe('PaymentSettingsForm', () => {
  it('keeps online payment off, and says why, while the server has no PayMongo keys', () => {
    renderForm();
    const online = screen.getByRole('switch', { name: /PayMongo/ });
    expect(online).toHaveProperty('disabled', true);
    expect(online.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/the server has no PayMongo keys/)).toBeTruthy();
  });

  it('turns Transfer on and saves, an empty COD maximum being no limit', async () => {
    const { onSave, onDirtyChange } = renderForm();
    fireEvent.click(screen.getByRole('switch', { name: 'Bank or e-wallet transfer' }));
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    fireEvent.input(screen.getByLabelText('Hours to transfer'), { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toEqual({
      codEnabled: true,
      codMaxTotal: null,
      transferEnabled: true,
      transferHours: 48,
      onlineEnabled: false,
      onlineMinutes: 60,
    });
  });

  it("shows the shared schema's messages and sends nothing", async () => {
    const { onSave } = renderForm();
    fireEvent.input(screen.getByLabelText('COD maximum total (PHP)'), { target: { value: 'lots' } });
    fireEvent.input(screen.getByLabelText('Hours to transfer'), { target: { value: '0' } });
    fireEvent.input(screen.getByLabelText('Minutes to pay online'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      PAYMENT_MESSAGES.codMax,
      PAYMENT_MESSAGES.hours,
      PAYMENT_MESSAGES.minutes,
    ]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows a refusal under the field it names', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(400, 'Invalid input', { transferHours: PAYMENT_MESSAGES.hours });
    });
    renderForm(onSave);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.hours)).toBeTruthy();
    expect(screen.getByLabelText('Hours to transfer').getAttribute('aria-invalid')).toBe('true');
  });
});
