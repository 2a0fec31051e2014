import { PASSWORD_MESSAGES, type Session } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast.ts';
import { Sessions, seenAgo } from './sessions.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const NOW = Date.parse('2026-11-27T08:00:00Z');
const session = (changes: Partial<Session>): Session => ({
  id: 's1',
  current: false,
  browser: 'Chrome',
  os: 'Android',
  network: '203.0.113.*',
  createdAt: '2026-11-20T02:00:00Z',
  lastSeenAt: new Date(NOW - 3 * 3600_000).toISOString(),
  ...changes,
});
const LIST = [
  session({ id: 'here', current: true, browser: 'Firefox', os: 'Windows' }),
  session({ id: 'phone' }),
];

let sent: { url: string; method: string }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      sent.push({ url, method });
      if (method === 'GET') return new Response(JSON.stringify(LIST));
      const message = url.endsWith('/sessions')
        ? PASSWORD_MESSAGES.othersEnded
        : PASSWORD_MESSAGES.sessionEnded;
      return new Response(JSON.stringify({ message }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderSessions(who: 'users' | 'admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Sessions who={who} />
    </QueryClientProvider>,
  );
}

describe('Sessions', () => {
  it('lists where the account is signed in, this browser marked and never given a sign-out', async () => {
    renderSessions('users');
    expect(await screen.findByText('Firefox on Windows')).toBeTruthy();
    expect(screen.getByText('This browser')).toBeTruthy();
    expect(screen.getByText('Chrome on Android')).toBeTruthy();
    expect(screen.getAllByText(/network 203\.0\.113\.\*/)).toHaveLength(2);
    // One sign-out, named by the place it ends.
    expect(screen.getAllByRole('button', { name: /^Sign out of / }).map((b) => b.textContent)).toEqual([
      'Sign out of Chrome on Android',
      'Sign out of all other sessions',
    ]);
  });

  it('signs out of one session, then of all the others, and reads the list again', async () => {
    renderSessions('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out of Chrome on Android' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PASSWORD_MESSAGES.sessionEnded));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of all other sessions' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PASSWORD_MESSAGES.othersEnded));
    await waitFor(() =>
      expect(sent).toEqual([
        { url: '/api/admin/me/sessions', method: 'GET' },
        { url: '/api/admin/me/sessions/phone', method: 'DELETE' },
        { url: '/api/admin/me/sessions', method: 'GET' },
        { url: '/api/admin/me/sessions', method: 'DELETE' },
        { url: '/api/admin/me/sessions', method: 'GET' },
      ]),
    );
  });
});

describe('seenAgo', () => {
  it.each([
    [0, 'just now'],
    [4 * 60_000, 'just now'],
    [12 * 60_000, '12 minutes ago'],
    [3 * 3600_000, '3 hours ago'],
    [26 * 3600_000, 'yesterday'],
    [9 * 86_400_000, '9 days ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(seenAgo(new Date(NOW - ms).toISOString(), NOW)).toBe(text);
  });
});
