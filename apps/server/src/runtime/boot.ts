import { randomBytes } from 'node:crypto';
import { AdminAccountSchema } from '@habi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { countAdmins, createAdmin } from '../modules/admins/index.ts';
import { countProducts } from '../modules/products/index.ts';
import { type ImageStore, importImageFiles } from '../modules/uploads/index.ts';

export interface FirstAdmin {
  username: string;
  /** The generated password, to be shown once; null when it came from ADMIN_PASSWORD. */
  password: string | null;
}

/**
 * Start-up work, under the boot lock so that instances starting together do it once:
 * migrations, images left as files copied into a database store, then on an empty database the
 * demo catalogue and the first admin (from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin` with a
 * random password that the caller shows once).
 */
export async function prepareDatabase(
  config: Config,
  database: Database,
  images: ImageStore,
  log: FastifyBaseLogger,
): Promise<FirstAdmin | null> {
  return database.withBootLock(async ({ db, migrate }) => {
    const { applied, total } = await migrate();
    log.info(
      { applied, total },
      applied
        ? `database migrated: ${applied} of ${total} migration(s) applied`
        : 'database schema up to date',
    );
    if (images.kind === 'postgres') {
      const copied = await importImageFiles(config.uploadsDir, images);
      if (copied) log.info({ copied }, `${copied} image file(s) copied into the database`);
    }
    if (config.seedDemo && (await countProducts(db)) === 0) {
      const started = Date.now();
      // Loaded only here: the demo catalogue's drawings are a large module a normal start never needs.
      const { seedDemoCatalogue } = await import('../modules/demo/index.ts');
      const count = await seedDemoCatalogue(db, images);
      log.info({ products: count, ms: Date.now() - started }, 'demo catalogue seeded');
    }
    if ((await countAdmins(db)) > 0) return null;

    const account = AdminAccountSchema.parse({
      username: config.admin.username ?? 'admin',
      email: config.admin.email ?? 'admin@example.com',
      password: config.admin.password ?? randomBytes(12).toString('base64url'),
    });
    await createAdmin(db, account);
    log.info({ username: account.username }, 'first admin created');
    return { username: account.username, password: config.admin.password ? null : account.password };
  });
}
