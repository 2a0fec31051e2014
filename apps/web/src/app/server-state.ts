import type { DehydratedState } from '@tanstack/react-query';

/**
 * The id of the `<script type="application/json">` a server-rendered page carries its state in
 * (a data block: never run, so the Content-Security-Policy has nothing to allow).
 */
export const SERVER_STATE_ID = 'habi-state';

/** What a server-rendered page was drawn from, so the browser's first render draws the same. */
export interface ServerState {
  /** The query cache (TanStack Query's dehydrated form). */
  queries: DehydratedState;
  /** The server's clock when it rendered (lib/now.ts), in ms since the epoch. */
  now: number;
}
