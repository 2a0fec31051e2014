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
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    return compress(payload, encoding);
  });
}

export default fp(compressionPlugin, { name: 'compression' });
