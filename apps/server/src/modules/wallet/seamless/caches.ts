import type { Sql } from '../../../db/lean-sql.ts';
import { HOUSE_GAME_ACCOUNT } from './statements.ts';

/** A statement outside any transaction (moved to db/lean-sql.ts: the history and the session check use it too). */
export { poolSql } from '../../../db/lean-sql.ts';

/**
 * The house `game` account per currency: created once and never changed, so after the first request of a
 * currency it costs no statement. Launch tokens are not cached: the locking statement reads them fresh.
 */
export function createHouseAccounts() {
  const ids = new Map<string, string>();
  return async function houseGameAccount(sql: Sql, currency: string): Promise<string> {
    const cached = ids.get(currency);
    if (cached) return cached;
    // A concurrent first use: the insert waited for the other transaction's row and inserted nothing, but
    // this statement's snapshot predates that row. The next statement (a new snapshot) sees it.
    let [row] = await sql.query<{ id: string; made: boolean }>(HOUSE_GAME_ACCOUNT, [currency]);
    if (!row) [row] = await sql.query<{ id: string; made: boolean }>(HOUSE_GAME_ACCOUNT, [currency]);
    if (!row) throw new Error(`No house game account for ${currency}`);
    // Made by this transaction: it exists only if the transaction commits, so it is cached next time.
    if (!row.made) ids.set(currency, row.id);
    return row.id;
  };
}

export type HouseAccounts = ReturnType<typeof createHouseAccounts>;
