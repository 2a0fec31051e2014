import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.ts';

// Node's HTTP parser refuses these before Fastify sees a request, so app.inject (which skips
// the parser) cannot show them: the tests talk to a listening server over a socket.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends `raw` as it is and reads the answer until the server closes the connection. */
function send(raw: string) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  socket.on('error', () => {});
  socket.write(raw);
  return new Promise<{ status: number; headers: string; body: string }>((resolve) =>
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    }),
  );
}

const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`;

describe('requests Node refuses before any route', () => {
  it("answers a URL over 16 kB 431 in the API's shape, { message }, and closes", async () => {
    const answer = await send(get(`/api/product/all?q=${'a'.repeat(17 * 1024)}`));
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.headers).toContain('connection: close');
    expect(JSON.parse(answer.body)).toEqual({ message: "The request's headers are too large" });
  });

  it('answers headers over 16 kB (a huge cookie) the same', async () => {
    const answer = await send(get('/api/users/current', `Cookie: sid=${'x'.repeat(20_000)}\r\n`));
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request's headers are too large" });
  });

  it('answers bytes that are not HTTP 400 { message }', async () => {
    const answer = await send('HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Malformed request' });
  });

  it('keeps serving everyone else, with headers just under the limit too', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { 'x-padding': 'a'.repeat(12 * 1024) },
    });
    expect(response.status).toBe(200);
  });
});
