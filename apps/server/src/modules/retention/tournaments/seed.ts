import { TournamentPrizeType, TournamentType } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { defineTournament, type PrizeDefinition } from './define.ts';
import { tournamentEntries, tournamentResults, tournaments } from './schema.ts';

// Demo tournaments (issue 13 §6): a rolling weekly race on every house game that is always running (its end
// job starts the next), and a finished one with its winners fixed. Idempotent: keyed by identity.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The collections that hold the studio's six games (slots, table games, originals). */
export const HOUSE_COLLECTIONS = ['slots', 'table-games', 'originals'];
const SERIES = 'house-race';

const prizes: PrizeDefinition[] = [
  { place: 1, type: TournamentPrizeType.money, title: '€100 cash', currency: 'EUR', amount: 100_00n },
  { place: 2, type: TournamentPrizeType.money, title: '€50 cash', currency: 'EUR', amount: 50_00n },
  { place: 3, type: TournamentPrizeType.bonusMoney, title: '€20 bonus', currency: 'EUR', amount: 20_00n },
];

/** Demo: winners of the finished tournament (fixed ids: no player account behind them). */
const demoWinners = [
  { playerId: '00000000-0000-4000-8000-00000000a001', nickname: 'LuckyLuna', points: 4_812_50n },
  { playerId: '00000000-0000-4000-8000-00000000a002', nickname: 'AceOfNeon', points: 3_990_00n },
  { playerId: '00000000-0000-4000-8000-00000000a003', nickname: 'PlinkoPro', points: 2_105_25n },
];

export async function seedTournaments(db: Db, now = new Date()): Promise<void> {
  const [running] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.series, SERIES));
  if (!running) {
    const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
    await defineTournament(db, {
      identity: `${SERIES}-${start.toISOString().slice(0, 10).replace(/-/g, '')}`,
      title: 'House Race',
      type: TournamentType.stake,
      startAt: start,
      endAt: new Date(start.getTime() + DAY_MS),
      conditions: { gameCollections: HOUSE_COLLECTIONS, minAmount: 0.1, minAmountOp: 'gte' },
      rates: { baseCurrencyRate: 1 },
      series: SERIES,
      prizes,
    });
  }
  await seedFinished(db, now);
}

async function seedFinished(db: Db, now: Date): Promise<void> {
  const endAt = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS);
  const row = await defineTournament(db, {
    identity: 'multiplier-madness',
    title: 'Multiplier Madness',
    type: TournamentType.multiplier,
    status: 'finished',
    startAt: new Date(endAt.getTime() - 7 * DAY_MS),
    endAt,
    conditions: { gameCollections: HOUSE_COLLECTIONS, minAmount: 0.5, minAmountOp: 'gte' },
    rates: { baseCurrencyRate: 1 },
    prizes,
  });
  if (!row) return;
  await db.update(tournaments).set({ finishedAt: endAt }).where(eq(tournaments.id, row.id));
  await db
    .insert(tournamentEntries)
    .values(demoWinners.map((w) => ({ tournamentId: row.id, ...w, nickname: undefined })));
  await db.insert(tournamentResults).values(
    demoWinners.map((w, i) => ({
      tournamentId: row.id,
      place: i + 1,
      playerId: w.playerId,
      nickname: w.nickname,
      points: w.points,
      paidAt: endAt,
      createdAt: endAt,
    })),
  );
}
