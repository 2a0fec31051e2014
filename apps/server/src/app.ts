import multipart from '@fastify/multipart';
import { LIMITS, UPLOAD_MAX_BYTES } from '@habi/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import adminsRoutes from './modules/admins/admins.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import ordersRoutes from './modules/orders/orders.routes.ts';
import productsRoutes from './modules/products/products.routes.ts';
import usersRoutes from './modules/users/users.routes.ts';
import auth from './plugins/auth.ts';
import docs from './plugins/docs.ts';
import errors from './plugins/errors.ts';
import security from './plugins/security.ts';
import staticFiles from './plugins/static-files.ts';

/** Builds the whole app without listening: `main.ts` listens, tests use `app.inject`. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Cookies and credentials never reach a log line.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errors);
  await app.register(security, { allowedOrigins: config.allowedOrigins });
  await app.register(auth, { db: database.db, secureCookies: config.cookieSecure });
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: LIMITS.variationsMax + 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: LIMITS.variationsMax + 21,
    },
    throwFileSizeLimit: true,
  });
  await app.register(docs, { storeName: config.storeName });

  const deps = { db: database.db, uploadsDir: config.uploadsDir };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(usersRoutes, { ...deps, prefix: '/users' });
      await api.register(adminsRoutes, { ...deps, prefix: '/admin' });
      await api.register(productsRoutes, { ...deps, prefix: '/product' });
      await api.register(ordersRoutes, { ...deps, prefix: '/orders' });
    },
    { prefix: '/api' },
  );
  await app.register(staticFiles, { uploadsDir: config.uploadsDir, webDist: config.webDist });
  return app;
}
