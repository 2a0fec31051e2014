import { type Product, STOCK_MESSAGES } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIZE_OPTIONS } from '../components/product-options.ts';
import { unsavedSentence, useProductEditor } from './use-product-editor.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

const BLUE = 'Card Tee Blue';
const TEE: Product = {
  _id: 'tee',
  id: 'tee',
  name: BLUE,
  imageUrl: '/uploads/tee-800.webp',
  price: '499.00',
  category: 'Men',
  subCategory: 'Tops',
  createdAt: '2026-03-01T00:00:00.000Z',
  stockTotal: 4,
  soldOut: false,
  description: 'A tee whose stock is counted.',
  size: ['S', 'M', 'L', 'XL', '2XL'],
  variations: [{ name: BLUE, imageUrl: '/uploads/blue-800.webp' }],
  trackStock: true,
  stock: ['S', 'M', 'L', 'XL', '2XL'].map((size) => ({
    variation: BLUE,
    size,
    quantity: size === 'M' ? 4 : 0,
  })),
};

/** The PATCH bodies sent, and how the next one is answered. */
let sent: { url: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () =>
    new Response(JSON.stringify({ message: 'Product updated successfully', product: TEE }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      sent.push({ url: input, body: JSON.parse(String(init.body)) });
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The editor on Edit Product, over the products list; `current()` is its latest state. */
function renderEditor() {
  let editor: ReturnType<typeof useProductEditor> | undefined;
  function Harness() {
    editor = useProductEditor(TEE, null);
    return <h1>Edit Product</h1>;
  }
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <h1>Products</h1> },
      { path: '/admin/product_edit', element: <Harness /> },
    ],
    { initialEntries: ['/admin', '/admin/product_edit'], initialIndex: 1 },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const current = () => editor!;
  return {
    current,
    path: () => router.state.location.pathname,
    setCells: (cells: Record<string, string>) =>
      act(() => current().stock.setCells({ ...current().stock.cells, ...cells })),
    update: () => act(() => current().onSubmit()),
  };
}

describe('useProductEditor', () => {
  it('sends the details and only the stock cells changed in one request, then leaves unasked', async () => {
    const page = renderEditor();
    page.setCells({ '0|M': '9', '0|L': '2' });
    expect(page.current().stock.pending).toBe(2);
    expect(page.current().unsaved).toBe('2 stock changes are not saved.');
    await page.update();
    expect(sent).toEqual([
      {
        url: '/api/product/edit/tee',
        body: {
          updatedName: BLUE,
          updatedDescription: TEE.description,
          updatedPrice: '499.00',
          updatedCategory: 'Men',
          updatedSubcategory: 'Tops',
          updatedSizes: TEE.size,
          stock: {
            changes: [
              { variation: BLUE, size: 'M', quantity: 9, expected: 4 },
              { variation: BLUE, size: 'L', quantity: 2, expected: 0 },
            ],
          },
        },
      },
    ]);
    await screen.findByRole('heading', { name: 'Products' });
    expect(page.path()).toBe('/admin');
  });

  it('sends no stock field when the stock is unchanged', async () => {
    const page = renderEditor();
    await page.update();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).not.toHaveProperty('stock');
  });

  it('stays when a stock change is refused, noting the stock now under the cell and keeping the value', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          message: STOCK_MESSAGES.changeRefused,
          errors: { 'stock.changes.0': '3 in stock now' },
          available: [{ line: 0, available: 3 }],
        }),
        { status: 409 },
      );
    const page = renderEditor();
    page.setCells({ '0|M': '10' });
    await page.update();
    expect(page.path()).toBe('/admin/product_edit');
    const { stock } = page.current();
    expect(stock.notes).toEqual({ '0|M': '3 in stock now' });
    expect(stock.problem).toBe(STOCK_MESSAGES.changeRefused);
    expect(stock.cells['0|M']).toBe('10');
    // Saved again, the change expects the 3 shown.
    answer = () =>
      new Response(JSON.stringify({ message: 'Product updated successfully', product: TEE }), {
        status: 200,
      });
    await page.update();
    expect(sent[1]!.body).toMatchObject({
      stock: { changes: [{ variation: BLUE, size: 'M', quantity: 10, expected: 3 }] },
    });
  });

  it('sends nothing while a cell holds no quantity', async () => {
    const page = renderEditor();
    page.setCells({ '0|S': 'lots' });
    await page.update();
    expect(sent).toEqual([]);
    expect(page.current().stock.cellErrors).toHaveProperty('0|S');
  });

  it('sends nothing when the sizes change under stock changes made for the sizes before', async () => {
    const page = renderEditor();
    page.setCells({ '0|M': '9' });
    act(() =>
      page
        .current()
        .form.setValue('size', SIZE_OPTIONS.find((o) => o.label === 'Sneakers')!, { shouldDirty: true }),
    );
    await page.update();
    expect(sent).toEqual([]);
    expect(page.current().stock.problem).toBe(STOCK_MESSAGES.resizedWithChanges);
    expect(page.current().unsaved).toBe(
      'Your changes to the product details and 1 stock change are not saved.',
    );
  });
});

describe('unsavedSentence', () => {
  it('names what is unsaved', () => {
    expect(unsavedSentence(true, 0)).toBe('Your changes to the product details are not saved.');
    expect(unsavedSentence(false, 1)).toBe('1 stock change is not saved.');
    expect(unsavedSentence(true, 3)).toBe(
      'Your changes to the product details and 3 stock changes are not saved.',
    );
  });
});
