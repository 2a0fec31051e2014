import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { pagesSitemap, productsSitemap, robotsTxt, sitemapIndex } from './seo.service.ts';

const XML = 'application/xml; charset=utf-8';
/** Crawlers may keep these a while; a product added shows within the hour. */
const CACHE = 'public, max-age=3600';
const HIDDEN = { schema: { hide: true } };

/**
 * robots.txt and the sitemaps, at the site's root (PUBLIC_URL names the site in them). Files for
 * crawlers, not API calls: left out of the API's OpenAPI document, as the uploads are.
 */
export default async function seoRoutes(
  app: FastifyInstance,
  { db, publicUrl }: { db: Executor; publicUrl: string },
) {
  app.get('/robots.txt', HIDDEN, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', HIDDEN, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(await sitemapIndex(db, publicUrl)),
  );
  app.get('/sitemap-pages.xml', HIDDEN, (_request, reply) =>
    reply.type(XML).header('cache-control', CACHE).send(pagesSitemap(publicUrl)),
  );
  app.get<{ Params: { page: string } }>(
    '/sitemap-products-:page(^\\d{1,6}).xml',
    HIDDEN,
    async (request, reply) => {
      const page = Number(request.params.page);
      const xml = page >= 1 ? await productsSitemap(db, publicUrl, page) : null;
      if (xml === null) return reply.status(404).send({ message: 'Not found' });
      return reply.type(XML).header('cache-control', CACHE).send(xml);
    },
  );
}
