import { ApiError, ErrorCode } from '@croupier/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';

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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(ErrorCode.internal, 'Internal server error'));
  });
}

export const envelope = (code: number, message: string, fields: Record<string, string[]> = {}) => ({
  error: { code, message, fields },
});

export const notFound = (what = 'Not found') => ApiError.of(ErrorCode.notFound, what);
