import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * What Node's HTTP parser refuses before any route runs, answered in the API's own shape
 * (`{ message }`) instead of Fastify's (`{ error, message, statusCode }`): a request line and
 * headers over Node's 16 kB (a long URL, a large cookie), a request that does not arrive within
 * `REQUEST_TIMEOUT`, a chunk extension too long, or bytes that are not HTTP. The connection is
 * closed after the answer, as Node and Fastify do: the parser cannot go on from there.
 */
const ANSWERS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, "The request's headers are too large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The request is too large'],
};
const MALFORMED: [number, string] = [400, 'Malformed request'];

/** Fastify's `clientErrorHandler`: Node's `clientError` event, `this` being the app. */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A connection reset leaves no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = ANSWERS[error.code ?? ''] ?? MALFORMED;
  this.log.debug({ code: error.code, status }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
