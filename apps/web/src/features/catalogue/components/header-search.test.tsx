import type { Suggestions } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderSearch } from './header-search.tsx';

const DENIM: Suggestions = {
  products: [
    {
      id: 'jeans',
      name: 'Men Straight Jeans Indigo',
      imageUrl: '/uploads/jeans-800.webp',
      price: '1799.00',
      category: 'Men',
      subCategory: 'Bottoms',
    },
    {
      id: 'mom-jeans',
      name: 'Women High-Rise Mom Jeans Denim',
      imageUrl: '/uploads/mom-jeans-800.webp',
      price: '1599.00',
      category: 'Women',
      subCategory: 'Bottoms',
    },
  ],
  categories: [{ category: 'Men', subCategory: 'Bottoms' }],
};
const NOTHING: Suggestions = { products: [], categories: [] };

/** The suggest calls made, each answered when the test says (or aborted by the page). */
let calls: { q: string; signal: AbortSignal; answer(body: Suggestions): void }[];

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      expect(url.pathname).toBe('/api/product/suggest');
      return new Promise<Response>((resolve, reject) => {
        const signal = init.signal!;
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        calls.push({
          q: url.searchParams.get('q')!,
          signal,
          answer: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })),
        });
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The search box on a page at `url`, with the URL it leads to. */
function renderSearch(url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let where = '';
  function Where() {
    const location = useLocation();
    where = `${location.pathname}${location.search}`;
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <HeaderSearch />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { box: screen.getByRole('searchbox', { name: 'Search products' }), url: () => where };
}

/** Lets the debounce and any answered request run their course. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function typeAndAnswer(box: HTMLElement, text: string, body: Suggestions) {
  fireEvent.input(box, { target: { value: text } });
  await wait(200);
  calls.at(-1)!.answer(body);
  await wait(0);
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('HeaderSearch', () => {
  it('asks for suggestions once typing pauses for 200 ms, with the words trimmed', async () => {
    const { box } = renderSearch();
    fireEvent.input(box, { target: { value: 'd' } });
    await wait(100);
    fireEvent.input(box, { target: { value: 'denn' } });
    await wait(100);
    fireEvent.input(box, { target: { value: ' dennim ' } });
    await wait(199);
    expect(calls).toEqual([]);
    expect(screen.getByText('Searching...')).toBeTruthy();

    await wait(1);
    expect(calls.map((call) => call.q)).toEqual(['dennim']);
    calls[0]!.answer(DENIM);
    await wait(0);
    expect(optionNames()).toEqual([
      'Men Straight Jeans IndigoMen · Bottoms₱1,799.00',
      'Women High-Rise Mom Jeans DenimWomen · Bottoms₱1,599.00',
      'Men · Bottoms',
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      '3 suggestions. Use the up and down arrows to choose.',
    );
  });

  it('keeps the last suggestions while the next ones load, and cancels a request typed past', async () => {
    const { box } = renderSearch();
    await typeAndAnswer(box, 'denim', DENIM);

    fireEvent.input(box, { target: { value: 'denim j' } });
    await wait(200);
    expect(calls.map((call) => call.q)).toEqual(['denim', 'denim j']);
    expect(optionNames()).toHaveLength(3);

    fireEvent.input(box, { target: { value: 'denim ja' } });
    await wait(200);
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(optionNames()).toHaveLength(3);
    calls[2]!.answer(NOTHING);
    await wait(0);
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('“denim ja”')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No suggestions');
  });

  it('moves through the options with the arrow keys and opens the highlighted one with Enter', async () => {
    const { box, url } = renderSearch();
    await typeAndAnswer(box, 'dennim', DENIM);
    const options = screen.getAllByRole('option');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(url()).toBe('/view?pid=mom-jeans');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens a suggested category on the listing with that category and subcategory', async () => {
    const { box, url } = renderSearch();
    await typeAndAnswer(box, 'bottoms', DENIM);
    fireEvent.click(screen.getByRole('option', { name: 'Men · Bottoms' }));
    expect(url()).toBe('/products?category=Men&subCategory=Bottoms');
  });

  it('searches the listing for the words typed when Enter has no option highlighted', async () => {
    const { box, url } = renderSearch('/products?category=Women&sort=asc');
    await typeAndAnswer(box, '  dennim jaket ', DENIM);
    fireEvent.submit(screen.getByRole('search'));
    expect(url()).toBe('/products?q=dennim+jaket');
  });

  it('closes the popup with Escape, then clears the box with a second Escape', async () => {
    const { box } = renderSearch();
    await typeAndAnswer(box, 'dennim', DENIM);
    expect(screen.getByRole('listbox')).toBeTruthy();

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveProperty('value', 'dennim');

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveProperty('value', '');
  });

  it('closes the popup when focus leaves the search', async () => {
    const { box } = renderSearch();
    await typeAndAnswer(box, 'dennim', DENIM);
    fireEvent.blur(box, { relatedTarget: document.body });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows the search in force on the listing, and starts empty elsewhere', () => {
    const { box } = renderSearch('/products?q=linen+shirt&category=Men');
    expect(box).toHaveProperty('value', 'linen shirt');
    cleanup();
    expect(renderSearch('/about?q=linen').box).toHaveProperty('value', '');
  });
});
