// The server process: `node dist/main.js` (built by `npm run build`). Signal and crash handlers
// come first, so no stage of the start can be cut short by a stop request or end silently.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pkg from '../package.json' with { type: 'json' };
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { writeArchive } from './modules/backup/index.ts';
import { prepareDatabase } from './runtime/boot.ts';
import { startControlSocket } from './runtime/control-socket.ts';
import { startMetricsServer } from './runtime/metrics-server.ts';
import { drainAndClose } from './runtime/shutdown.ts';
import { startupFailure } from './runtime/startup-failure.ts';

process.setSourceMapsEnabled(true);

let log: Logger | undefined;
let stopRequested: NodeJS.Signals | undefined;
let stop: ((signal: NodeJS.Signals) => void) | undefined;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // A second signal is ignored: Ctrl-C reaches both npm and this process, and npm passes it on.
  process.on(signal, () => {
    if (stopRequested) return;
    stopRequested = signal;
    stop?.(signal);
  });
}
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (err) => {
    if (log) log.fatal({ err }, `${event}: exiting`);
    else console.error(err);
    process.exit(1);
  });
}

/**
 * A start that cannot go on: one plain line for the operator when the cause is outside the code,
 * the error with its stack when it is a fault; either way a non-zero exit.
 */
async function fail(error: unknown, database?: Database): Promise<never> {
  const message = startupFailure(error);
  if (message) process.stderr.write(`${message}\n`);
  else if (log) log.fatal({ err: error }, 'start failed');
  else console.error(error);
  await database?.close().catch(() => {});
  process.exit(1);
}

const config = await Promise.resolve()
  .then(() => loadConfig())
  .catch(fail);
log = await createLogger(config.logLevel);

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  poolSize: config.databasePoolSize,
  pgliteDir: path.join(config.dataDir, 'pglite'),
  owner: 'the Habi server',
  onConnectionError: (err) =>
    log?.warn({ error: err.message }, 'a database connection broke; the pool will open a new one'),
}).catch(fail);

let app!: FastifyInstance;
let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
let controlSocket: Awaited<ReturnType<typeof startControlSocket>> | undefined;
try {
  app = await buildApp(config, database, log);
  const firstAdmin = await prepareDatabase(config, database, app.images, app.log);
  if (firstAdmin) {
    // On the console, not in the log: the one-time password must not reach log storage. Shown
    // as soon as it exists, so a start that fails later (a port in use) cannot lose it.
    const password = firstAdmin.password
      ? `${firstAdmin.password}   (shown once; keep it safe)`
      : 'the one in ADMIN_PASSWORD';
    process.stdout.write(
      `\nFirst admin created\n  username: ${firstAdmin.username}\n  password: ${password}\n\n`,
    );
  }
  if (!stopRequested) {
    // Fastify logs a line per network interface; one line with the version says it all.
    const level = app.log.level;
    app.log.level = 'warn';
    await app.listen({ port: config.port, host: config.host }).finally(() => {
      app.log.level = level;
    });
    const { address: host, port } = app.server.address() as AddressInfo;
    const address = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    app.log.info(
      { version: pkg.version, node: process.versions.node, address, database: database.kind },
      `${config.storeName} ${pkg.version} listening at ${address} (${database.kind} database)`,
    );
    if (config.metrics) {
      metricsServer = await startMetricsServer(app.metrics.registry, config.metrics);
      const { address, port } = metricsServer.address;
      app.log.info(`metrics at http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`);
    }
    if (database.kind === 'pglite') {
      // No other process may open the embedded database: `npm run backup` asks this one.
      const source = { database: database.kind, storage: app.images.kind, dataDir: config.dataDir };
      controlSocket = await startControlSocket(
        config.dataDir,
        (out) => writeArchive(database.db, source, out),
        app.log,
      );
    }
    // Mail from before a restart goes out now; closing the app stops the worker.
    app.mail.start();
  }
} catch (error) {
  await fail(error, database);
}

stop = (signal) => {
  void metricsServer?.close();
  void controlSocket?.close();
  drainAndClose(app, database, { signal, timeoutMs: config.shutdownTimeoutMs }).then((code) =>
    process.exit(code),
  );
};
if (stopRequested) {
  stop(stopRequested);
} else {
  // Where shoppers reach the store: PUBLIC_URL, or this machine's port when it is not set (the
  // default names the configured port, and PORT=0 listens on another).
  const { port } = app.server.address() as AddressInfo;
  const url =
    config.publicUrl === `http://localhost:${config.port}` ? `http://localhost:${port}` : config.publicUrl;
  process.stdout.write(`\n${config.storeName} is open at ${url}\nBack office: ${url}/admin/auth\n\n`);
}
