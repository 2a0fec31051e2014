import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * Security headers with a strict CSP (no third-party hosts), and the Origin check on unsafe
 * methods (DESIGN §5): CSRF defence on top of SameSite cookies.
 */
async function securityPlugin(app: FastifyInstance, options: { allowedOrigins: string[] }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  const allowed = new Set(options.allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = originOf(request);
    if (!origin) throw forbidden('Cross-site request refused');
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden('Cross-site request refused');
    }
    if (host !== request.headers.host && !allowed.has(origin)) {
      throw forbidden('Cross-site request refused');
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
