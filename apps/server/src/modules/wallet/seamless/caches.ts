import type { Db } from '../../../db/client.ts';
import { driverOf, pgliteSql, type Sql, type Statement } from '../../../db/lean-sql.ts';
import { HOUSE_GAME_ACCOUNT } from './statements.ts';

/** A statement outside any transaction, on whatever connection the driver gives. */
export function poolSql(db: Db): Sql {
  const driver = driverOf(db);
  if (driver.kind === 'pglite') return pgliteSql(driver.client);
  return {
    async query<R>(s: Statement, values: readonly unknown[]) {
      const result = await driver.pool.query({ name: s.name, text: s.text, values: values as unknown[] });
      return result.rows as R[];
    },
  };
}

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
