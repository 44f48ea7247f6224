import type { Account, AccountBalanceUpdated } from '@croupier/contracts';
import { currencies, toMajor } from '@croupier/contracts/reference/index';
import type { accounts } from './schema.ts';

type Row = Pick<typeof accounts.$inferSelect, 'id' | 'currency' | 'status' | 'real' | 'bonus' | 'locked'> & {
  /** Absent on rows read without it (the seamless path's lock): the move's statement reads it itself. */
  withdrawalsHeld?: boolean;
};

/** Currencies a player may hold an account in, with their minor units per major unit. */
export const enabledCurrencies: ReadonlyMap<string, number> = new Map(
  currencies.filter((c) => c.isEnabled).map((c) => [c.code, c.subunitToUnit]),
);

/**
 * What a withdrawal may take now, in minor units: the free real part. Real money held for a pending
 * withdrawal is already in `locked`, and bonus money is never withdrawable (docs/decisions/0013). While the
 * account's withdrawals are held (its deposits owe turnover, decision 0076), nothing: a withdrawal is refused.
 */
export const withdrawableOf = (row: Pick<Row, 'real' | 'withdrawalsHeld'>): bigint =>
  row.withdrawalsHeld ? 0n : row.real;

/** A player account in the contract's shape (api-contract §7): exact major units via toMajor. */
export function toAccount(row: Row): Account {
  const major = (minor: bigint) => toMajor(minor, row.currency);
  return {
    id: row.id,
    currency: row.currency,
    status: row.status,
    balance: major(row.real + row.bonus),
    realBalance: major(row.real),
    bonusBalance: major(row.bonus),
    lockedBalance: major(row.locked),
    withdrawalBalance: major(withdrawableOf(row)),
  };
}

export const accountsChannel = (playerId: string) => `wallet:accounts#${playerId}`;

/**
 * The outbox event of a changed player account (api-contract §14.2). `accountId` and `held` (its
 * `withdrawalBalance` while withdrawals are held) let the move's statement pick the withdrawable amount from
 * the account's flag as the statement finds it (set or released earlier in the same transaction).
 */
export function accountEvent(row: Row & { playerId: string | null }) {
  const data: AccountBalanceUpdated = { event: 'account.balance.updated', account: toAccount(row) };
  const held = toMajor(0n, row.currency);
  return { channel: accountsChannel(row.playerId!), event: data.event, data, accountId: row.id, held };
}
