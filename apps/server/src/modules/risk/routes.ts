import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { playerOf } from '../player/index.ts';
import type { RealityCheckApi } from './reality-check.ts';
import type { createLimitsApi } from './service.ts';

const e = endpoints.limits;

/** GET/POST /api/player/limits, PUT/DELETE /api/player/limits/:limitId (api-contract §6). */
export async function riskRoutes(
  app: FastifyInstance,
  { limits, reality }: { limits: ReturnType<typeof createLimitsApi>; reality?: RealityCheckApi },
) {
  const noStore = { 'cache-control': 'no-store' };
  route(app, e.list, async ({ request, reply }) => {
    reply.headers(noStore);
    return { data: await limits.list(playerOf(request).playerId) };
  });
  route(app, e.create, async ({ request, body }) => ({ data: await limits.create(playerOf(request).playerId, body) }));
  route(app, e.update, async ({ request, params, body }) => ({
    data: await limits.update(playerOf(request).playerId, params.limitId.toLowerCase(), body),
  }));
  route(app, e.remove, async ({ request, params }) => ({
    data: await limits.remove(playerOf(request).playerId, params.limitId.toLowerCase()),
  }));
  if (!reality) return;
  // GET/PUT /api/player/reality-check (docs/decisions/0057).
  route(app, e.realityCheck, async ({ request, reply }) => {
    reply.headers(noStore);
    return { data: await reality.get(playerOf(request).playerId) };
  });
  route(app, e.setRealityCheck, async ({ request, body }) => ({
    data: await reality.set(playerOf(request).playerId, body),
  }));
}
