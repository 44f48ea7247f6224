import { createHash } from 'node:crypto';
import { toMajor } from '@croupier/contracts/reference/index';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/index.ts';
import { mayGainValueNow } from '../risk/index.ts';
import { netLossesBetween, withTransaction } from '../wallet/index.ts';
import { type BonusRow, isAvailable } from './definitions.ts';
import type { BonusDeps } from './deps.ts';
import { issue } from './lifecycle.ts';
import { bonuses } from './schema.ts';

// Weekly cashback (issue 12 §6): a percentage of each player's net real-money loss at the games over the
// last week (Monday 00:00 UTC to Monday 00:00 UTC), issued as a cashback bonus. The job runs once per week;
// re-running it issues nothing twice (each issue is keyed by definition, week, player and currency). A player
// excluded or blocked when it runs gets nothing for that week (decision 0092).

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The Monday 00:00 UTC that starts the week of `at`. */
export function weekStartOf(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 60 * 60 * 1000);
}

export interface CashbackData {
  /** ISO start of the week being paid. */
  week: string;
}

async function cashbackDefinitions(db: Db, now: Date): Promise<BonusRow[]> {
  const rows = await db
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.kind, 'cashback'), eq(bonuses.enabled, true)));
  return rows.filter((b) => isAvailable(b, now) && (b.depositPercentage ?? 0) > 0);
}

const cashbackOf = (b: BonusRow, loss: bigint) => (loss * BigInt(b.depositPercentage ?? 0)) / 100n;

/** Pays the week starting `week` (idempotent); answers how many bonuses it issued. */
export async function payCashback(deps: BonusDeps, { week }: CashbackData): Promise<number> {
  const from = new Date(week);
  const to = new Date(from.getTime() + WEEK_MS);
  const definitions = await cashbackDefinitions(deps.db, deps.now());
  if (definitions.length === 0) return 0;
  const losses = await netLossesBetween(deps.db, from, to);
  let issued = 0;
  for (const bonus of definitions) {
    for (const loss of losses) {
      const amount = cashbackOf(bonus, loss.amount);
      if (amount <= 0n) continue;
      // One transaction per player: a long batch never holds many players' account locks at once.
      const key = `cashback:${bonus.id}:${week}:${loss.playerId}:${loss.currency}`;
      const row = await withTransaction(deps.db, async (tx) => {
        // A player the exclusion check refuses at payout forfeits the week's cashback (decision 0092).
        if (!(await mayGainValueNow(deps.mayClaim, loss.playerId, tx))) return null;
        return issue(tx, deps, {
          playerId: loss.playerId,
          bonus,
          currency: loss.currency,
          amount,
          issueKey: key,
          issueSessionId: bonus.id,
        });
      });
      if (row) issued += 1;
    }
  }
  return issued;
}

/** A UUID derived from a name: the same week's job has the same id on every instance and restart. */
export function jobIdOf(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Queues the payment of the week of `at`, due when that week ends (the same job from every instance). */
export async function scheduleCashback(deps: BonusDeps, job: JobDefinition<CashbackData>, at: Date): Promise<void> {
  const week = weekStartOf(at);
  const id = jobIdOf(`cashback:${week.toISOString()}`);
  await deps.send(job, { week: week.toISOString() }, { id, startAfter: new Date(week.getTime() + WEEK_MS) });
}

/** GET /api/game/bonuses/cashback: what this week's play would bring so far, and when it is paid. */
export async function cashbackEstimate(deps: BonusDeps, playerId: string, currency: string) {
  const now = deps.now();
  const from = weekStartOf(now);
  const paidAt = new Date(from.getTime() + WEEK_MS);
  const definitions = await cashbackDefinitions(deps.db, now);
  const [loss] = (await netLossesBetween(deps.db, from, paidAt, playerId)).filter((l) => l.currency === currency);
  return definitions.map((b) => ({
    bonusId: b.id,
    bonusName: b.name,
    amount: toMajor(cashbackOf(b, loss?.amount ?? 0n), currency),
    date: paidAt.toISOString(),
  }));
}
