import type { FastifyBaseLogger } from 'fastify';
import type { PayMongoConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
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
  let checking: Promise<unknown> | null = null;
  const checkRefunds = () => {
    // A check still running when the next is due is not overlapped.
    checking ??= refunds
      .reconcile()
      .catch((error: unknown) => log.warn({ err: error }, 'reading back PayMongo refunds failed'))
      .finally(() => {
        checking = null;
      });
    return checking;
  };
  let timer: NodeJS.Timeout | undefined;
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
      reconciling = events
        .reconcile(client)
        .catch((error: unknown) => log.warn({ err: error }, 'reading back PayMongo sessions failed'))
        .then(checkRefunds);
      timer = setInterval(checkRefunds, REFUND_CHECK_MS);
      timer.unref();
    },
    /** Waits for the read-backs, before the database closes. */
    async stop() {
      clearInterval(timer);
      await reconciling;
      await checking;
    },
  };
}
