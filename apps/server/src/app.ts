import path from 'node:path';
import multipart from '@fastify/multipart';
import { LIMITS, UPLOAD_MAX_BYTES } from '@habi/shared';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createLogger } from './lib/logger.ts';
import { accountsRoutes } from './modules/accounts/index.ts';
import { adminsRoutes } from './modules/admins/index.ts';
import { auditPlugin, auditRoutes } from './modules/audit/index.ts';
import { authPlugin } from './modules/auth/index.ts';
import { catalogueCsvRoutes } from './modules/catalogue-csv/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { discountsRoutes } from './modules/discounts/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { createMailWorker, emailsRoutes, type MailWorker, openMailTransport } from './modules/mail/index.ts';
import { newsletterRoutes } from './modules/newsletter/index.ts';
import { ordersRoutes } from './modules/orders/index.ts';
import { pagesRoutes, seoRoutes } from './modules/pages/index.ts';
import { PaymentSettingsStore, paymentSettingsRoutes } from './modules/payment-settings/index.ts';
import {
  openPayMongo,
  PaymentsService,
  paymentsRoutes,
  paymongoRoutes,
  startLapseSweeper,
  TransferProofs,
  transferProofRoutes,
} from './modules/payments/index.ts';
import { placesRoutes } from './modules/places/index.ts';
import { productsRoutes } from './modules/products/index.ts';
import { reportsRoutes } from './modules/reports/index.ts';
import { cancelItemsRoutes, returnsRoutes } from './modules/returns/index.ts';
import { shipmentsRoutes } from './modules/shipments/index.ts';
import { sizeChartsRoutes } from './modules/size-charts/index.ts';
import { staffRoutes } from './modules/staff/index.ts';
import {
  type ImageStore,
  openImageStore,
  openPrivateImageStore,
  PRIVATE_IMAGES_DIR,
  uploadsRoutes,
} from './modules/uploads/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import compression from './plugins/compression.ts';
import docs from './plugins/docs.ts';
import errors from './plugins/errors.ts';
import lifecycle from './plugins/lifecycle.ts';
import metrics from './plugins/metrics.ts';
import requestLog, { requestIds } from './plugins/request-log.ts';
import security from './plugins/security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this instance stores and reads images. */
    images: ImageStore;
    /** Images served only through routes that check who asks (shoppers' transfer screenshots). */
    privateImages: ImageStore;
    /** Sends the outbox's mail; `main.ts` starts it, closing the app stops it. */
    mail: MailWorker;
  }
}

/**
 * Builds the whole app without listening: `main.ts` listens, tests use `app.inject`. The
 * process's logger is passed in by `main.ts`; without one the app makes its own.
 */
/** How often the store looks for transfer orders whose time to pay ran out. */
const LAPSE_SWEEP_MS = 30_000;

/** Forms with files: a product's images (its main one and one per variation) at most. */
const MULTIPART = {
  limits: {
    fileSize: UPLOAD_MAX_BYTES,
    files: LIMITS.variationsMax + 1,
    fields: 20,
    fieldSize: 64 * 1024,
    parts: LIMITS.variationsMax + 21,
  },
  throwFileSizeLimit: true,
};

