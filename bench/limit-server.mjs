// The bare-server limit: plain Fastify answering each URL it was given with the very bytes the
// store answered, from memory. What it serves per second on this machine, in the same run, is
// the most any Node server could; the store's share of it is the ratio the bench prints.
// `node limit-server.mjs <port> <answers.json>`: answers.json maps a URL to
// `{ headers, body }` (body base64): the store's headers too, so both send the same bytes.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([url, { headers, body }]) => [
    url,
    { headers, body: Buffer.from(body, 'base64') },
  ]),
);
const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.status(404).send();
  return reply.headers(answer.headers).send(answer.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
