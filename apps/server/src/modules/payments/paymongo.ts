import type { FastifyBaseLogger } from 'fastify';
import type { PayMongoConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MailSettings } from '../mail/index.ts';
import { CheckoutSessions } from './checkout.ts';
import { OnlineRefunds } from './online-refunds.ts';
import type { PayMongoRoutesOptions } from './paymongo.routes.ts';
import { PayMongoClient } from './paymongo-client.ts';
import { PayMongoEvents } from './paymongo-events.ts';

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
  const events = new PayMongoEvents(db, { storeName: settings.storeName }, log);
  const routes: PayMongoRoutesOptions['paymongo'] = {
    checkout,
    events,
    webhookSecret: config.webhookSecret,
    live: !config.secretKey.startsWith('sk_test_'),
  };
  let reconciling: Promise<unknown> = Promise.resolve();
  return {
    client,
    routes,
    refunds: new OnlineRefunds(db, client, { storeName: settings.storeName }),
    startCheckout: (orderId: string) => checkout.start(orderId),
    /** Payments whose webhook was lost while the store was down, read back in the background. */
    reconcile() {
      reconciling = events
        .reconcile(client)
        .catch((error: unknown) => log.warn({ err: error }, 'reading back PayMongo sessions failed'));
    },
    /** Waits for the read-back, before the database closes. */
    stop: () => reconciling,
  };
}
