import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LeaveDialog } from '../components/leave-dialog.tsx';
import { confirmLeaving, useLeaveGuard } from './use-leave-guard.ts';

afterEach(() => {
  cleanup();
});

/** A page with one field: typed in, it is unsaved until Save (which then goes to the list). */
function EditPage() {
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  const guard = useLeaveGuard(text !== saved);
  const navigate = useNavigate();
  return (
    <>
      <input aria-label="Name" value={text} onChange={(event) => setText(event.target.value)} />
      <Link to="/orders">Orders</Link>
      <button type="button" onClick={() => setSaved(text)}>
        Save here
      </button>
      <button
        type="button"
        onClick={() => {
          // As a successful save does: the state is not rendered yet when the page leaves.
          setSaved(text);
          guard.release();
          void navigate('/list');
        }}
      >
        Save and leave
      </button>
      <LeaveDialog open={guard.open} unsaved="Name is not saved." onStay={guard.stay} onLeave={guard.leave} />
    </>
  );
}

function renderAt(entries = ['/list', '/edit']) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage /> },
      { path: '/list', element: <h1>List</h1> },
      { path: '/orders', element: <h1>Orders</h1> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return { path: () => router.state.location.pathname, router };
}

const type = (text: string) =>
  fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: text } });
const dialog = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });
/** Whether the browser would ask before unloading the page now. */
function unloadAsks() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useLeaveGuard', () => {
  it('lets a page with nothing unsaved go without a word', async () => {
    const { path } = renderAt();
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await screen.findByRole('heading', { name: 'Orders' });
    expect(path()).toBe('/orders');
    expect(dialog()).toBeNull();
    expect(unloadAsks()).toBe(false);
  });

  it('holds a link with unsaved changes: Cancel stays with them, Leave goes', async () => {
    const { path } = renderAt();
    type('Tee');
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('alertdialog')).toHaveProperty(
      'textContent',
      expect.stringContaining('Name is not saved. If you leave this page now, they are lost.'),
    );
    // The focus is in the dialog, on Cancel.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toBeNull();
    expect(path()).toBe('/edit');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Tee');

    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Orders' });
    expect(path()).toBe('/orders');
  });

  it('stays on Escape, and holds the way back too', async () => {
    const { path, router } = renderAt();
    type('Tee');
    await act(() => router.navigate(-1));
    await screen.findByRole('alertdialog');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(path()).toBe('/edit');
    await act(() => router.navigate(-1));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'List' });
  });

  it('has the browser ask before a reload or close only while something is unsaved', () => {
    renderAt();
    expect(unloadAsks()).toBe(false);
    type('Tee');
    expect(unloadAsks()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save here' }));
    expect(unloadAsks()).toBe(false);
  });

  it('asks nothing once saved, even when the save leaves before its state is shown', async () => {
    const { path } = renderAt();
    type('Tee');
    fireEvent.click(screen.getByRole('button', { name: 'Save here' }));
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    await screen.findByRole('heading', { name: 'Orders' });
    expect(dialog()).toBeNull();

    renderAt(['/edit']);
    type('Polo');
    fireEvent.click(screen.getByRole('button', { name: 'Save and leave' }));
    await screen.findByRole('heading', { name: 'List' });
    expect(dialog()).toBeNull();
    expect(path()).toBe('/orders');
  });

  it('answers Logout at once with nothing unsaved, else after the warning', async () => {
    renderAt();
    expect(await confirmLeaving()).toBe(true);
    type('Tee');
    let asked = confirmLeaving();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await asked).toBe(false);
    asked = confirmLeaving();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await asked).toBe(true);
    expect(dialog()).toBeNull();
  });
});
