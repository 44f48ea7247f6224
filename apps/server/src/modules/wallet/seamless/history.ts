import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type Sql, statement } from '../../../db/lean-sql.ts';
import { poolSql } from './caches.ts';
import { seamlessRounds } from './schema.ts';

// Read-only views of the seamless rounds for the game history (the game module's spins, bets, winners).

export type RoundStatus = 'open' | 'settled' | 'rolled_back';
export type RoundRow = typeof seamlessRounds.$inferSelect;

/**
 * How far past the requested page counting goes (docs/decisions/0048). A count is a scan of the player's
 * index entries (about 1 s for 10M rounds, 15–25 ms for 100,000; bench/history), so it stops this many rows
 * after the page: the count then costs about what the page's own OFFSET walk costs. When the count reaches
 * the window, `total` means "at least this many", which is still more than the page needs to offer "next".
 */
export const ROUND_COUNT_AHEAD = 1000;

/** The most rows a history count reads for a page: the rows before it, the page, and the window after. */
export const roundCountLimit = (page: number, perPage: number) => page * perPage + ROUND_COUNT_AHEAD;

// The history's page and its capped count in one prepared statement (decision 0048): one round trip, built
// once, planned once per connection. Both walk seamless_rounds_player_idx (player_id, created_at desc,
// round_id desc) include (status). No row on the page still returns one row, with only the count set.
const HISTORY_PAGE = statement(
  'seamless_history_page',
  `select c.n, r.provider_id, r.round_id, r.player_id, r.game_id, r.currency, r.bet_total::text as bet_total,
          r.win_total::text as win_total, r.status, r.created_at, r.settled_at
     from (select count(*)::int as n from (select 1 from wallet.seamless_rounds
             where player_id = $1 and status = any($2::text[]) limit $5) capped) c
     left join lateral (select * from wallet.seamless_rounds where player_id = $1 and status = any($2::text[])
             order by created_at desc, round_id desc limit $3 offset $4) r on true
    order by r.created_at desc, r.round_id desc`,
);

/** One player's rounds in the given statuses, newest first: one page of them and how many there are (capped). */
export async function listRounds(
  db: Db,
  { playerId, statuses, page, perPage }: { playerId: string; statuses: RoundStatus[]; page: number; perPage: number },
): Promise<{ rows: RoundRow[]; total: number }> {
  const found = await poolSql(db).query<Record<string, unknown>>(HISTORY_PAGE, [
    playerId,
    statuses,
    perPage,
    (page - 1) * perPage,
    roundCountLimit(page, perPage),
  ]);
  return {
    rows: found.filter((r) => r.round_id !== null).map(historyRow),
    total: Number(found[0]?.n ?? 0),
  };
}

/** A HISTORY_PAGE row (amounts as text, exact) as the table's row type. */
const historyRow = (r: Record<string, unknown>): RoundRow => ({
  providerId: String(r.provider_id),
  roundId: String(r.round_id),
  playerId: String(r.player_id),
  gameId: String(r.game_id),
  currency: String(r.currency),
  betTotal: BigInt(r.bet_total as string),
  winTotal: BigInt(r.win_total as string),
  status: String(r.status),
  createdAt: new Date(r.created_at as string),
  settledAt: r.settled_at === null || r.settled_at === undefined ? null : new Date(r.settled_at as string),
});

/** Paid at least `multiplier` times its stake (hundredths: 2.5 → win × 100 ≥ bet × 250). */
const paidAtLeast = (multiplier: number): SQL =>
  sql`${seamlessRounds.winTotal} * 100 >= ${seamlessRounds.betTotal} * ${Math.round(multiplier * 100)}`;

/**
 * The latest settled rounds that paid more than they staked (and at least `minMultiplier` times it),
 * across players, newest first.
 */
export async function latestWins(
  db: Db,
  { limit, minMultiplier = 1 }: { limit: number; minMultiplier?: number },
): Promise<RoundRow[]> {
  return db
    .select()
    .from(seamlessRounds)
    .where(
      and(
        eq(seamlessRounds.status, 'settled'),
        gt(seamlessRounds.winTotal, sql`${seamlessRounds.betTotal}`),
        minMultiplier > 1 ? paidAtLeast(minMultiplier) : undefined,
      ),
    )
    .orderBy(desc(seamlessRounds.settledAt), desc(seamlessRounds.roundId))
    .limit(limit);
}

/** The latest settled rounds across players, newest first (the latest-bets activity board). */
export async function latestSettled(db: Db, { limit }: { limit: number }): Promise<RoundRow[]> {
  return db
    .select()
    .from(seamlessRounds)
    .where(eq(seamlessRounds.status, 'settled'))
    .orderBy(desc(seamlessRounds.settledAt), desc(seamlessRounds.roundId))
    .limit(limit);
}

const ROUND_ROW = statement(
  'seamless_round_row',
  `select provider_id, round_id, player_id, game_id, currency, bet_total::text as bet_total,
          win_total::text as win_total, status, created_at, settled_at
     from wallet.seamless_rounds where provider_id = $1 and round_id = $2`,
);

const dateOf = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

/** One round as the caller's transaction sees it (a money rule reads the round a win has just settled). */
export async function roundIn(sql: Sql, providerId: string, roundId: string): Promise<RoundRow | null> {
  const [r] = await sql.query<Record<string, unknown>>(ROUND_ROW, [providerId, roundId]);
  return r ? roundOf(r) : null;
}

/** A round row as ROUND_ROW (and the win's update, which returns the same columns) answers it. */
export function roundOf(r: Record<string, unknown>): RoundRow {
  return {
    providerId: String(r.provider_id),
    roundId: String(r.round_id),
    playerId: String(r.player_id),
    gameId: String(r.game_id),
    currency: String(r.currency),
    betTotal: BigInt(r.bet_total as string),
    winTotal: BigInt(r.win_total as string),
    status: String(r.status),
    createdAt: dateOf(r.created_at) ?? new Date(0),
    settledAt: dateOf(r.settled_at),
  };
}
