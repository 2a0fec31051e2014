import type { FastifyBaseLogger } from 'fastify';
import type { PayMongoConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { every } from '../../lib/periodic.ts';
import type { MailSettings } from '../mail/index.ts';
import { CheckoutSessions } from './checkout.ts';
import { OnlineRefunds } from './online-refunds.ts';
import type { PayMongoRoutesOptions } from './paymongo.routes.ts';
import { PayMongoClient } from './paymongo-client.ts';
import { PayMongoEvents } from './paymongo-events.ts';

/** How often refunds PayMongo has not settled are read back. */
const REFUND_CHECK_MS = 60_000;

/**
 * PayMongo's parts, made from its configuration: its client, the checkout sessions, the
 * webhook's options and the read-back of sessions on start. Undefined without its keys.
 */
export function openPayMongo(
  db: Db,
  config: PayMongoConfig | undefined,
  settings: MailSettings & { publicUrl: string },
  log: FastifyBaseLogger,
) {
  if (!config) return undefined;
  const client = new PayMongoClient(config, log);
  const checkout = new CheckoutSessions(db, client, settings, log);
  const refunds = new OnlineRefunds(db, client, { storeName: settings.storeName }, log);
  const events = new PayMongoEvents(db, { storeName: settings.storeName }, refunds, log);
  const routes: PayMongoRoutesOptions['paymongo'] = {
    checkout,
    events,
    webhookSecret: config.webhookSecret,
    live: !config.secretKey.startsWith('sk_test_'),
  };
  let reconciling: Promise<unknown> = Promise.resolve();
  let refundChecks: ReturnType<typeof every> | undefined;
  const checkRefunds = () =>
    refunds
      .reconcile()
      .catch((error: unknown) => log.warn({ err: error }, 'reading back PayMongo refunds failed'));
  return {
    client,
    routes,
    refunds,
    startCheckout: (orderId: string) => checkout.start(orderId),
    /**
     * Payments whose webhook was lost while the store was down, and refunds whose answer was
     * lost, read back in the background; refunds again every `REFUND_CHECK_MS`.
     */
    reconcile() {
      const checks = every(REFUND_CHECK_MS, checkRefunds);
      refundChecks = checks;
      reconciling = events
        .reconcile(client)
        .catch((error: unknown) => log.warn({ err: error }, 'reading back PayMongo sessions failed'))
        .then(() => checks.runNow());
    },
    /** Waits for the read-backs, before the database closes. */
    async stop() {
      // The read-back's own refund check first: it may start after a stop that came before it.
      await reconciling;
      await refundChecks?.stop();
    },
  };
}
