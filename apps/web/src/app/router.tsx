import { lazy } from 'react';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { reloadOnce } from '../lib/chunk-reload.ts';
import { loadChunk, pageRoutes, whenChunkIsStale } from './routes.tsx';

/**
 * The header's search, a chunk of its own loaded with the first page. Imported eagerly it made
 * the bundler move zod and the shared schemas into a chunk that runs before main.tsx, so before
 * lib/zod.ts, and Zod tried `new Function` against the Content-Security-Policy.
 */
const HeaderSearch = lazy(() =>
  loadChunk(() => import('../features/catalogue/components/header-search.tsx')).then((module) => ({
    default: module.HeaderSearch,
  })),
);

const routes = pageRoutes(<HeaderSearch />);

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
