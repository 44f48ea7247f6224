import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { envelope } from './errors.ts';

/** Status, envelope code and message of an error Node's HTTP parser raised before Fastify saw a request. */
function answerOf(code: string | undefined): [status: number, errorCode: number, message: string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, ErrorCode.validation, 'The request took too long to arrive.'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, ErrorCode.payloadTooLarge, 'The request headers are too large.'];
  return [400, ErrorCode.validation, 'The request is malformed.'];
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (headers over 16 KB, a bad Content-Length or
 * chunk, a control character in a header, an unknown method) is answered in the error envelope with its right
 * status, never Fastify's default body (docs/decisions/0035). The connection is then closed.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = answerOf(error.code);
  this.log.debug({ err: error, status }, 'unparseable request');
  // Node's own rule: nothing may be written once a response on this socket has begun.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    const body = JSON.stringify(envelope(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${randomUUID()}\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
