import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { playerOf } from '../../player/index.ts';
import { activateOrClaim } from './activate.ts';
import type { QuestDeps } from './deps.ts';
import { cancel } from './lifecycle.ts';
import { listAvailable, listPlayerQuests } from './queries.ts';

const e = endpoints.retentionQuests;
const noStore = { 'cache-control': 'no-store' };

/** Quests' routes (api-contract §11.2). Every id is checked against the player (another's reads as 404). */
export async function questRoutes(app: FastifyInstance, { deps }: { deps: QuestDeps }) {
  route(app, e.quests, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return listAvailable(deps.db, playerOf(request).playerId, query, deps.now());
  });
  route(app, e.playerQuests, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return listPlayerQuests(deps.db, playerOf(request).playerId, query);
  });
  route(app, e.activateQuest, async ({ request, params }) => ({
    data: await activateOrClaim(deps, playerOf(request).playerId, params.id),
  }));
  route(app, e.cancelPlayerQuest, async ({ request, params }) => ({
    data: await cancel(deps, playerOf(request).playerId, params.id),
  }));
}
