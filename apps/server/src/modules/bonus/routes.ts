import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { playerOf } from '../player/index.ts';
import { withTransaction } from '../wallet/index.ts';
import { cashbackEstimate } from './cashback.ts';
import { applyCode, attachedCodes, removeCode } from './codes.ts';
import type { BonusDeps } from './deps.ts';
import { toPlayerFreespin } from './free-spin-present.ts';
import { listPlayerFreespins } from './free-spin-queries.ts';
import { activateFreeSpins, cancelFreeSpins, tellProviderOf, tellProviderOfPlayer } from './free-spins.ts';
import { activate, cancel } from './lifecycle.ts';
import { toPlayerBonus } from './present.ts';
import { issueStatuses, listOffers, listPlayerBonuses } from './queries.ts';
import { bonusById, openStakesOf } from './store.ts';

const e = endpoints.bonus;
const noStore = { 'cache-control': 'no-store' };

/** The bonus service's routes (api-contract §10), under /api/game. Every id is checked against the player. */
export async function bonusRoutes(app: FastifyInstance, { deps }: { deps: BonusDeps }) {
  const { db } = deps;

  route(app, e.playerBonuses, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return listPlayerBonuses(db, playerOf(request).playerId, query);
  });

  // Activating is claiming a bonus (refused during a cooling-off or self-exclusion); cancelling never is.
  const change =
    (fn: typeof activate, claims: boolean) =>
    async ({ request, params }: { request: Parameters<typeof playerOf>[0]; params: { id: string } }) => {
      const { playerId } = playerOf(request);
      if (claims) await deps.mayClaim(playerId);
      const row = await withTransaction(db, (tx) => fn(tx, deps, playerId, params.id));
      const bonus = await bonusById(db, row.bonusId);
      return { data: toPlayerBonus(row, bonus!, row.status === 2 ? await openStakesOf(db, row.id) : 0) };
    };
  route(app, e.activatePlayerBonus, change(activate, true));
  route(app, e.cancelPlayerBonus, change(cancel, false));

  route(app, e.playerFreespins, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return listPlayerFreespins(db, playerOf(request).playerId, query);
  });
  // Like bonuses: activating claims (refused during a cooling-off); the provider hears of it after commit.
  const changeSpins =
    (fn: typeof activateFreeSpins, claims: boolean) =>
    async ({ request, params }: { request: Parameters<typeof playerOf>[0]; params: { id: string } }) => {
      const { playerId } = playerOf(request);
      if (claims) await deps.mayClaim(playerId);
      const row = await withTransaction(db, (tx) => fn(tx, deps, playerId, params.id));
      await tellProviderOf(deps, [row.id]);
      return { data: toPlayerFreespin(row, (await bonusById(db, row.bonusId))!) };
    };
  route(app, e.activatePlayerFreespin, changeSpins(activateFreeSpins, true));
  route(app, e.cancelPlayerFreespin, changeSpins(cancelFreeSpins, false));

  route(app, e.bonusCodes, async ({ request, reply }) => {
    reply.headers(noStore);
    return { data: await attachedCodes(db, playerOf(request).playerId) };
  });
  route(app, e.applyBonusCode, async ({ request, body }) => {
    const { playerId } = playerOf(request);
    const data = await applyCode(deps, playerId, body);
    // A free-spins code activates them: the provider hears of it now.
    if (data.status === 2) await tellProviderOfPlayer(deps, playerId);
    return { data };
  });
  route(app, e.removeBonusCode, async ({ request, body }) => {
    await removeCode(db, playerOf(request).playerId, body.playerBonusCodeId);
    return { data: null };
  });

  route(app, e.bonuses, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return { data: await listOffers(db, playerOf(request).playerId, query, deps.now()) };
  });
  route(app, e.cashback, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return { data: await cashbackEstimate(deps, playerOf(request).playerId, query.currency) };
  });
  route(app, e.bonusStatus, async ({ request, query }) => ({
    data: await issueStatuses(db, playerOf(request).playerId, query.bonusIds ?? [], query.currency),
  }));
}
