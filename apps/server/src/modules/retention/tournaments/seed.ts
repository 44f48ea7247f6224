import { TournamentInput, TournamentPrizeType, TournamentType } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bonusDefinitionByIdentity, demoPrizeBonuses } from '../../bonus/index.ts';
import { withTransaction } from '../../wallet/index.ts';
import { type PrizeDefinition, prizeRow } from './define.ts';
import { createTournament } from './editor.ts';
import { tournamentEntries, tournamentPrizes, tournamentResults, tournaments } from './schema.ts';

// Demo tournaments (issue 13 §6): a rolling weekly race on every house game that is always running (its end
// job starts the next), and a finished one with its winners fixed. Idempotent: keyed by identity.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The collections that hold the studio's six games (slots, table games, originals). */
export const HOUSE_COLLECTIONS = ['slots', 'table-games', 'originals'];
const SERIES = 'house-race';

const cashPrizes: PrizeDefinition[] = [
  { place: 1, type: TournamentPrizeType.money, title: '€100 cash', currency: 'EUR', amount: 100_00n },
  { place: 2, type: TournamentPrizeType.money, title: '€50 cash', currency: 'EUR', amount: 50_00n },
  { place: 3, type: TournamentPrizeType.bonusMoney, title: '€20 bonus', currency: 'EUR', amount: 20_00n },
];

/** The demo's places: the money ones, then 10 free spins on Neon Fruits (a bonus definition, decision 0077). */
async function prizesOf(db: Db): Promise<PrizeDefinition[]> {
  const spins = await bonusDefinitionByIdentity(db, demoPrizeBonuses.freeSpins);
  if (!spins) return cashPrizes;
  const title = '10 free spins on Neon Fruits';
  return [...cashPrizes, { place: 4, type: TournamentPrizeType.bonus, title, bonusId: spins.id }];
}

/** Demo: winners of the finished tournament (fixed ids: no player account behind them). */
const demoWinners = [
  { playerId: '00000000-0000-4000-8000-00000000a001', nickname: 'LuckyLuna', points: 4_812_50n },
  { playerId: '00000000-0000-4000-8000-00000000a002', nickname: 'AceOfNeon', points: 3_990_00n },
  { playerId: '00000000-0000-4000-8000-00000000a003', nickname: 'PlinkoPro', points: 2_105_25n },
];

/** The editor's input (prize amounts in major units, as the editor takes them). */
const inputOf = (
  t: Omit<TournamentInput, 'startAt' | 'endAt' | 'prizes'> & { startAt: Date; endAt: Date; prizes: PrizeDefinition[] },
) =>
  TournamentInput.parse({
    ...t,
    startAt: t.startAt.toISOString(),
    endAt: t.endAt.toISOString(),
    prizes: t.prizes.map((p) => ({
      ...p,
      amount: p.amount !== undefined && p.currency ? toMajor(p.amount, p.currency) : null,
    })),
  });

/** Through the editor's own service (the one way a tournament comes to be); null when the identity exists. */
async function create(db: Db, input: TournamentInput, o: Parameters<typeof createTournament>[2]) {
  const [exists] = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(eq(tournaments.identity, input.identity));
  if (exists) return null;
  return withTransaction(db, (tx) => createTournament(tx, input, o));
}

export async function seedTournaments(db: Db, now = new Date()): Promise<void> {
  const prizes = await prizesOf(db);
  const [running] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.series, SERIES));
  if (!running) {
    const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
    const input = inputOf({
      identity: `${SERIES}-${start.toISOString().slice(0, 10).replace(/-/g, '')}`,
      title: 'House Race',
      type: TournamentType.stake,
      startAt: start,
      endAt: new Date(start.getTime() + DAY_MS),
      confirmationRequired: false,
      conditions: { gameCollections: HOUSE_COLLECTIONS, minAmount: 0.1, minAmountOp: 'gte' },
      rates: { baseCurrencyRate: 1 },
      prizes,
    });
    await create(db, input, { series: SERIES });
  } else {
    await addMissingPlaces(db, prizes);
  }
  await seedFinished(db, now, prizes);
}

/**
 * A series seeded before a place was added gets it in its open tournaments (the end job copies the places on
 * to the next one); a place already there is kept as it is.
 */
async function addMissingPlaces(db: Db, prizes: PrizeDefinition[]): Promise<void> {
  const open = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.series, SERIES), isNull(tournaments.finishedAt)));
  for (const { id } of open) {
    for (const p of prizes) {
      await db.insert(tournamentPrizes).values(prizeRow(id, p)).onConflictDoNothing();
    }
  }
}

async function seedFinished(db: Db, now: Date, prizes: PrizeDefinition[]): Promise<void> {
  const endAt = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS);
  const input = inputOf({
    identity: 'multiplier-madness',
    title: 'Multiplier Madness',
    type: TournamentType.multiplier,
    startAt: new Date(endAt.getTime() - 7 * DAY_MS),
    endAt,
    confirmationRequired: false,
    conditions: { gameCollections: HOUSE_COLLECTIONS, minAmount: 0.5, minAmountOp: 'gte' },
    rates: { baseCurrencyRate: 1 },
    prizes,
  });
  const row = await create(db, input, { status: 'finished' });
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
