import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CART_STATE_SCRIPT } from '@habi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { forbidden } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may be called from anywhere: it reads no cookie, a token in the request is its
     * whole authority (one-click unsubscribe, which mail providers POST from their servers).
     */
    crossSite?: boolean;
  }
}

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

/** An inline script the CSP allows, by the hash of its text. */
const allowedInline = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The store's own files, and the pages' one head script (page-head.ts): nothing else.
      scriptSrc: ["'self'", allowedInline(CART_STATE_SCRIPT)],
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
};

/**
 * Helmet's headers, worked out once: they are the same for every response, and building them
 * per request (as @fastify/helmet does, parsing the CSP each time) took a tenth of the time a
 * cached catalogue answer costs.
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(HELMET)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers with a strict CSP (no third-party hosts), and the Origin check on unsafe
 * methods: CSRF defence on top of SameSite cookies.
 */
async function securityPlugin(app: FastifyInstance, options: { allowedOrigins: string[] }) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const allowed = new Set(options.allowedOrigins);
  app.addHook('onRequest', (request, _reply, done) => {
    // The matched route, not the raw URL: "/%61pi/users/sign-in" reaches the same handler.
    const target = request.routeOptions.url ?? request.url;
    if (SAFE_METHODS.has(request.method) || !target.startsWith('/api/')) return done();
    if (request.routeOptions.config.crossSite) return done();
    const origin = originOf(request);
    if (!origin || !(allowed.has(origin) || sameOrigin(origin, request))) {
      return done(forbidden('Cross-site request refused'));
    }
    done();
  });
}

/**
 * Whether `origin` is the request's own: the same scheme, host and port, each spelled the
 * way a URL normalises it (so "localhost:80" on http is "localhost").
 */
function sameOrigin(origin: string, request: FastifyRequest): boolean {
  const { host } = request.headers;
  if (!host) return false;
  try {
    const claimed = new URL(origin);
    if (claimed.protocol !== 'http:' && claimed.protocol !== 'https:') return false;
    return claimed.origin === new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return false;
  }
}

export default fp(securityPlugin, { name: 'security' });
