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
    // The matched route, not the raw URL: "/%61pi/users/sign-in" reaches the same handler.
    const target = request.routeOptions.url ?? request.url;
    if (SAFE_METHODS.has(request.method) || !target.startsWith('/api/')) return;
    const origin = originOf(request);
    if (!origin) throw forbidden('Cross-site request refused');
    if (allowed.has(origin)) return;
    let host: string;
    let requestHost: string | undefined;
    try {
      const url = new URL(origin);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not a web origin');
      host = url.host;
      // Parsed the same way, so a default port spelled out ("localhost:80") still matches.
      requestHost = request.headers.host
        ? new URL(`${url.protocol}//${request.headers.host}`).host
        : undefined;
    } catch {
      throw forbidden('Cross-site request refused');
    }
    if (host !== requestHost) {
      throw forbidden('Cross-site request refused');
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
