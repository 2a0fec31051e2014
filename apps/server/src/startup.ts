import { randomBytes } from 'node:crypto';
import { AdminAccountSchema } from '@habi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { seedDemoCatalogue } from './db/seed/seed-demo.ts';
import { countAdmins, createAdmin } from './modules/admins/admins.service.ts';
import { countProducts } from './modules/products/products.service.ts';

/**
 * First start on an empty database (DESIGN §2): migrations, the demo catalogue, then the
 * first admin from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin` with a random password printed
 * once. Later starts only migrate.
 */
export async function prepareDatabase(config: Config, database: Database, log: FastifyBaseLogger) {
  await database.migrate();
  if (config.seedDemo && (await countProducts(database.db)) === 0) {
    const started = Date.now();
    const count = await seedDemoCatalogue(database.db, config.uploadsDir);
    log.info({ products: count, ms: Date.now() - started }, 'demo catalogue seeded');
  }
  if ((await countAdmins(database.db)) > 0) return null;

  const generated = !config.admin.password;
  const account = AdminAccountSchema.parse({
    username: config.admin.username ?? 'admin',
    email: config.admin.email ?? 'admin@example.com',
    password: config.admin.password ?? randomBytes(12).toString('base64url'),
  });
  await createAdmin(database.db, account);
  return { username: account.username, password: generated ? account.password : null };
}
