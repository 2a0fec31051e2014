import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './startup.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
const app = await buildApp(config, database);
const firstAdmin = await prepareDatabase(config, database, app.log);
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
const lines = [`${config.storeName} is open at ${url} (${database.kind} database)`];
if (firstAdmin) {
  lines.push(
    `Back office: ${url}/admin/auth`,
    `  username: ${firstAdmin.username}`,
    firstAdmin.password
      ? `  password: ${firstAdmin.password}   (shown once; keep it safe)`
      : '  password: the one in ADMIN_PASSWORD',
  );
}
// Printed on the console, not logged: the one-time password must not reach log storage.
process.stdout.write(`\n${lines.join('\n')}\n\n`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  });
}
