import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { scriptSafe } from './page-head.ts';

/** What the web app's server bundle (apps/web src/entry-server.tsx) exports. */
interface ServerBundle {
  SERVER_STATE_ID: string;
  sendApiRequestsTo(api: typeof fetch): void;
  renderPage(url: string): Promise<{ html: string; state: string; sources: string[] } | undefined>;
}

/** A page's rendered body, with what it was drawn from. */
export interface PageBody {
  html: string;
  /**
   * The `<script type="application/json">` holding the data the body was rendered from; its
   * `data-modules` lists the files of the page's code, which the browser fetches together once
   * the page has loaded (apps/web src/main.tsx).
   */
  state: string;
}

/** One entry of Vite's build manifest (`.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The API as the pages' fetch while rendering: answered by the server in process (no socket),
 * as an anonymous visitor (no cookie, so nothing personal can reach a rendered page), and only
 * for reads: rendering never writes.
 */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') throw new Error(`page rendering sent ${method} ${String(input)}`);
    const response = await app.inject({
      method,
      url: String(input),
      headers: { accept: 'application/json' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

/**
 * Loads the web app's server bundle built beside `webDist` (`../dist-ssr/entry-server.js`), or
 * undefined when there is none (then every page is sent as the shell, rendered in the browser).
 * The answer renders the body of the page at a URL, or undefined when the page cannot be
 * rendered as the browser would show it (its data failed, or rendering threw: logged).
 */
export async function loadPageRenderer(app: FastifyInstance, webDist: string, shell: string) {
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const bundle = (await import(pathToFileURL(file).href)) as ServerBundle;
  bundle.sendApiRequestsTo(inProcessFetch(app));
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};

  /** The built files a source module needs, its imports first; none the shell already loads. */
  function filesOf(source: string, into: Set<string>) {
    const chunk = manifest[source];
    if (!chunk) return;
    for (const imported of chunk.imports ?? []) filesOf(imported, into);
    if (!shell.includes(`/${chunk.file}"`)) into.add(chunk.file);
  }

  return async (url: string): Promise<PageBody | undefined> => {
    try {
      const page = await bundle.renderPage(url);
      if (!page) return undefined;
      const files = new Set<string>();
      for (const source of page.sources) filesOf(source, files);
      const modules = [...files].map((file) => `/${file}`).join(' ');
      return {
        html: page.html,
        state: `<script type="application/json" id="${bundle.SERVER_STATE_ID}" data-modules="${modules}">${scriptSafe(page.state)}</script>`,
      };
    } catch (error) {
      app.log.error({ err: error }, 'page rendering failed');
      return undefined;
    }
  };
}

/** The page with its rendered body in the shell's root element, followed by its data. */
export function withBody(html: string, body: PageBody) {
  return html.replace('<div id="root"></div>', () => `<div id="root">${body.html}</div>${body.state}`);
}
