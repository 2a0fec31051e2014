import type { DiscountPreview } from '@habi/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { DiscountCodeField } from './discount-code-field.tsx';

afterEach(() => {
  cleanup();
});

const preview: DiscountPreview = {
  code: 'SAVE20',
  kind: 'percent',
  value: '20',
  minSpend: '0.00',
  discount: '246.90',
};

function apply(text: string) {
  fireEvent.input(screen.getByLabelText('Discount code'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('DiscountCodeField', () => {
  it('applies the code as typed, in capitals', async () => {
    const onApply = vi.fn(async () => {});
    render(<DiscountCodeField applied={null} onApply={onApply} onRemove={() => {}} />);
    apply('  save20 ');
    await waitFor(() => expect(onApply).toHaveBeenCalledWith('SAVE20'));
  });

  it('asks for a code before sending anything', async () => {
    const onApply = vi.fn(async () => {});
    render(<DiscountCodeField applied={null} onApply={onApply} onRemove={() => {}} />);
    apply('   ');
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a code');
    expect(onApply).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the field", async () => {
    const refusal = 'Spend at least ₱2,000.00 to use this code';
    const onApply = vi.fn(async () => {
      throw new ApiError(422, refusal, { discountCode: refusal });
    });
    render(<DiscountCodeField applied={null} onApply={onApply} onRemove={() => {}} />);
    apply('big');
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByLabelText('Discount code').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows an applied code with what it takes off, and removes it', () => {
    const onRemove = vi.fn();
    render(
      <DiscountCodeField applied="SAVE20" preview={preview} onApply={async () => {}} onRemove={onRemove} />,
    );
    expect(screen.getByText('SAVE20').parentElement?.textContent).toBe('SAVE20 · 20% off');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the discount code SAVE20' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('says why an applied code no longer applies to the cart', () => {
    render(
      <DiscountCodeField
        applied="SAVE20"
        problem="This code has expired"
        onApply={async () => {}}
        onRemove={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('This code has expired');
    expect(screen.queryByText(/off/)).toBeNull();
  });
});
