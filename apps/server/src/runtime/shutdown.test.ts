import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, type TestApp } from '../test/helpers.ts';
import { drainAndClose } from './shutdown.ts';

let t: TestApp | undefined;
afterEach(async () => {
  // Each test closes the app itself; a failed test may leave it open.
  await t?.database.close().catch(() => {});
  t = undefined;
});

/** Starts a sign-in whose body is held back: a request in flight until `finish` is called. */
async function slowSignIn(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk;
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  socket.on('error', () => {});
  await new Promise<void>((resolve) =>
    socket.once('connect', () =>
      socket.write(
        `POST /api/users/sign-in HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 3)}`,
        () => resolve(),
      ),
    ),
  );
  return { finish: () => socket.write(body.slice(3)), closed };
}

async function listening() {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as net.AddressInfo).port;
}

describe('drainAndClose', () => {
  it('reports draining, lets the request in flight finish, then closes the database', async () => {
    const port = await listening();
    const slow = await slowSignIn(port);
    const stopped = drainAndClose(t!.app, t!.database, { signal: 'SIGTERM', timeoutMs: 10_000 });
    const health = await t!.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ message: 'Shutting down' });
    slow.finish();
    const response = await slow.closed;
    expect(response).toMatch(/^HTTP\/1\.1 401 /);
    expect(response).toMatch(/\r\nconnection: close\r\n/i);
    expect(await stopped).toBe(0);
    await expect(t!.database.db.execute('select 1')).rejects.toThrow();
  });

  it('cuts off a request that outlasts the deadline, and still stops cleanly', async () => {
    const port = await listening();
    const slow = await slowSignIn(port);
    const code = await drainAndClose(t!.app, t!.database, { signal: 'SIGINT', timeoutMs: 200 });
    expect(code).toBe(0);
    // The connection was closed without an answer.
    expect(await slow.closed).toBe('');
  });

  it('answers exit code 1 when the database fails to close', async () => {
    await listening();
    const database = { ...t!.database, close: () => Promise.reject(new Error('disk full')) };
    expect(await drainAndClose(t!.app, database, { signal: 'SIGTERM', timeoutMs: 1_000 })).toBe(1);
  });
});
