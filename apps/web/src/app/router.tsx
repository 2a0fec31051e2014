import { createBrowserRouter, matchRoutes } from 'react-router';
import { reloadOnce } from '../lib/chunk-reload.ts';
import { routes, whenChunkIsStale } from './routes.tsx';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** Reloads once at the page being opened: a navigation's target while one is under way. */
export function reloadForStaleChunk() {
  const pending = router?.state.navigation.location;
  reloadOnce(pending && router ? router.createHref(pending) : window.location.href);
}
whenChunkIsStale(reloadForStaleChunk);

/**
 * The browser's router. Over a server-rendered page, the open page's modules are loaded first,
 * so its first render is the page the server sent (hydration), not the loading state.
 */
export async function startRouter({ hydrating }: { hydrating: boolean }) {
  if (hydrating) {
    await Promise.all(
      (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
  }
  router = createBrowserRouter(routes);
  return router;
}
