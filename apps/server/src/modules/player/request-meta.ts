import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { visitorOf } from '../../http/visitor.ts';
import type { RequestMeta } from './context.ts';

/** Who is calling, as the account routes keep it on sessions and audit rows. */
export function requestMetaOf(request: FastifyRequest, config: Pick<Config, 'TRUST_GEO_HEADERS'>): RequestMeta {
  const visitor = visitorOf(request, config.TRUST_GEO_HEADERS);
  return {
    ip: visitor.ip,
    country: visitor.country,
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  };
}
