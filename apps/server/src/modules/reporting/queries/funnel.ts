import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { playerMilestones } from '../schema.ts';
import type { DayRange } from './daily.ts';

/** One UTC day of registrations and how many of those players have deposited since. */
export interface FunnelDay {
  day: string;
  registrations: number;
  deposited: number;
  /** Median seconds from registration to first deposit of those who deposited; null without any. */
  medianSeconds: number | null;
}

const DAY_MS = 86_400_000;
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Every UTC day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = startOf(from).getTime(); at <= startOf(to).getTime(); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The funnel over a range: players registered each UTC day (through `player_milestones_registered_idx`), of
 * them those with a first deposit (any day up to now) and the median time it took; `currency` keeps the players
 * who registered with it. Every day of the range has a row, days without registrations too (a chart's axis).
 */
export async function funnelDays(db: Db, range: DayRange): Promise<FunnelDay[]> {
  const m = playerMilestones;
  const day = sql<string>`to_char(${m.registeredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const where: (SQL | undefined)[] = [
    gte(m.registeredAt, startOf(range.from)),
    lt(m.registeredAt, new Date(startOf(range.to).getTime() + DAY_MS)),
    range.currency ? eq(m.registeredCurrency, range.currency) : undefined,
  ];
  const rows = await db
    .select({
      day,
      registrations: sql<string>`count(*)::text`,
      deposited: sql<string>`count(${m.firstDepositAt})::text`,
      // percentile_cont skips the nulls of players who have not deposited.
      medianSeconds: sql<
        string | null
      >`(percentile_cont(0.5) within group (order by extract(epoch from ${m.firstDepositAt} - ${m.registeredAt})))::text`,
    })
    .from(m)
    .where(and(...where))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysOf(range.from, range.to).map((d) => {
    const r = byDay.get(d);
    return {
      day: d,
      registrations: Number(r?.registrations ?? 0),
      deposited: Number(r?.deposited ?? 0),
      medianSeconds: r?.medianSeconds == null ? null : Number(r.medianSeconds),
    };
  });
}
