import { ApiError, ErrorCode, endpoints, TournamentState } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { playerOf } from '../../player/index.ts';
import type { MayGainValue } from '../../risk/index.ts';
import { joinEntry, readEntry } from './entries.ts';
import { type Live, leaderboardFrom } from './live.ts';
import { prizesOf, toTournament } from './present.ts';
import { findTournament, listTournaments } from './queries.ts';
import { postgresRanking, type Ranking } from './ranking.ts';
import { pointsOf, stateOf, type TournamentRow } from './rules.ts';

const e = endpoints.retentionTournaments;
const noStore = { 'cache-control': 'no-store' };

export interface RoutesDeps {
  db: Db;
  now: () => Date;
  ranking: Ranking;
  live: Live;
  /** The risk module's exclusion check (decision 0092): an excluded or blocked player does not enter. */
  mayGainValue: MayGainValue;
}

const notFound = () => ApiError.of(ErrorCode.notFound, 'No such tournament.');

/** The live ranking while a tournament runs; the table once it is over (Redis keys expire). */
const rankingFor = (deps: RoutesDeps, row: TournamentRow) =>
  stateOf(row, deps.now()) <= TournamentState.running ? deps.ranking : postgresRanking(deps.db);

async function playerEntryOf(deps: RoutesDeps, row: TournamentRow, playerId: string) {
  const entry = await readEntry(deps.db, row.id, playerId);
  if (!entry) return null;
  const places = await rankingFor(deps, row).placesOf(row.id, [{ playerId, seq: entry.seq }]);
  return { points: pointsOf(entry.points), place: places.get(playerId) ?? 0 };
}

/** api-contract §11.3. `{id}` is the id or the identity (the web page knows the identity). */
export async function tournamentRoutes(app: FastifyInstance, deps: RoutesDeps) {
  route(app, e.tournaments, async ({ query, reply }) => {
    reply.headers(noStore);
    return listTournaments(deps.db, query, deps.now());
  });

  route(app, e.tournament, async ({ params, request, reply }) => {
    reply.headers(noStore);
    const row = await findTournament(deps.db, params.id);
    if (!row) throw notFound();
    const [prizes, leaderboard] = await Promise.all([
      prizesOf(deps.db, [row.id]),
      leaderboardFrom(deps.db, rankingFor(deps, row), row.id),
    ]);
    const data = { ...toTournament(row, deps.now()), prizes: prizes.get(row.id) ?? [], leaderboard };
    // Key absent for a guest; null for a player who takes no part (the banner action depends on it).
    if (!request.player) return { data };
    return { data: { ...data, playerEntry: await playerEntryOf(deps, row, request.player.playerId) } };
  });

  route(app, e.participate, async ({ params, request }) => {
    const { playerId } = playerOf(request);
    const row = await findTournament(deps.db, params.id);
    if (!row) throw notFound();
    const state = stateOf(row, deps.now());
    if (state !== TournamentState.upcoming && state !== TournamentState.running) {
      throw ApiError.of(ErrorCode.conflict, 'This tournament is over.');
    }
    await deps.mayGainValue(playerId);
    await joinEntry(deps.db, row.id, playerId);
    const entry = await readEntry(deps.db, row.id, playerId);
    if (entry) {
      await deps.live.changed([
        { tournamentId: row.id, playerId, seq: entry.seq, points: entry.points, decreased: false, endAt: row.endAt },
      ]);
    }
    return { data: (await playerEntryOf(deps, row, playerId)) ?? { points: 0, place: 0 } };
  });
}
