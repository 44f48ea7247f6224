import { ApiError, type Endpoint, ErrorCode } from '@croupier/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { endpointOfRoute } from '../../../http/endpoint.ts';
import { writeAudit } from '../audit/write.ts';
import { can } from '../roles.ts';
import { refuseUntilPasswordChanged } from './must-change.ts';
import { authenticateStaff, type StaffContext, staffUnauthenticated } from './sessions.ts';
import { staffCookieOf } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of an `auth: 'staff'` endpoint (set by the hook before the handler). */
    staff: StaffContext | null;
  }
}

export interface StaffAuthOptions {
  db: Db;
  /** The origins a cookie-authenticated change may come from (the back office's own, §2). */
  originsOf: (request: FastifyRequest) => readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const bearerOf = (header: string | undefined): string | null => header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;

/**
 * Staff authentication and permissions for every `auth: 'staff'` endpoint registered after this (§1, §3): the
 * bearer token or the back-office cookie, then whether the account must change its password first (decision
 * 0111, must-change.ts), then the endpoint's permission, checked before the body is even
 * parsed. A refusal for a missing permission is written to the audit log (its own transaction: nothing else
 * happened) and answered 403 with 20003. A player's token is never a staff credential: it is not a staff token.
 */
export function registerStaffAuthentication(app: FastifyInstance, options: StaffAuthOptions): void {
  app.decorateRequest('staff', null);
  app.addHook('onRoute', (route) => {
    const endpoint = endpointOfRoute(app.endpoints, route);
    if (endpoint?.auth !== 'staff') return;
    const hook = async (request: FastifyRequest) => {
      request.staff = await staffOfRequest(request, options);
      refuseUntilPasswordChanged(request.staff, endpoint);
      const { permission } = endpoint;
      if (permission && !can(request.staff.role, permission)) {
        await options.db.transaction((tx) =>
          writeAudit(tx, {
            staffId: request.staff!.staffId,
            action: 'permission.denied',
            targetType: 'endpoint',
            targetId: `${endpoint.method} ${endpoint.path}`,
            playerId: playerIdOf(endpoint, request),
            after: { permission, url: request.url.split('?')[0] },
            result: 'denied',
          }),
        );
        throw ApiError.of(ErrorCode.staffForbidden, `Your role may not do this (${permission}).`);
      }
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
}

async function staffOfRequest(request: FastifyRequest, options: StaffAuthOptions): Promise<StaffContext> {
  const bearer = bearerOf(request.headers.authorization);
  if (bearer) return authenticateStaff(options.db, bearer, 'bearer');
  const cookie = staffCookieOf(request.headers.cookie);
  if (!cookie) throw staffUnauthenticated();
  // SameSite=Strict already keeps other sites' requests from carrying it; the origin check is the second lock.
  if (!SAFE_METHODS.has(request.method)) {
    const origin = request.headers.origin;
    if (!origin || !options.originsOf(request).includes(origin)) {
      throw staffUnauthenticated('A change signed by the back-office cookie must come from the back office.');
    }
  }
  return authenticateStaff(options.db, cookie, 'cookie');
}

/** A player's id in the path (`/players/:id/...`), so a denied look at a player shows in their audit trail. */
function playerIdOf(endpoint: Endpoint, request: FastifyRequest): string | null {
  if (!endpoint.path.startsWith('/api/backoffice/players/:id')) return null;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/** The caller of a staff endpoint (the hook guarantees one). */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw staffUnauthenticated();
  return request.staff;
}
