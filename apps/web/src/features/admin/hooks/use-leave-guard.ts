import { useCallback, useEffect, useRef, useState } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

/** The open page's question, for a way out that is no navigation of the router's (Logout). */
let askOpenPage: (() => Promise<boolean>) | undefined;

/**
 * Whether the back office may leave the open page: true at once when nothing on it is unsaved,
 * else once the admin has answered its warning (true: Leave). Logout asks this before it signs out.
 */
export function confirmLeaving(): Promise<boolean> {
  return askOpenPage?.() ?? Promise.resolve(true);
}

/** Before a reload, a close or a link out of the app: the browser's own "Leave site?" prompt. */
function warnBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Browsers that predate preventDefault here ask only when returnValue is set.
  event.returnValue = '';
}

/**
 * Keeps a page with unsaved changes (`dirty`) open until the admin chooses to leave: a
 * navigation of the app (a link, Cancel, the browser's back and forward buttons) waits on the
 * page's warning (`open`, answered by `stay` or `leave`), and a reload or close gets the
 * browser's prompt. `release()` lets the page's own navigation after a save go unasked.
 */
export function useLeaveGuard(dirty: boolean) {
  // Read when a navigation starts, which can be before the effects of the render that changed
  // them have run (a save's navigation comes in the same task as its state updates).
  const latest = useRef({ dirty, released: false });
  latest.current.dirty = dirty;
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation: from, nextLocation: to }) => {
    const { dirty, released } = latest.current;
    return dirty && !released && (from.pathname !== to.pathname || from.search !== to.search);
  }, []);
  const blocker = useBlocker(shouldBlock);
  // Logout's question, while it is asked: how to answer it.
  const [answer, setAnswer] = useState<(leave: boolean) => void>();

  useEffect(() => {
    if (!dirty) return;
    // Read when the reload comes: the render that made the page clean may not have run its
    // effects yet, and this listener would still be there.
    const warn = (event: BeforeUnloadEvent) => {
      if (latest.current.dirty && !latest.current.released) warnBeforeUnload(event);
    };
    window.addEventListener('beforeunload', warn);
    const ask = () =>
      latest.current.released
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => setAnswer(() => resolve));
    askOpenPage = ask;
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (askOpenPage === ask) askOpenPage = undefined;
    };
  }, [dirty]);

  function close(leave: boolean) {
    if (leave) latest.current.released = true;
    if (blocker.state === 'blocked') {
      if (leave) blocker.proceed();
      else blocker.reset();
    }
    answer?.(leave);
    setAnswer(undefined);
  }

  return {
    /** Whether the warning shows: a navigation, or Logout, waits on it. */
    open: blocker.state === 'blocked' || answer !== undefined,
    stay: () => close(false),
    leave: () => close(true),
    release: () => {
      latest.current.released = true;
    },
  };
}
