import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESS_MIN_BYTES, compress, pickEncoding, varyOnEncoding } from '../lib/compression.ts';

const COMPRESSIBLE = /^(application\/(json|xml)|text\/|image\/svg\+xml)/;

/**
 * Compresses JSON and text answers built per request, above a small size, in the encoding the
 * client prefers. Answers that chose their encoding themselves (the catalogue's, kept
 * compressed; the built web app's precompressed files) and streams pass as they are.
 */
async function compressionPlugin(app: FastifyInstance) {
  // In callback form: most answers pass unchanged, without a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return done(null, payload);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    compress(payload, encoding).then((body) => done(null, body), done);
  });
}

export default fp(compressionPlugin, { name: 'compression' });
