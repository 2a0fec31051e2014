import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SizePicker } from './size-picker.tsx';

afterEach(() => {
  cleanup();
});

describe('SizePicker', () => {
  it('keeps a sold-out size in view, disabled and named as sold out', () => {
    const onChange = vi.fn();
    render(
      <SizePicker sizes={['S', 'M', 'L']} soldOut={new Set(['M'])} value={undefined} onChange={onChange} />,
    );
    const soldOut = screen.getByRole('radio', { name: 'M, sold out' });
    expect(soldOut).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'S' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('radio', { name: 'L' }));
    expect(onChange).toHaveBeenCalledWith('L');
  });
});
