import { ApiError, ErrorCode } from '@croupier/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/sql-state.ts';

/**
 * Every failure leaves as the contract's envelope `{ error: { code, message, fields } }`. Errors the
 * framework raises for bad input (unparseable JSON, oversized body, wrong media type) are 4xx, never 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(envelope(error.code, error.message, error.fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(envelope(ErrorCode.tooManyAttempts, 'Too many requests. Please try again later.'));
    }
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? ErrorCode.payloadTooLarge
          : status === 415
            ? ErrorCode.unsupportedMediaType
            : status === 404
              ? ErrorCode.notFound
              : status === 405
                ? ErrorCode.methodNotAllowed
                : ErrorCode.validation;
      // Body parse errors arrive as 400 from Fastify; the contract reports input problems as 422.
      const finalStatus = code === ErrorCode.validation ? 422 : status;
      return reply
        .status(finalStatus)
        .send(envelope(code, error.message, code === ErrorCode.validation ? { _: [error.message] } : {}));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send(envelope(ErrorCode.unavailable, UNAVAILABLE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(ErrorCode.internal, 'Internal server error'));
  });
}

const UNAVAILABLE = 'The service is unavailable for a moment. Please try again.';

export const envelope = (code: number, message: string, fields: Record<string, string[]> = {}) => ({
  error: { code, message, fields },
});

export const notFound = (what = 'Not found') => ApiError.of(ErrorCode.notFound, what);

/**
 * Fastify's `frameworkErrors`: errors raised before routing, which skip the error handler. An over-long path
 * parameter names nothing that exists (404, as any path parameter that fails its schema); a malformed
 * URL is bad input (422). Both in the envelope.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // The studio shares this process but speaks its own error shape (docs/studio-api.md).
  if (request.url.startsWith('/studio/')) {
    void reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(404).send(envelope(ErrorCode.notFound, 'Not found'));
    return;
  }
  void reply.status(422).send(envelope(ErrorCode.validation, error.message, { _: [error.message] }));
}
