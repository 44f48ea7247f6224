import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A client's id is adopted only when it cannot forge a log line: at most 64 of [A-Za-z0-9._-]. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the client's `x-request-id` when it is safe, else a fresh UUID (docs/decisions/0035). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
