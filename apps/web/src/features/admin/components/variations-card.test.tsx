import type { Product } from '@habi/shared';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMediaEdits } from '../hooks/use-media-edits.ts';
import { VariationsCard } from './variations-card.tsx';

const TEE: Product = {
  _id: 'tee',
  id: 'tee',
  name: 'Tee Navy',
  imageUrl: '/uploads/main-800.webp',
  price: '499.00',
  category: 'Men',
  subCategory: 'Tops',
  createdAt: '2026-03-01T00:00:00.000Z',
  stockTotal: null,
  soldOut: false,
  description: 'A tee.',
  size: [],
  variations: [
    { name: 'Tee Navy', imageUrl: '/uploads/navy-800.webp' },
    { name: 'Tee Olive', imageUrl: '/uploads/olive-800.webp' },
  ],
  trackStock: false,
};

afterEach(cleanup);

let media: ReturnType<typeof useMediaEdits>;
function Harness() {
  media = useMediaEdits(TEE);
  return <VariationsCard media={media} disabled={false} />;
}
const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.dataset.key);
const pick = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { files: [file] } });

describe('VariationsCard', () => {
  it('moves a variation with its buttons, the first and last unable to go further', () => {
    render(<Harness />);
    expect((screen.getByRole('button', { name: 'Move Navy up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Olive down' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Olive up' }));
    expect(names()).toEqual(['1', '0']);
    expect(media.dirty).toBe(true);
  });

  it('adds a variation whose name takes the focus, and sends it with its photo', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Add variation' }));
    const name = screen.getByLabelText('New variation name');
    expect(document.activeElement).toBe(name);
    fireEvent.input(name, { target: { value: 'Tee Khaki' } });
    const file = new File(['png'], 'khaki.png', { type: 'image/png' });
    pick('Choose photo of Tee Khaki', file);
    expect(screen.getAllByRole('button', { name: 'Replace photo of Tee Khaki' })).toHaveLength(1);
    let sent: ReturnType<typeof media.check> | undefined;
    act(() => {
      sent = media.check();
    });
    expect(sent).toMatchObject({
      fields: { variations: [...TEE.variations, { name: 'Tee Khaki', imageUrl: { upload: 0 } }] },
      files: [file],
    });
  });

  it('refuses a file that is no image, keeping the photo it had', () => {
    render(<Harness />);
    pick('Replace main photo', new File(['%PDF'], 'catalogue.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe('Only png, jpeg, jpg and svg images are accepted');
    expect(media.dirty).toBe(false);
  });

  it('removes a variation, and says what is missing on a new one when checked', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Navy' }));
    expect(names()).toEqual(['1']);
    fireEvent.click(screen.getByRole('button', { name: 'Add variation' }));
    fireEvent.input(screen.getByLabelText('New variation name'), { target: { value: 'Tee Khaki' } });
    let result: ReturnType<typeof media.check> | undefined;
    act(() => {
      result = media.check();
    });
    expect(result).toBe('invalid');
    expect(screen.getByRole('alert').textContent).toBe('Choose a photo for this variation');
  });

  it("replaces a kept variation's photo, then keeps it through a removal and an addition", () => {
    render(<Harness />);
    const blue = new File(['blue'], 'blue.png', { type: 'image/png' });
    pick('Replace photo of Olive', blue);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Navy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add variation' }));
    fireEvent.input(screen.getByLabelText('New variation name'), { target: { value: 'Tee Khaki' } });
    const khaki = new File(['khaki'], 'khaki.png', { type: 'image/png' });
    pick('Choose photo of Tee Khaki', khaki);
    let sent: ReturnType<typeof media.check> | undefined;
    act(() => {
      sent = media.check();
    });
    expect(sent).toMatchObject({
      fields: {
        variations: [
          { name: 'Tee Olive', imageUrl: { upload: 0 } },
          { name: 'Tee Khaki', imageUrl: { upload: 1 } },
        ],
      },
      files: [blue, khaki],
    });
  });
});
