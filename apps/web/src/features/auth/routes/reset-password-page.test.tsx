import { PASSWORD_MESSAGES } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ResetPasswordPage from './reset-password-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TOKEN = 'T'.repeat(43);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** Opens the page at `url`, the API answering each path with `[status, body]`. */
function open(url: string, answers: Record<string, [number, object]>) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({ url: path, body: init.body ? JSON.parse(String(init.body)) : null });
      const [status, body] = answers[path] ?? [404, { message: 'Not found' }];
      return new Response(JSON.stringify(body), { status });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/user', element: <p>My account</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('/reset-password', () => {
  it('says to ask for a new link when the link has no token, or a malformed one, asking nothing', async () => {
    for (const url of ['/reset-password', '/reset-password?token=abc']) {
      const sent = open(url, {});
      expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
      expect(screen.getByText(PASSWORD_MESSAGES.badLink)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
        '/forgot-password',
      );
      expect(sent).toEqual([]);
      cleanup();
    }
  });

  it('says to ask for a new link when the server no longer takes it', async () => {
    open(`/reset-password?token=${TOKEN}`, {
      '/api/users/reset-password/check': [404, { message: PASSWORD_MESSAGES.badLink }],
    });
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
  });

  it("asks a working link's new password, shows a refusal under it, and signs in", async () => {
    const answers: Record<string, [number, object]> = {
      '/api/users/reset-password/check': [200, { email: 'ana@example.com' }],
      '/api/users/reset-password': [
        400,
        { message: PASSWORD_MESSAGES.common, errors: { password: PASSWORD_MESSAGES.common } },
      ],
      '/api/users/current': [200, { _id: 'u1', email: 'ana@example.com' }],
    };
    const sent = open(`/reset-password?token=${TOKEN}`, answers);
    expect(await screen.findByText(/For the account ana@example\.com/)).toBeTruthy();
    const password = screen.getByLabelText('New password');
    fireEvent.input(password, { target: { value: 'qwerty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.common, { selector: 'p' })).toBeTruthy();

    answers['/api/users/reset-password'] = [200, { message: PASSWORD_MESSAGES.reset }];
    fireEvent.input(password, { target: { value: 'a-new-secret-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('My account')).toBeTruthy();
    await waitFor(() =>
      expect(sent.filter((s) => s.url === '/api/users/reset-password').at(-1)?.body).toEqual({
        token: TOKEN,
        password: 'a-new-secret-9',
      }),
    );
  });
});
