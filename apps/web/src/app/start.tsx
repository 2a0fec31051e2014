import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { isChunkLoadError, isReloading } from '../lib/chunk-reload.ts';
import { cn } from '../lib/cn.ts';
import { hydrateInTurns } from '../lib/hydrate-in-turn.tsx';
import { nextTask } from '../lib/next-task.ts';
import '../lib/controlled-fields.ts';
import { setRenderTime } from '../lib/now.ts';
import { Providers } from './providers.tsx';
import { reloadForStaleChunk, startRouter } from './router.tsx';
import { SERVER_STATE_ID, type ServerState } from './server-state.ts';

// Vite reports every lazily loaded file it could not fetch here, the back office's own pages too.
window.addEventListener('vite:preloadError', (event) => {
  if (isChunkLoadError(event.payload)) reloadForStaleChunk();
});

// A page the server rendered (the public storefront) comes with what it was drawn from.
const block = document.getElementById(SERVER_STATE_ID)?.textContent;
const server = block ? (JSON.parse(block) as ServerState) : undefined;
if (server) setRenderTime(server.now);

/** Starts the app: hydrates the page the server rendered, or renders it here. */
export async function start() {
  const container = document.getElementById('root')!;
  let hydrating = server !== undefined;
  let router: Awaited<ReturnType<typeof startRouter>>;
  try {
    router = await startRouter({ hydrating });
  } catch (error) {
    // The page's own file could not be loaded: a reload for the new build is under way, or this
    // is that reload and the file is still gone; then the router shows its error page.
    if (isReloading()) return;
    if (!isChunkLoadError(error)) throw error;
    hydrating = false;
    router = await startRouter({ hydrating });
  }
  const app = (
    <StrictMode>
      <Providers state={server?.queries}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (hydrating) {
    // Tailwind Merge builds its tables on its first call: a task of its own, not part of one below.
    await nextTask();
    cn();
    await nextTask();
    hydrateInTurns(() => hydrateRoot(container, app));
  } else createRoot(container).render(app);
}
