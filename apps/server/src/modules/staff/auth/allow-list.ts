import { ApiError, ErrorCode } from '@croupier/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { proxyMatcher } from '../../../http/proxies.ts';
import { visitorOf } from '../../../http/visitor.ts';

/** The back office's API and its pages. */
const PREFIXES = ['/api/backoffice', '/backoffice'];

const under = (path: string) => PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/** The path as routed: percent-escapes decoded (`/api/backoffic%65/me` is the same route), a bad escape as is. */
function pathOf(request: FastifyRequest): string {
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * BACKOFFICE_ALLOWED_IPS (decision 0104): a visitor from any other address gets the 404 of a path that does
 * not exist, on the API and the pages alike, so the back office's presence is not revealed. The address is the
 * resolved visitor (decision 0030), matched like TRUSTED_PROXIES. Register on the root app, before any route.
 */
export function registerBackofficeAllowList(
  app: FastifyInstance,
  options: { allowed: readonly string[] | undefined; trustGeoHeaders: boolean },
): void {
  if (!options.allowed) return;
  const allowed = proxyMatcher(options.allowed);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (!under(pathOf(request)) && !(route && under(route))) return;
    if (allowed(visitorOf(request, options.trustGeoHeaders).ip)) return;
    throw ApiError.of(ErrorCode.notFound, `Not found: ${request.method} ${request.url.split('?')[0]}`);
  });
}
