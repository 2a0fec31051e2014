/**
 * Server rendering of the public storefront, built by `vite build --ssr` into dist-ssr/ and
 * loaded by the server (apps/server modules/pages/pages.routes.ts). A page's data is fetched through
 * the server itself (`setTransport`), rendered into HTML, and sent with the query cache it was
 * rendered from, so the browser's first render matches it (hydration) without asking again.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { type PageHandle, routes } from './app/routes.tsx';
import type { ServerState } from './app/server-state.ts';
import { setTransport } from './lib/api-client.ts';
import { setRenderTime } from './lib/now.ts';
import { createQueryClient } from './lib/query-client.ts';

export { SERVER_STATE_ID } from './app/server-state.ts';

/** A rendered page: its body's HTML, its data, and the source modules it was drawn with. */
export interface RenderedPage {
  html: string;
  /** What the page was drawn from, as JSON (`ServerState`). */
  state: string;
  /** Source files (the build manifest's keys) of the page's code: the app's, and the page's. */
  sources: string[];
}

/** The modules main.tsx loads to start the app: the packages it is built on, then its own. */
const APP_SOURCES = ['src/app/packages.ts', 'src/app/start.tsx'];

const handler = createStaticHandler(routes);

/** Requests from the pages go to `api` (the server answering in process), never the network. */
export function sendApiRequestsTo(api: typeof fetch) {
  setTransport(api);
}

const failed = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'error');

/**
 * Renders the page at `url` (path and query), or undefined when it cannot be rendered as the
 * browser would show it: a redirect, or data that failed to load (the browser then renders it
 * from the page's shell, with its own loading and error states).
 */
export async function renderPage(url: string): Promise<RenderedPage | undefined> {
  const request = new Request(new URL(url, 'http://store'));
  const context = await handler.query(request);
  if (context instanceof Response) return undefined;

  const client = createQueryClient({ server: true });
  try {
    const handles = context.matches
      .map((match) => match.route.handle as PageHandle | undefined)
      .filter((handle) => handle !== undefined);
    await Promise.all(handles.map((handle) => handle.prefetch?.(client, new URL(request.url))));
    if (failed(client)) return undefined;

    const router = createStaticRouter(handler.dataRoutes, context);
    // Rendering is synchronous: the time set here is the one this page is drawn with.
    const now = Date.now();
    setRenderTime(now);
    const html = renderToString(
      <StrictMode>
        <Providers client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );
    return {
      html,
      state: JSON.stringify({ queries: dehydrate(client), now } satisfies ServerState),
      sources: [...APP_SOURCES, ...handles.map((handle) => handle.source)],
    };
  } finally {
    // The page's data now lives in its HTML and state: nothing of it stays in memory.
    client.clear();
  }
}
