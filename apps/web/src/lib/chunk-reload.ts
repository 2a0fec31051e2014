/**
 * After a deploy, an open tab still asks for the hashed files of the build it started with,
 * and those are gone: its next lazily loaded page fails. One reload fetches the new build. A
 * mark per page in sessionStorage stops a reload loop when the files are missing for another
 * reason; the mark expires, so a later deploy reloads that page again.
 */

// Chromium, Firefox and Safari's words for a failed dynamic import, and Vite's for its CSS.
const CHUNK_LOAD_FAILED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** How long a reload of a page counts as already tried. */
export const RELOAD_GUARD_MS = 5 * 60_000;

const MARK_PREFIX = 'habi.chunk-reload:';

/** Whether `error` says a lazily loaded module (or its CSS) could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILED.test(error.message);
}

/**
 * Claims the one reload of `page` (a path and query): true and marked at `now`, or false if
 * it was already claimed within the guard.
 */
export function claimReload(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  page: string,
  now: number,
): boolean {
  const key = MARK_PREFIX + page;
  const last = Number(storage.getItem(key));
  if (last && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

let reloading = false;

/** Whether this document is on its way out to a reload, so an error it shows is moot. */
export function isReloading(): boolean {
  return reloading;
}

/**
 * Loads `href` afresh (the page whose code failed to load) unless that was tried just now;
 * true while that reload is under way. Called again before the page unloads, it stays true.
 */
export function reloadOnce(href: string): boolean {
  if (reloading) return true;
  const target = new URL(href, window.location.href);
  const page = target.pathname + target.search;
  try {
    if (!claimReload(window.sessionStorage, page, Date.now())) return false;
  } catch {
    // Without storage nothing would stop a loop: leave the error to the error page.
    return false;
  }
  reloading = true;
  // A client-side navigation fails before the address bar changes, so go to its target.
  if (page === window.location.pathname + window.location.search) window.location.reload();
  else window.location.assign(target.href);
  return true;
}
