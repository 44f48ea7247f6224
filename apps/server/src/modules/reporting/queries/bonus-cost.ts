import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bonusCostPlayers, dailyBonusCost } from '../schema.ts';
import type { DayRange } from './daily.ts';
import { bigintOf, keysetPages } from './pages.ts';

/** One campaign in one currency over a range, minor units (sums of `reporting.daily_bonus_cost`). */
export interface CampaignCost {
  kind: string;
  /** '' when the source names no campaign. */
  campaignId: string;
  currency: string;
  cost: bigint;
  /** Distinct players given it over the range. */
  players: number;
}

type Key = Pick<CampaignCost, 'kind' | 'campaignId' | 'currency'>;
const keyOf = (k: Key) => `${k.kind}\u0000${k.campaignId}\u0000${k.currency}`;

/** Distinct players per campaign and currency over the range, for the groups from `first` to `last`. */
async function distinctPlayers(db: Db, range: DayRange, first: Key, last: Key): Promise<Map<string, number>> {
  const t = bonusCostPlayers;
  const group = sql`(${t.kind}, ${t.campaignId}, ${t.currency})`;
  const rows = await db
    .select({
      kind: t.kind,
      campaignId: t.campaignId,
      currency: t.currency,
      players: sql<string>`count(distinct ${t.playerId})::text`,
    })
    .from(t)
    .where(
      and(
        gte(t.day, range.from),
        lte(t.day, range.to),
        range.currency ? eq(t.currency, range.currency) : undefined,
        sql`${group} >= (${first.kind}, ${first.campaignId}, ${first.currency})`,
        sql`${group} <= (${last.kind}, ${last.campaignId}, ${last.currency})`,
      ),
    )
    .groupBy(t.kind, t.campaignId, t.currency);
  return new Map(rows.map((r) => [keyOf(r), Number(r.players)]));
}

/**
 * Bonus cost per campaign and currency, by kind, campaign and currency; a page starts after the last group of
 * the page before. The cost is the sum of the days' rows; the players are counted once over the range (a player
 * given a campaign on two days is one player), from the days' sets of players.
 */
export function campaignCostPages(db: Db, range: DayRange, pageSize: number): AsyncGenerator<CampaignCost[]> {
  return keysetPages<CampaignCost>(async (after, limit) => {
    const t = dailyBonusCost;
    const where: (SQL | undefined)[] = [
      gte(t.day, range.from),
      lte(t.day, range.to),
      range.currency ? eq(t.currency, range.currency) : undefined,
      after
        ? sql`(${t.kind}, ${t.campaignId}, ${t.currency}) > (${after.kind}, ${after.campaignId}, ${after.currency})`
        : undefined,
    ];
    const rows = await db
      .select({ kind: t.kind, campaignId: t.campaignId, currency: t.currency, cost: sql<string>`sum(${t.cost})::text` })
      .from(t)
      .where(and(...where))
      .groupBy(t.kind, t.campaignId, t.currency)
      .orderBy(asc(t.kind), asc(t.campaignId), asc(t.currency))
      .limit(limit);
    const first = rows[0];
    const last = rows[rows.length - 1];
    const players = first && last ? await distinctPlayers(db, range, first, last) : new Map<string, number>();
    return rows.map((r) => ({ ...r, cost: bigintOf(r.cost), players: players.get(keyOf(r)) ?? 0 }));
  }, pageSize);
}
