import { ApiError, ErrorCode } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Node answers an HTTP/1.1 request without Host with a bare 400 of its own; the server is created with
 * `requireHostHeader: false` so the refusal comes here instead, in the error envelope (docs/decisions/0035).
 */
export function registerHostCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      throw ApiError.of(ErrorCode.validation, 'The request has no Host header.', {}, 400);
    }
  });
}
