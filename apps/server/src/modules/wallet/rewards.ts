import type { Db } from '../../db/client.ts';
import { openAccount } from './accounts.ts';
import { houseAccount, type TransferResult, transfer } from './ledger.ts';
import type { LedgerSource } from './ledger-events.ts';

// Retention's prizes (quest rewards, tournament prizes, wheel sectors, loyalty) as one named wallet command:
// the retention module says who won what, the wallet moves it from the currency's house `rewards` account.
// Keyed by the caller's idempotency key (e.g. `tournament:{id}:{place}`), so a repeated job pays once.

export interface Reward {
  /** Unique per prize: a second call with the same key moves nothing and answers the first result. */
  idempotencyKey: string;
  playerId: string;
  currency: string;
  /** Minor units, positive. */
  amount: bigint;
  /** `real`: withdrawable money; `bonus`: bonus money (wagering is the caller's bonus's business). */
  part: 'real' | 'bonus';
  /** The ledger kind, e.g. `quest.reward`, `tournament.prize`, `wheel.prize`. */
  kind: string;
  /** The campaign it came from, for the reports' bonus cost (decision 0121). */
  source?: LedgerSource;
}

/**
 * Pays a prize into the player's account of that currency (opened when missing), in the caller's
 * transaction. The account row is locked by the transfer, so it queues behind the player's bets.
 */
export async function payReward(tx: Db, reward: Reward): Promise<TransferResult> {
  if (reward.amount <= 0n) throw new Error('A reward is a positive amount');
  const account = await openAccount(tx, reward.playerId, reward.currency);
  const house = await houseAccount(tx, reward.currency, 'rewards');
  return transfer({
    tx,
    kind: reward.kind,
    idempotencyKey: `reward:${reward.idempotencyKey}`,
    legs: [
      { accountId: house.id, part: 'real', amount: -reward.amount },
      { accountId: account.id, part: reward.part, amount: reward.amount },
    ],
    source: reward.source,
  });
}
