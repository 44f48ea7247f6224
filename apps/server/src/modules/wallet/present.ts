import type { Account, AccountBalanceUpdated } from '@croupier/contracts';
import { currencies, toMajor } from '@croupier/contracts/reference/index';
import type { accounts } from './schema.ts';

type Row = Pick<typeof accounts.$inferSelect, 'id' | 'currency' | 'status' | 'real' | 'bonus' | 'locked'>;

/** Currencies a player may hold an account in, with their minor units per major unit. */
export const enabledCurrencies: ReadonlyMap<string, number> = new Map(
  currencies.filter((c) => c.isEnabled).map((c) => [c.code, c.subunitToUnit]),
);

/**
 * What a withdrawal may take now, in minor units: the free real part. Real money held for a pending
 * withdrawal is already in `locked`, and bonus money is never withdrawable (docs/decisions/0013).
 */
export const withdrawableOf = (row: Pick<Row, 'real'>): bigint => row.real;

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

/** The outbox event of a changed player account (api-contract §14.2). */
export function accountEvent(row: Row & { playerId: string | null }) {
  const data: AccountBalanceUpdated = { event: 'account.balance.updated', account: toAccount(row) };
  return { channel: accountsChannel(row.playerId!), event: data.event, data };
}
