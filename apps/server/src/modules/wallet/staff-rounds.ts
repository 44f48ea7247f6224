import type { Db } from '../../db/client.ts';
import { statement } from '../../db/lean-sql.ts';
import { poolSql } from './seamless/caches.ts';
import { listRounds, type RoundRow, type RoundStatus, roundCountLimit, roundOf } from './seamless/history.ts';

// The back office's view of one player's game rounds (decision 0107): the game history's page and capped count
// (decision 0048), with every status by default and a currency filter the player's own history does not offer.

const EVERY_STATUS: RoundStatus[] = ['open', 'settled', 'rolled_back'];

// The game history's statement (history.ts) with the currency as well. The rows still come from
// seamless_rounds_player_history_idx in order; the currency is read from each row, so the capped count is no
// longer answered from the index alone, but it stops at the same cap.
const CURRENCY_PAGE = statement(
  'seamless_staff_rounds_currency_page',
  `select c.n, r.provider_id, r.round_id, r.player_id, r.game_id, r.currency, r.bet_total::text as bet_total,
          r.win_total::text as win_total, r.status, r.created_at, r.settled_at
     from (select count(*)::int as n from (select 1 from wallet.seamless_rounds
             where player_id = $1 and status = any($2::text[]) and currency = $3 limit $6) capped) c
     left join lateral (select * from wallet.seamless_rounds
             where player_id = $1 and status = any($2::text[]) and currency = $3
             order by created_at desc, round_id desc limit $4 offset $5) r on true
    order by r.created_at desc, r.round_id desc`,
);

export interface StaffRoundsQuery {
  playerId: string;
  page: number;
  perPage: number;
  status?: RoundStatus | undefined;
  /** One currency (upper case); all of them when absent. */
  currency?: string | undefined;
}

/** One player's rounds, newest first, in any status (or one), one currency or all: a page and the capped count. */
export async function playerRoundsForStaff(
  db: Db,
  { playerId, page, perPage, status, currency }: StaffRoundsQuery,
): Promise<{ rows: RoundRow[]; total: number }> {
  const statuses = status ? [status] : EVERY_STATUS;
  if (!currency) return listRounds(db, { playerId, statuses, page, perPage });
  const found = await poolSql(db).query<Record<string, unknown>>(CURRENCY_PAGE, [
    playerId,
    statuses,
    currency,
    perPage,
    (page - 1) * perPage,
    roundCountLimit(page, perPage),
  ]);
  return { rows: found.filter((r) => r.round_id !== null).map(roundOf), total: Number(found[0]?.n ?? 0) };
}
