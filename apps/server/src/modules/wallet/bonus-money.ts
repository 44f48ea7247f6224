import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Sql, statement } from '../../db/lean-sql.ts';
import { houseAccount, transfer } from './ledger.ts';
import type { AccountRow } from './ledger-types.ts';
import { accounts } from './schema.ts';

// The bonus module's money movements as named wallet commands (as payments.ts is the payment module's):
// the bonus module says what happened to a player bonus, the wallet moves the parts. Bonus money comes
// from and returns to the currency's house `bonus` account; every command is keyed by the player bonus, so
// a repeated job or request moves nothing twice.

export interface BonusMoney {
  /** The player bonus (the idempotency key's subject). */
  playerBonusId: string;
  accountId: string;
  currency: string;
  /** Minor units, positive. */
  amount: bigint;
}

const HOUSE_ACCOUNT = statement(
  'wallet_house_account',
  `with made as (
     insert into wallet.accounts (owner_kind, currency, purpose, status) values ('house', $1, $2, 1)
     on conflict (currency, purpose) where owner_kind = 'house' do nothing returning id
   )
   select id, true as made from made
   union all
   select id, false from wallet.accounts where owner_kind = 'house' and currency = $1 and purpose = $2
   limit 1`,
);

/**
 * The house `bonus` account of a currency inside a movement's transaction (a money rule's legs name it).
 * House accounts are never changed once made, so the id is cached per process once it surely exists.
 */
export function createBonusHouse() {
  const ids = new Map<string, string>();
  return async function bonusHouseIn(sql: Sql, currency: string): Promise<string> {
    const cached = ids.get(currency);
    if (cached) return cached;
    // A concurrent first use inserted nothing and its snapshot predates the other row: ask again.
    let [row] = await sql.query<{ id: string; made: boolean }>(HOUSE_ACCOUNT, [currency, 'bonus']);
    if (!row) [row] = await sql.query<{ id: string; made: boolean }>(HOUSE_ACCOUNT, [currency, 'bonus']);
    if (!row) throw new Error(`No house bonus account for ${currency}`);
    // Made by this transaction: it exists only if the transaction commits, so it is cached next time.
    if (!row.made) ids.set(currency, row.id);
    return row.id;
  };
}

/**
 * The player's account in a currency, locked for the caller's transaction: a bonus change (activate,
 * cancel, expire) queues behind the player's bets in that currency, and they behind it.
 */
export async function lockPlayerAccount(tx: Db, playerId: string, currency: string): Promise<AccountRow | null> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.playerId, playerId), eq(accounts.currency, currency), eq(accounts.ownerKind, 'player')))
    .for('update');
  return row ?? null;
}

/** A bonus is activated: the house pays the amount into the player's bonus part. */
export async function creditBonus(tx: Db, m: BonusMoney): Promise<void> {
  const house = await houseAccount(tx, m.currency, 'bonus');
  await transfer({
    tx,
    kind: 'bonus.credit',
    idempotencyKey: `bonus.credit:${m.playerBonusId}`,
    legs: [
      { accountId: house.id, part: 'real', amount: -m.amount },
      { accountId: m.accountId, part: 'bonus', amount: m.amount },
    ],
  });
}

/** A bonus is cancelled, expired or lost: what is left of its money returns to the house. */
export async function forfeitBonus(tx: Db, m: BonusMoney): Promise<void> {
  const house = await houseAccount(tx, m.currency, 'bonus');
  await transfer({
    tx,
    kind: 'bonus.forfeit',
    idempotencyKey: `bonus.forfeit:${m.playerBonusId}`,
    legs: [
      { accountId: m.accountId, part: 'bonus', amount: -m.amount },
      { accountId: house.id, part: 'real', amount: m.amount },
    ],
  });
}
