import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, type TestApp } from '../test/helpers.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_TIMEOUT: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** A sign-in that sends its headers and one byte of body, then nothing: a slow client. */
function trickle() {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  socket.on('error', () => {});
  socket.write(
    `POST /api/users/sign-in HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 60\r\n\r\n{',
  );
  return new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
}

describe('a client that sends its request too slowly', () => {
  it('is answered 408 and cut off after REQUEST_TIMEOUT, while others are served', async () => {
    const cutOff = trickle();
    const meanwhile = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(meanwhile.status).toBe(200);
    expect(await cutOff).toMatch(/^HTTP\/1\.1 408 /);
    const after = await fetch(`http://127.0.0.1:${port}/api/product/all?limit=1`);
    expect(after.status).toBe(200);
  });
});
