import type { ReconciliationRun } from '@croupier/contracts';
import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { firstMovements, LEDGER_CHANNEL, type LedgerMovementRef, ledgerTotals } from '../../wallet/index.ts';
import { dailyFigures, dailyGames, dailyPlayers } from '../schema.ts';
import {
  compare,
  compareMonths,
  type Difference,
  type LedgerSide,
  type MonthGameRow,
  type Rollups,
} from './compare.ts';
import { FINDINGS_KEPT, finishRun, startRun, toRun } from './store.ts';

// A reconciliation run (issue 28, decision 0121): the rollups of a range of UTC days against the ledger, every
// difference recorded as a finding, never a rollup changed.
//
// The rollups lag the ledger by one outbox pass, so both sides are read in ONE snapshot (repeatable read), and
// the ledger's side leaves out the movements whose `ledger.moved` event the consumer has not applied in that
// snapshot: still in the outbox and without a processed row. A movement's event is written by the movement's
// own statement; the consumer writes its processed rows with the rollups, and the dispatcher deletes an event
// only after that commits. So in any snapshot a movement is either applied (its rollup effects visible) or
// pending (left out here): a run right after money moved finds nothing, with no waiting and no retry. What it
// does not see as a difference is lag itself: an event the consumer keeps failing on stays pending (the outbox
// logs it), and its movement is compared once applied.

export interface ReconcileDays {
  from: string;
  to: string;
}

/** Movements whose ledger event is still waiting for the reporting consumer, as this snapshot sees them. */
async function unapplied(tx: Db): Promise<LedgerMovementRef[]> {
  const result = await tx.execute(sql`
    select o.data->>'ledgerId' as "ledgerId", o.data->>'accountId' as "accountId"
      from outbox.events o
     where o.channel = ${LEDGER_CHANNEL}`);
  return (result as unknown as { rows: LedgerMovementRef[] }).rows;
}

async function rollupsOf(tx: Db, days: ReconcileDays): Promise<Rollups> {
  const inRange = (day: PgColumn) => and(gte(day, days.from), lte(day, days.to));
  const figures = await tx.select().from(dailyFigures).where(inRange(dailyFigures.day));
  const games = await tx.select().from(dailyGames).where(inRange(dailyGames.day));
  const players = await tx.select().from(dailyPlayers).where(inRange(dailyPlayers.day));
  return { figures, games, players };
}

/** Both sides, as one snapshot sees them. */
export async function readSides(db: Db, days: ReconcileDays): Promise<{ rollups: Rollups; ledger: LedgerSide }> {
  return db.transaction(
    async (t) => {
      const tx = t as unknown as Db;
      const pending = await unapplied(tx);
      const totals = await ledgerTotals(tx, days, pending);
      const firstDeposits = await firstMovements(tx, days, 'payment.deposit', pending);
      return { rollups: await rollupsOf(tx, days), ledger: { totals, firstDeposits } };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A month's `monthly_games` rows and its `daily_games` rows summed per game and currency, in one snapshot. */
async function monthSides(db: Db, month: string): Promise<{ months: MonthGameRow[]; daySums: MonthGameRow[] }> {
  const figures = `rounds::int as rounds, stakes::text as stakes, stake_squares::text as "stakeSquares",
    payouts::text as payouts, real_stakes::text as "realStakes", real_payouts::text as "realPayouts"`;
  const read = async (tx: Db, text: SQL) =>
    ((await tx.execute(text)) as unknown as { rows: Record<string, string | number>[] }).rows.map(
      (r): MonthGameRow => ({
        month,
        currency: String(r.currency),
        gameId: String(r.gameId),
        rounds: Number(r.rounds),
        stakes: BigInt(r.stakes!),
        stakeSquares: BigInt(r.stakeSquares!),
        payouts: BigInt(r.payouts!),
        realStakes: BigInt(r.realStakes!),
        realPayouts: BigInt(r.realPayouts!),
      }),
    );
  return db.transaction(
    async (t) => {
      const tx = t as unknown as Db;
      const months = await read(
        tx,
        sql`select currency, game_id as "gameId", ${sql.raw(figures)}
              from reporting.monthly_games where month = ${month}`,
      );
      const daySums = await read(
        tx,
        sql`select currency, "gameId", ${sql.raw(figures)}
              from (select currency, game_id as "gameId", sum(rounds) as rounds, sum(stakes) as stakes,
                           sum(stake_squares) as stake_squares, sum(payouts) as payouts,
                           sum(real_stakes) as real_stakes, sum(real_payouts) as real_payouts
                      from reporting.daily_games
                     where day >= ${month}::date and day < ${month}::date + interval '1 month'
                     group by currency, game_id) d`,
      );
      return { months, daySums };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** First days of the calendar months `days` touches. */
const monthsOf = (days: readonly string[]) => [...new Set(days.map((d) => `${d.slice(0, 7)}-01`))];

const DAY_MS = 86_400_000;
const daysOf = ({ from, to }: ReconcileDays) => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
};

/**
 * Reconciles `days` now: one run, its findings written, the rollups untouched. A day at a time, each in its own
 * snapshot: a day's figures never depend on another day's, and a year's ledger is never held in memory at once.
 */
export async function reconcile(db: Db, days: ReconcileDays): Promise<ReconciliationRun> {
  const run = await startRun(db, days);
  return finish(db, run.id, days);
}

async function finish(db: Db, runId: string, days: ReconcileDays): Promise<ReconciliationRun> {
  let compared = 0;
  let found = 0;
  const kept: Difference[] = [];
  const keep = (result: { compared: number; differences: Difference[] }) => {
    compared += result.compared;
    found += result.differences.length;
    kept.push(...result.differences.slice(0, Math.max(0, FINDINGS_KEPT - kept.length)));
  };
  for (const day of daysOf(days)) {
    // Other work between two days (an embedded database answers without ever leaving the microtask queue).
    await new Promise((resolve) => setImmediate(resolve));
    const { rollups, ledger } = await readSides(db, { from: day, to: day });
    keep(compare(rollups, ledger));
  }
  // The games' months against their days (the whole month of each day in the range: a month row sums them all).
  for (const month of monthsOf(daysOf(days))) {
    await new Promise((resolve) => setImmediate(resolve));
    const { months, daySums } = await monthSides(db, month);
    keep(compareMonths(months, daySums));
  }
  return toRun(await finishRun(db, runId, { compared, findings: found, kept }));
}

/**
 * A run asked for by staff: answered when it ends, or after `waitMs` as it stands then (unfinished: the screen
 * shows it so), while it goes on. A run that fails stays unfinished, and the error is logged.
 */
export async function reconcileWithin(
  db: Db,
  days: ReconcileDays,
  waitMs: number,
  log: { error(obj: unknown, msg: string): void },
): Promise<ReconciliationRun> {
  const run = await startRun(db, days);
  const done = finish(db, run.id, days);
  done.catch((error) => log.error({ err: error, runId: run.id }, 'reconciliation run failed'));
  let timer: NodeJS.Timeout | undefined;
  const later = new Promise<ReconciliationRun>((resolve) => {
    timer = setTimeout(() => resolve(toRun(run)), waitMs);
  });
  try {
    return await Promise.race([done, later]);
  } finally {
    clearTimeout(timer);
  }
}
