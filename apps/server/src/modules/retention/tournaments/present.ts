import { type Tournament, type TournamentPrize, TournamentState } from '@croupier/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pointsOf, stateOf, type TournamentRow } from './rules.ts';
import { tournamentPrizes, tournamentResults } from './schema.ts';

// Tournament rows in the contract's shapes (api-contract §11.3).

export function toTournament(row: TournamentRow, now: Date): Tournament {
  const state = stateOf(row, now);
  return {
    id: row.id,
    identity: row.identity,
    title: row.title,
    type: row.type,
    state,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    isAvailable: state === TournamentState.upcoming || state === TournamentState.running,
    confirmationRequired: row.confirmationRequired,
    rates: row.rates,
    conditions: row.conditions,
  };
}

/** Prizes by tournament, each with its winner once the result is fixed. */
export async function prizesOf(db: Db, tournamentIds: string[]): Promise<Map<string, TournamentPrize[]>> {
  const out = new Map<string, TournamentPrize[]>();
  if (tournamentIds.length === 0) return out;
  const rows = await db
    .select({ prize: tournamentPrizes, result: tournamentResults })
    .from(tournamentPrizes)
    .leftJoin(
      tournamentResults,
      and(
        eq(tournamentResults.tournamentId, tournamentPrizes.tournamentId),
        eq(tournamentResults.place, tournamentPrizes.place),
      ),
    )
    .where(inArray(tournamentPrizes.tournamentId, tournamentIds))
    .orderBy(asc(tournamentPrizes.place));
  for (const { prize, result } of rows) {
    const list = out.get(prize.tournamentId) ?? [];
    list.push({
      place: prize.place,
      type: prize.type,
      title: prize.title,
      ...(prize.bonusId ? { bonusId: prize.bonusId } : {}),
      ...(result
        ? {
            entry: {
              playerId: result.playerId,
              nickname: result.nickname,
              points: pointsOf(result.points),
              createdAt: result.createdAt.toISOString(),
              updatedAt: result.paidAt?.toISOString() ?? null,
            },
          }
        : {}),
    });
    out.set(prize.tournamentId, list);
  }
  return out;
}