export async function buildApp(
  config: Config,
  database: Database,
  logger?: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger ?? (await createLogger(config.logLevel)),
    // plugins/request-log.ts logs requests instead, without their query strings.
    logController: new LogController({ disableRequestLogging: true }),
    ...requestIds,
    // Requests that reach a draining server are still served (see plugins/lifecycle.ts).
    return503OnClosing: false,
    // Errors the router meets before any route runs (a malformed escape in the path, a path
    // parameter too long) answer in the API's own shape, without echoing the URL.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as FastifyReply)
        .status(tooLong ? 414 : 400)
        .send({ message: tooLong ? 'The address is too long' : 'Invalid address' });
    },
    // What Node's HTTP parser refuses (a URL or headers over 16 kB: 431) answers in that shape too.
    clientErrorHandler,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within the timeout, so a client trickling its body cannot
    // hold a connection (and its memory) for ever; the check runs every second.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(10_000, config.requestTimeoutMs),
      connectionsCheckingInterval: 1_000,
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(lifecycle);
  await app.register(requestLog);
  await app.register(errors);
  await app.register(security, { allowedOrigins: config.allowedOrigins });
  await app.register(compression);
  await app.register(metrics, { database });
  await app.register(authPlugin, { db: database.db, secureCookies: config.cookieSecure });
  await app.register(auditPlugin);
  await app.register(multipart, MULTIPART);
  await app.register(docs, { storeName: config.storeName });

  const images = openImageStore(database.db, database.kind, {
    storage: config.storage,
    uploadsDir: config.uploadsDir,
    cacheBytes: config.imageCacheBytes,
  });
  app.decorate('images', images);
  const privateImages = openPrivateImageStore(database.db, database.kind, {
    storage: config.storage,
    dir: path.join(config.dataDir, PRIVATE_IMAGES_DIR),
  });
  app.decorate('privateImages', privateImages);
  const mail = createMailWorker(database.db, {
    transport: openMailTransport(config.mail),
    from: { name: config.storeName, address: config.mail.from },
    log: app.log,
    pollMs: config.mail.pollMs,
  });
  app.decorate('mail', mail);
  app.addHook('onClose', () => mail.stop());
  const mailSettings = { storeName: config.storeName };
  // What mail with links back to the store needs.
  const linkSettings = { ...mailSettings, publicUrl: config.publicUrl };
  // Online payment is offered with PayMongo's keys set (config.paymongo).
  const paymentSettings = new PaymentSettingsStore(database.db, config.paymongo !== undefined);
  const paymongo = openPayMongo(database.db, config.paymongo, linkSettings, app.log);
  if (paymongo) {
    app.addHook('onReady', async () => paymongo.reconcile());
    app.addHook('onClose', () => paymongo.stop());
  }
  const lapses = startLapseSweeper(database.db, mailSettings, app.log, LAPSE_SWEEP_MS);
  app.addHook('onClose', () => lapses.stop());
  const deps = { db: database.db, images, proofs: privateImages, versionsRaised: database.versionsRaised };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, dataDir: config.dataDir });
      await api.register(usersRoutes, { ...deps, settings: linkSettings, prefix: '/users' });
      await api.register(adminsRoutes, { ...deps, prefix: '/admin' });
      await api.register(accountsRoutes, { db: database.db, settings: linkSettings });
      await api.register(productsRoutes, { ...deps, prefix: '/product' });
      await api.register(sizeChartsRoutes, { ...deps, prefix: '/size-charts' });
      await api.register(placesRoutes, { prefix: '/places' });
      await api.register(ordersRoutes, {
        ...deps,
        mail: mailSettings,
        payments: paymentSettings,
        startCheckout: paymongo?.startCheckout,
        prefix: '/orders',
      });
      await api.register(shipmentsRoutes, { db: database.db, mail: mailSettings, prefix: '/shipments' });
      await api.register(cancelItemsRoutes, { ...deps, mail: mailSettings, prefix: '/orders' });
      await api.register(paymentSettingsRoutes, { ...deps, settings: paymentSettings, prefix: '/payments' });
      const payments = new PaymentsService(database.db, mailSettings, paymongo?.refunds);
      await api.register(paymentsRoutes, { ...deps, payments, prefix: '/payments' });
      await api.register(transferProofRoutes, {
        db: database.db,
        proofs: new TransferProofs(database.db, privateImages),
        prefix: '/payments',
      });
      await api.register(paymongoRoutes, {
        db: database.db,
        paymongo: paymongo?.routes,
        prefix: '/payments',
      });
      await api.register(returnsRoutes, { ...deps, mail: mailSettings, payments, prefix: '/returns' });
      await api.register(emailsRoutes, { ...deps, prefix: '/admin' });
      await api.register(staffRoutes, { db: database.db, settings: linkSettings, prefix: '/admin' });
      await api.register(discountsRoutes, deps);
      await api.register(newsletterRoutes, { ...deps, settings: linkSettings });
      await api.register(dashboardRoutes, { db: database.db, prefix: '/admin/dashboard' });
      await api.register(reportsRoutes, { db: database.db, prefix: '/admin/reports' });
      await api.register(catalogueCsvRoutes, { db: database.db, images, prefix: '/admin/catalogue' });
      await api.register(auditRoutes, { db: database.db, prefix: '/admin/audit' });
    },
    { prefix: '/api' },
  );
  await app.register(uploadsRoutes, { db: database.db, images, prefix: '/uploads' });
  await app.register(seoRoutes, { db: database.db, publicUrl: config.publicUrl });
  await app.register(pagesRoutes, {
    webDist: config.webDist,
    db: database.db,
    versionsRaised: database.versionsRaised,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
  });
  return app;
}
