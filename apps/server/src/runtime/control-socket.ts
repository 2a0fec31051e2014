import { once } from 'node:events';
import { chmod, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The embedded store's control socket, in DATA_DIR: while the server holds the data directory no
 * other process may open its database, so `npm run backup` asks the server for the archive here.
 * A Unix socket of mode 0600: only the server's own user (and root) can connect.
 */
export const CONTROL_SOCKET = 'control.sock';

export async function startControlSocket(
  dataDir: string,
  backup: (out: Writable) => Promise<void>,
  log: FastifyBaseLogger,
) {
  const file = path.join(dataDir, CONTROL_SOCKET);
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    const started = Date.now();
    response.writeHead(200, { 'content-type': 'application/gzip' });
    backup(response).then(
      () => log.info({ ms: Date.now() - started }, 'backup written through the control socket'),
      (err: Error) => {
        log.error({ err }, 'backup through the control socket failed');
        // Cut, the stream has no trailer: the CLI refuses it and keeps no file.
        response.destroy(err);
      },
    );
  });
  // One left by a process that was killed: this process holds the directory's lock, so no other
  // server listens on it.
  await rm(file, { force: true });
  server.listen(file);
  await once(server, 'listening');
  await chmod(file, 0o600);
  return {
    // Closing the listener removes the socket file.
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
