import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { AdminAccountSchema } from '@habi/shared';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { HttpError } from '../lib/errors.ts';
import { createAdmin } from '../modules/admins/index.ts';
import { startupFailure } from '../runtime/startup-failure.ts';

/**
 * `npm run admin:create -- <username> <email>`: adds an admin. The password is read from
 * ADMIN_PASSWORD or asked for, so it never sits in shell history. On the embedded database the
 * store must be stopped first (one process per data directory); on PostgreSQL it may run.
 */
const [username, email] = process.argv.slice(2);
if (!username || !email) {
  console.error('Usage: npm run admin:create -- <username> <email>');
  process.exit(2);
}
let password = process.env.ADMIN_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password (at least 6 characters): ');
  rl.close();
}
const parsed = AdminAccountSchema.safeParse({ username, email, password });
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}

let database: Database | undefined;
try {
  const config = loadConfig();
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    owner: 'npm run admin:create',
  });
  const admin = await database.withBootLock(async ({ db, migrate }) => {
    await migrate();
    return createAdmin(db, parsed.data);
  });
  console.log(`Admin ${admin.username} created. Sign in at /admin/auth.`);
} catch (error) {
  const known = error instanceof HttpError ? error.message : startupFailure(error);
  if (!known) throw error;
  console.error(known);
  process.exitCode = 1;
} finally {
  await database?.close();
}
