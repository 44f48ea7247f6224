import { backofficeEndpoints, type PlayerRound, pageMeta } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { gamesByIdentity } from '../../game/index.ts';
import { playerInvoicesForStaff } from '../../payment/index.ts';
import { playerRoundsForStaff, type RoundRow } from '../../wallet/index.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';
import { recordView, requirePlayer } from './viewed.ts';

const e = backofficeEndpoints.players;

/** The page's rounds with their catalogue names (a game the catalogue does not know keeps its id only). */
async function presentRounds(db: Db, rows: RoundRow[]): Promise<PlayerRound[]> {
  const games = await gamesByIdentity(
    db,
    rows.map((r) => r.gameId),
  );
  return rows.map((r) => ({
    roundId: `${r.providerId}:${r.roundId}`,
    providerRoundId: r.roundId,
    providerId: r.providerId,
    gameId: r.gameId,
    gameName: games.get(r.gameId)?.name ?? null,
    currency: r.currency,
    bet: toMajor(r.betTotal, r.currency),
    win: toMajor(r.winTotal, r.currency),
    status: r.status as PlayerRound['status'],
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
  }));
}

/**
 * The player's rounds (the wallet's seamless rounds) and invoices (the payment module's), each a server page
 * with a capped count (decision 0107); each read is audited with what was asked, like the transactions.
 */
export async function historyRoutes(app: FastifyInstance, { db, readDb = db }: StaffDeps): Promise<void> {
  route(app, e.rounds, async ({ params, query, request }) => {
    await requirePlayer(db, params.id);
    const currency = query.currency?.trim().toUpperCase() || undefined;
    const { rows, total } = await playerRoundsForStaff(readDb, { ...query, playerId: params.id, currency });
    const data = await presentRounds(readDb, rows);
    await recordView(db, staffOf(request), 'player.rounds.view', params.id, {
      page: query.page,
      perPage: query.perPage,
      status: query.status ?? null,
      currency: currency ?? null,
    });
    return { data, meta: pageMeta(query.page, query.perPage, total) };
  });

  route(app, e.invoices, async ({ params, query, request }) => {
    await requirePlayer(db, params.id);
    const { rows, total } = await playerInvoicesForStaff(readDb, { ...query, playerId: params.id });
    await recordView(db, staffOf(request), 'player.invoices.view', params.id, {
      page: query.page,
      perPage: query.perPage,
      type: query.type ?? null,
      status: query.status ?? null,
    });
    return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
  });
}
