import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isRenderedPage, renderedPageQuery, storeDate } from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/client.ts';
import { createCatalogueCache, type VersionsRaised } from '../products/index.ts';
import { loadPageRenderer, withBody } from './page-body.ts';
import { pageHeadHtml, withHead } from './page-head.ts';
import { pageStatus } from './seo.service.ts';

const YEAR_S = 365 * 24 * 3600;

/**
 * Rendered public pages kept: each is 20-60 kB of HTML, and its compressed copies. A page costs
 * milliseconds to render, so it is kept from its first request, but a search's from its second:
 * most searches are made once, and keeping each would push out the pages shoppers come back to.
 */
const PAGE_CACHE_LIMITS = { name: 'pages', entries: 500, bytes: 16 * 1024 * 1024 };

/** Thrown by a page's build when it could not be rendered: nothing is kept, the shell is sent. */
class NotRendered extends Error {}

/**
 * The built web app: hashed assets cached for a year, index.html always revalidated, each sent
 * brotli- or gzip-compressed as built when the client takes it, and every page path answered
 * with index.html so deep links and reloads work: 200 for the app's pages, 404 for any other
 * path or a product that is not there (the app shows its not-found page). Each page is sent
 * with a head of its own (page-head.ts): title, description, and for search engines and link
 * previews the canonical URL, Open Graph tags and a product's structured data. The public
 * storefront's pages, the cart and the not-found page are sent rendered, with the data they were
 * rendered from (page-body.ts); other personal pages and the back office are rendered in the
 * browser. A rendered page is the same for every visitor until the catalogue, the sales counts (Home's Best
 * Collections) or the store's day (Delivery's dates) change, so it is kept and reused as the
 * API's catalogue answers are (catalogue-cache.ts: never stale, across instances too).
 */
async function pagesRoutes(
  app: FastifyInstance,
  options: {
    webDist: string;
    db: Executor;
    storeName: string;
    publicUrl: string;
    versionsRaised?: VersionsRaised;
  },
) {
  const indexHtml = path.join(options.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  // Read once, as the build's other files are listed once: a new build is served after a restart.
  const shell = hasWeb ? readFileSync(indexHtml, 'utf8') : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each text file; the client's Accept-Encoding picks.
      preCompressed: true,
      setHeaders(reply, file) {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${YEAR_S}, immutable` : 'no-cache');
      },
    });
  }

  const renderBody = hasWeb ? await loadPageRenderer(app, options.webDist, shell) : undefined;
  const rendered = createCatalogueCache(options.db, PAGE_CACHE_LIMITS, options.versionsRaised);

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/uploads/') &&
      path.extname(request.url.split('?')[0]!) === '';
    if (hasWeb && isPage) {
      const url = new URL(request.url, 'http://store');
      const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
      // A drawn page is drawn, kept and described from the parameters it reads alone, so that
      // made-up ones (`?x=1`, `?x=2`, …) do not fill the kept pages with copies of it.
      if (isRenderedPage(path))
        url.search = new URLSearchParams(renderedPageQuery(path, url.searchParams)).toString();
      const page = await pageStatus(options.db, url);
      // Personal pages and the back office are served, never indexed.
      if (!page.indexable) reply.header('x-robots-tag', 'noindex');
      let html = withHead(shell, pageHeadHtml(page, options));
      if (renderBody && page.status === 200 && isRenderedPage(page.path)) {
        const drawn = `${path}${url.search}`;
        const withRendered = async () => {
          const body = await renderBody(drawn);
          if (!body) throw new NotRendered();
          return { body: withBody(html, body) };
        };
        try {
          return await rendered.reply(request, reply, `${storeDate(new Date())} ${drawn}`, withRendered, {
            readsSales: true,
            type: 'text/html; charset=utf-8',
            keepFirst: !url.searchParams.has('q'),
          });
        } catch (error) {
          if (!(error instanceof NotRendered)) throw error;
        }
      }
      // The not-found page is rendered each time (not kept: any path is one).
      const body = page.status === 404 ? await renderBody?.(request.url) : undefined;
      if (body) html = withBody(html, body);
      return reply
        .status(page.status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}

export default fp(pagesRoutes, { name: 'pages' });
