import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
});

/** A fresh page load: no toast shown yet, react-toastify not loaded. */
async function freshPage() {
  vi.resetModules();
  const [{ ToastHost }, { toast }] = await Promise.all([
    import('./toast-host.tsx'),
    import('../../lib/toast.ts'),
  ]);
  return { ToastHost, toast };
}

describe('toasts', () => {
  it('mount nothing until the first toast, which then shows, and the next ones with it', async () => {
    const { ToastHost, toast } = await freshPage();
    const { container } = render(<ToastHost />);
    expect(container.innerHTML).toBe('');

    toast.success('Product added to cart');
    expect(await screen.findByText('Product added to cart')).toBeTruthy();
    toast.error('Could not save');
    expect(await screen.findByText('Could not save')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('shows a toast asked for before the host is on the page once it is', async () => {
    const { ToastHost, toast } = await freshPage();
    toast.warn('Some items changed');
    render(<ToastHost />);
    expect(await screen.findByText('Some items changed')).toBeTruthy();
  });
});
