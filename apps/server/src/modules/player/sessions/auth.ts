import { ApiError, ErrorCode } from '@croupier/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpointOfRoute } from '../../../http/endpoint.ts';
import { type AuthContext, bearerOf } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller of an `auth: 'player'` (or 'optional', with a valid token) endpoint. */
    player: AuthContext | null;
  }
}

/** Endpoints that read the token themselves (refresh accepts an expired one). */
const selfAuthenticated = new Set(['POST /api/player/sessions/refresh']);

/**
 * Authentication for every module: each contract endpoint registered after this runs with an onRequest
 * hook chosen by its `auth`. 'player' refuses without a valid token of an open session (401 envelope);
 * 'optional' authenticates when a token is sent and treats a bad one as a guest.
 */
export function registerAuthentication(
  app: FastifyInstance,
  player: { authenticate(token: string): Promise<AuthContext> },
): void {
  app.decorateRequest('player', null);
  app.addHook('onRoute', (route) => {
    const endpoint = endpointOfRoute(app.endpoints, route);
    if (!endpoint || endpoint.auth === 'guest' || selfAuthenticated.has(`${endpoint.method} ${endpoint.path}`)) return;
    const required = endpoint.auth === 'player';
    const hook = async (request: FastifyRequest) => {
      const token = bearerOf(request.headers.authorization);
      if (!token) {
        if (required) throw ApiError.of(ErrorCode.unauthorized, 'Authentication required.');
        return;
      }
      try {
        request.player = await player.authenticate(token);
      } catch (error) {
        if (required || !(error instanceof ApiError)) throw error;
      }
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
}

/** The caller of an authenticated endpoint (the hook guarantees it on `auth: 'player'` routes). */
export function playerOf(request: FastifyRequest): AuthContext {
  if (!request.player) throw ApiError.of(ErrorCode.unauthorized, 'Authentication required.');
  return request.player;
}
