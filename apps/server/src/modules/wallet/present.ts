import type { Account, AccountBalanceUpdated } from '@croupier/contracts';
import { currencies, toMajor } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import type { accounts } from './schema.ts';

type Row = Pick<typeof accounts.$inferSelect, 'id' | 'currency' | 'status' | 'real' | 'bonus' | 'locked'>;

/** Currencies a player may hold an account in, with their minor units per major unit. */
export const enabledCurrencies: ReadonlyMap<string, number> = new Map(
  currencies.filter((c) => c.isEnabled).map((c) => [c.code, c.subunitToUnit]),
);

/**
 * What a withdrawal may take now, in minor units: the free real part. Real money held for a pending
 * withdrawal is already in `locked`, and bonus money is never withdrawable (docs/decisions/0013). While the
 * turn-over wager owes something in the currency (`held`), nothing: a withdrawal is refused (decision 0076).
 */
export const withdrawableOf = (row: Pick<Row, 'real'>, held = false): bigint => (held ? 0n : row.real);

/**
 * The currencies in which the player's withdrawals are held now (the risk module's turn-over wager). The app
 * sets it once (app.ts); the wallet does not read other modules' tables.
 */
export type WithdrawalHolds = (db: Db, playerId: string) => Promise<ReadonlySet<string>>;
let withdrawalHolds: WithdrawalHolds | null = null;
export function setWithdrawalHolds(holds: WithdrawalHolds | null): void {
  withdrawalHolds = holds;
}
const none: ReadonlySet<string> = new Set();
export const heldCurrencies = (db: Db, playerId: string) =>
  withdrawalHolds ? withdrawalHolds(db, playerId) : Promise.resolve(none);

/** A player account in the contract's shape (api-contract §7): exact major units via toMajor. */
export function toAccount(row: Row, held = false): Account {
  const major = (minor: bigint) => toMajor(minor, row.currency);
  return {
    id: row.id,
    currency: row.currency,
    status: row.status,
    balance: major(row.real + row.bonus),
    realBalance: major(row.real),
    bonusBalance: major(row.bonus),
    lockedBalance: major(row.locked),
    withdrawalBalance: major(withdrawableOf(row, held)),
  };
}

export const accountsChannel = (playerId: string) => `wallet:accounts#${playerId}`;

/** The outbox event of a changed player account (api-contract §14.2). */
export function accountEvent(row: Row & { playerId: string | null }) {
  const data: AccountBalanceUpdated = { event: 'account.balance.updated', account: toAccount(row) };
  return { channel: accountsChannel(row.playerId!), event: data.event, data };
}
