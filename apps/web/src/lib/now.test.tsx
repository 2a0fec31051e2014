import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRenderTime, useNow } from './now.ts';

function Year() {
  return <p>{useNow().getFullYear()}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it("draws a server-rendered page with the server's time, then with the device's", async () => {
    // The server renders on 31 December 2026; the shopper's device already says 2027.
    setRenderTime(Date.UTC(2026, 11, 31, 12));
    const html = renderToString(<Year />);
    expect(html).toBe('<p>2026</p>');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2027, 0, 1, 12));
    const container = document.createElement('div');
    container.innerHTML = html;
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Year />, { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe('2027');
  });
});
