import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { INTERNAL_CALL_HEADER, visitorOf } from '../http/visitor.ts';

/**
 * Headers SSR sends with its API calls so geo answers match the visitor, not the server: the visitor as this
 * request resolved it (docs/decisions/0030), never the raw headers a client sent. In-process calls carry the
 * process's key so the API believes them; over INTERNAL_API_URL the SSR host must be in TRUSTED_PROXIES.
 */
export function forwardedVisitor(request: FastifyRequest, config: Config, inProcess: boolean): Record<string, string> {
  const visitor = visitorOf(request, config.TRUST_GEO_HEADERS);
  const headers: Record<string, string> = { 'cf-connecting-ip': visitor.ip, 'cf-ipcountry': visitor.country ?? 'XX' };
  const agent = request.headers['user-agent'];
  if (typeof agent === 'string') headers['user-agent'] = agent;
  if (inProcess) headers[INTERNAL_CALL_HEADER] = request.server.internalCallKey;
  return headers;
}
