import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { IMAGE_FILE, type ImageStore } from './image-store.ts';
import { startImageSweeper } from './sweep.ts';

const YEAR_S = 365 * 24 * 3600;
/** How often the images no row shows (a replaced picture left behind) are looked for. */
const SWEEP_MS = 60 * 60_000;

/**
 * `/uploads/<name>`: the re-encoded images, from whichever store the instance uses. A name is
 * its content's hash, so the name is the ETag and browsers and proxies may keep it for a year.
 * While they are served, the store is swept of the images nothing shows.
 */
export default async function uploadsRoutes(
  app: FastifyInstance,
  { db, images }: { db: Db; images: ImageStore },
) {
  const sweeper = startImageSweeper(db, images, app.log, SWEEP_MS);
  app.addHook('onClose', () => sweeper.stop());
  app.get<{ Params: { name: string } }>('/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const bytes = IMAGE_FILE.test(name) ? await images.get(name) : null;
    if (!bytes) return reply.status(404).send({ message: 'Not found' });
    const etag = `"${name.slice(0, -'.webp'.length)}"`;
    reply.header('etag', etag).header('cache-control', `public, max-age=${YEAR_S}, immutable`);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/webp').send(bytes);
  });
}
