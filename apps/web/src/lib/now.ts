import { useSyncExternalStore } from 'react';

/** When the server rendered the page being hydrated (or is rendering now), in ms since the epoch. */
let renderedAt: number | undefined;

/** Called by the server before each render, and in the browser with the time its page came with. */
export function setRenderTime(ms: number) {
  renderedAt = ms;
}

const neverChanges = () => () => {};

/**
 * The time for a page's text (today's date, the year): the server's while a server-rendered
 * page hydrates, so the first render matches the HTML whatever the device's clock says; the
 * device's own from the next render on.
 */
export function useNow(): Date {
  const hydrated = useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
  return hydrated || renderedAt === undefined ? new Date() : new Date(renderedAt);
}
