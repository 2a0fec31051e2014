// The PayMongo stand-in as a process of its own, for the e2e tests' store (e2e/playwright.config.ts
// starts it): `node apps/server/src/test/paymongo-serve.ts <port> <store URL> <webhook secret>`.
import { startPayMongo } from './paymongo.ts';

const [port = '0', storeUrl = '', webhookSecret = ''] = process.argv.slice(2);
const standIn = await startPayMongo({ port: Number(port), pages: { storeUrl, webhookSecret } });
console.log(`PayMongo stand-in on ${standIn.url}`);
process.on('SIGTERM', () => void standIn.close().then(() => process.exit(0)));
