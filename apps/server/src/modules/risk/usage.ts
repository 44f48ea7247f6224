import { LimitDefinition } from '@croupier/contracts/reference/index';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drizzleSql } from '../../db/lean-sql.ts';
import { depositedSince } from '../payment/index.ts';
import { timeZoneIn } from '../player/index.ts';
import { limitUsage } from './schema.ts';
import type { Usage } from './state.ts';
import type { LimitRow } from './store.ts';
import { type CashPeriod, windowOf } from './windows.ts';
import { profileZone } from './windows-sql.ts';

/**
 * The profile's zone now, UTC when unset or not an offered zone (as the rule's SQL): a new cash limit keeps
 * it as its own (decision 0091), so a later edit of the profile never moves the limit's windows.
 */
export async function zoneOf(db: Db, playerId: string): Promise<string> {
  return profileZone(await timeZoneIn(drizzleSql(db), playerId));
}

/** The window of a cash limit at `now`: in the limit's own zone, as the money rule's SQL computes it. */
export const windowOfLimit = (row: LimitRow, now: Date) =>
  windowOf(row.period as CashPeriod, now, profileZone(row.zone));

/**
 * What a cash limit has used in its current window (minor units): the stakes (bet), the net loss never
 * below zero (loss), the deposits pending or done (deposit).
 */
export async function usageOf(db: Db, row: LimitRow, now: Date): Promise<Usage> {
  const window = windowOfLimit(row, now);
  const currency = row.currency!;
  if (row.definition === LimitDefinition.deposit) {
    return { used: await depositedSince(db, row.playerId, currency, window.start), window };
  }
  const [counted] = await db
    .select()
    .from(limitUsage)
    .where(
      and(
        eq(limitUsage.playerId, row.playerId),
        eq(limitUsage.currency, currency),
        eq(limitUsage.period, row.period),
        eq(limitUsage.windowStart, window.start),
      ),
    );
  if (!counted) return { used: 0n, window };
  const used = row.definition === LimitDefinition.bet ? counted.staked : counted.netLoss;
  return { used: used > 0n ? used : 0n, window };
}
