import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { AdminAccountSchema } from '@habi/shared';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createAdmin } from '../modules/admins/admins.service.ts';

/**
 * `npm run admin:create -- <username> <email>`: adds an admin. The password is read from
 * ADMIN_PASSWORD or asked for, so it never sits in shell history.
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
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  const admin = await createAdmin(database.db, parsed.data);
  console.log(`Admin ${admin.username} created. Sign in at /admin/auth.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
