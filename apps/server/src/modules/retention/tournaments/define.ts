import type { TournamentConditions, TournamentRates } from '@croupier/contracts';
import { TournamentPrizeType } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { assertIssuableBonus } from '../bonus-prizes.ts';
import { tournamentsChanged } from './catalog.ts';
import type { TournamentRow } from './rules.ts';
import { tournamentPrizes, tournaments } from './schema.ts';

// Operator data: a tournament and its prizes (demo seed, tests, the next one of a rolling series).

export interface PrizeDefinition {
  place: number;
  /** 1 real money, 2 bonus money, 3 a bonus. */
  type: number;
  title: string;
  currency?: string;
  /** Minor units. */
  amount?: bigint;
  bonusId?: string;
}

export interface TournamentDefinition {
  identity: string;
  title: string;
  type: number;
  startAt: Date;
  endAt: Date;
  confirmationRequired?: boolean;
  conditions?: TournamentConditions;
  rates: TournamentRates;
  series?: string | null;
  status?: 'draft' | 'scheduled' | 'finished' | 'cancelled';
  prizes: PrizeDefinition[];
}

/**
 * Inserts a tournament and its prizes; null when the identity exists already (idempotent seeds). A bonus
 * prize (type 3) must name a definition the end job can issue (decision 0077).
 */
/** A prize place as its row in `tournament_prizes`. */
export const prizeRow = (tournamentId: string, p: PrizeDefinition) => ({
  tournamentId,
  place: p.place,
  type: p.type,
  title: p.title,
  currency: p.currency ?? null,
  amount: p.amount ?? null,
  bonusId: p.bonusId ?? null,
});

export async function defineTournament(tx: Db, d: TournamentDefinition): Promise<TournamentRow | null> {
  for (const p of d.prizes) {
    if (p.type !== TournamentPrizeType.bonus) continue;
    if (!p.bonusId) throw new Error(`Prize ${p.place} is a bonus without a bonusId`);
    await assertIssuableBonus(tx, p.bonusId);
  }
  const [row] = await tx
    .insert(tournaments)
    .values({
      identity: d.identity,
      title: d.title,
      type: d.type,
      status: d.status ?? 'scheduled',
      startAt: d.startAt,
      endAt: d.endAt,
      confirmationRequired: d.confirmationRequired ?? false,
      conditions: d.conditions ?? {},
      rates: d.rates,
      series: d.series ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (d.prizes.length > 0) {
    await tx.insert(tournamentPrizes).values(d.prizes.map((p) => prizeRow(row.id, p)));
  }
  tournamentsChanged();
  return row;
}
