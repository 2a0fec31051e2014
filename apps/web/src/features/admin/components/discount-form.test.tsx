import { DISCOUNT_FORM_MESSAGES, type DiscountFormInput, DiscountFormSchema } from '@habi/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changedFields, DiscountForm, type DiscountFormOutput } from './discount-form.tsx';

afterEach(() => {
  cleanup();
});

const empty: DiscountFormInput = {
  code: '',
  kind: 'percent',
  value: '',
  minSpend: '',
  startsOn: '2026-12-01',
  endsOn: '',
  totalUses: '',
  perCustomerUses: '',
  email: '',
  active: true,
};

describe('DiscountForm', () => {
  it("shows the shared schema's message under each field it refuses, and sends nothing", async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <DiscountForm
        defaultValues={{ ...empty, totalUses: '0', email: 'nope' }}
        submitLabel="Create"
        pending={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBe(4));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      DISCOUNT_FORM_MESSAGES.code,
      DISCOUNT_FORM_MESSAGES.percent,
      DISCOUNT_FORM_MESSAGES.totalUses,
      DISCOUNT_FORM_MESSAGES.email,
    ]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the code as the API takes it', async () => {
    const onSubmit = vi.fn(async (_values: DiscountFormOutput) => {});
    render(
      <DiscountForm
        defaultValues={{ ...empty, code: 'save20', value: '20' }}
        submitLabel="Create"
        pending={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      code: 'SAVE20',
      kind: 'percent',
      value: '20',
      minSpend: '0.00',
      startsAt: '2026-11-30T16:00:00.000Z',
      endsAt: null,
    });
  });
});

describe('changedFields', () => {
  const values = DiscountFormSchema.parse({ ...empty, code: 'save20', value: '20', endsOn: '2026-12-31' });

  it('sends only what the edit changed, so an untouched start keeps its time', () => {
    expect(changedFields(values, { active: true })).toEqual({ active: true });
    expect(changedFields(values, { endsOn: true, email: true })).toEqual({
      endsAt: '2026-12-31T16:00:00.000Z',
      email: null,
    });
  });

  it('sends the kind and the value together, as one is read by the other', () => {
    expect(changedFields(values, { value: true })).toEqual({ kind: 'percent', value: '20' });
  });
});
