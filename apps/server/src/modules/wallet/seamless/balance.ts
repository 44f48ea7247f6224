import { toMajorString } from '@croupier/contracts/reference/index';
import type { AccountRow } from '../ledger-types.ts';
import { poolSql } from './caches.ts';
import { SeamlessError } from './errors.ts';
import { tokenHashOf } from './launch.ts';
import type { SeamlessDeps } from './movement-types.ts';
import { BALANCE_BY_TOKEN, READ_ACCOUNT } from './statements.ts';

export interface BalanceAnswer {
  status: 'OK';
  balance: string;
  currency: string;
}

/** Reads balances with one statement, outside any transaction (a snapshot: no lock needed). */
export function createBalance(deps: Pick<SeamlessDeps, 'db' | 'funding'>) {
  const sql = poolSql(deps.db);
  const present = (row: AccountRow) => ({
    balance: toMajorString(deps.funding.playable(row), row.currency),
    currency: row.currency,
  });
  async function balanceOf(accountId: string): Promise<{ balance: string; currency: string } | null> {
    const [row] = await sql.query<AccountRow>(READ_ACCOUNT, [accountId]);
    return row ? present(row) : null;
  }
  async function balance(providerId: string, token: string): Promise<BalanceAnswer> {
    const [row] = await sql.query<AccountRow>(BALANCE_BY_TOKEN, [tokenHashOf(token), providerId]);
    if (!row) throw new SeamlessError('INVALID_TOKEN', 'Unknown token');
    return { status: 'OK', ...present(row) };
  }
  return { balance, balanceOf };
}
