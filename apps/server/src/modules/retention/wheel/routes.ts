import { endpoints, pageMeta } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { playerOf } from '../../player/index.ts';
import { toWheel } from './present.ts';
import { type SpinDeps, spinWheel } from './spin.ts';
import { grantDaily, sectorsOf, stateOf, usableSpins, wheelsPage } from './store.ts';

const e = endpoints.retentionWheel;

/** GET /api/retention/wheels and POST …/{wheelId}/spin (api-contract §11.4). */
export async function wheelRoutes(app: FastifyInstance, { deps }: { deps: SpinDeps }) {
  const { db } = deps;

  route(app, e.wheels, async ({ request, query, reply }) => {
    reply.headers({ 'cache-control': 'no-store' });
    const now = deps.now();
    const { rows, total } = await wheelsPage(db, query, now);
    const playerId = request.player?.playerId;
    if (playerId) for (const wheel of rows) if (stateOf(wheel, now) === 3) await grantDaily(db, wheel, playerId, now);
    const ids = rows.map((w) => w.id);
    const sectors = await sectorsOf(db, ids);
    const spins = playerId ? await usableSpins(db, playerId, ids, now) : null;
    const data = rows.map((w) =>
      toWheel(
        w,
        sectors.filter((s) => s.wheelId === w.id),
        spins ? spins.filter((s) => s.wheelId === w.id) : null,
        now,
      ),
    );
    return { data, meta: pageMeta(query.page, query.perPage, total) };
  });

  route(app, e.spinWheel, async ({ request, params, body }) => ({
    data: await spinWheel(deps, playerOf(request).playerId, params.wheelId, body.clientSeed),
  }));
}
