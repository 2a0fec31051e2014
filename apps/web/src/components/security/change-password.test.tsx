import { PASSWORD_MESSAGES } from '@habi/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast.ts';
import { ChangePassword } from './change-password.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** Renders the form for `who`, the API answering `status` and `body`; returns what was sent. */
function renderForm(who: 'users' | 'admin', status: number, body: object) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === 'POST') sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(init.method === 'POST' ? body : []), {
        status: init.method === 'POST' ? status : 200,
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChangePassword who={who} />
    </QueryClientProvider>,
  );
  const type = (label: string, value: string) =>
    fireEvent.input(screen.getByLabelText(label), { target: { value } });
  return {
    sent,
    type,
    submit: () => fireEvent.click(screen.getByRole('button', { name: 'Change password' })),
  };
}

describe('ChangePassword', () => {
  it("checks SPEC's minimum in the admin forms' wording before sending", async () => {
    const form = renderForm('admin', 200, { message: PASSWORD_MESSAGES.changed });
    form.type('Current password', 'admin-secret');
    form.type('New password', '12345');
    form.submit();
    expect(await screen.findByText('Passwords must be at least 6 characters long')).toBeTruthy();
    expect(form.sent).toEqual([]);
  });

  it('sends both passwords, says the others are signed out and empties the form', async () => {
    const form = renderForm('users', 200, { message: PASSWORD_MESSAGES.changed });
    form.type('Current password', 'secret123');
    form.type('New password', 'a-new-secret-9');
    form.submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PASSWORD_MESSAGES.changed));
    expect(form.sent).toEqual([
      { url: '/api/users/me/password', body: { currentPassword: 'secret123', password: 'a-new-secret-9' } },
    ]);
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusals under their fields", async () => {
    const form = renderForm('users', 403, {
      message: PASSWORD_MESSAGES.wrongCurrent,
      errors: { currentPassword: PASSWORD_MESSAGES.wrongCurrent },
    });
    form.type('Current password', 'not-mine');
    form.type('New password', 'a-new-secret-9');
    form.submit();
    expect(await screen.findByText(PASSWORD_MESSAGES.wrongCurrent, { selector: 'p' })).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });
});
