import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/**
 * Stops the server the way a supervisor or load balancer expects: health turns 503, no new
 * connections are accepted, requests in flight finish (cut off after `timeoutMs`), then the
 * database closes. Returns the exit code: 0, or 1 when closing failed.
 */
export async function drainAndClose(
  app: FastifyInstance,
  database: Database,
  { signal, timeoutMs }: { signal: string; timeoutMs: number },
): Promise<number> {
  const started = Date.now();
  app.lifecycle.draining = true;
  let cutOff = false;
  const deadline = setTimeout(() => {
    cutOff = true;
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
    clearTimeout(deadline);
    await database.close();
  } catch (err) {
    clearTimeout(deadline);
    app.log.error({ err }, `${signal}: shutdown failed`);
    return 1;
  }
  const ms = Date.now() - started;
  const how = cutOff ? `requests still running were cut off after ${timeoutMs / 1000} s` : 'drained';
  app.log[cutOff ? 'warn' : 'info']({ signal, ms }, `${signal}: stopped in ${ms} ms (${how})`);
  return 0;
}
