import type { Db } from '../../db/client.ts';
import { type BonusDeps, bonusDefinitionById, issuePlayerBonus, issuePlayerFreeSpins } from '../bonus/index.ts';
import { listAccounts } from '../wallet/index.ts';

// Prizes that are a bonus definition of the bonus engine (wheel sectors, tournament places, quest rewards;
// decision 0077), free spins included, issued through the bonus module's index in the caller's transaction:
// the spin's, the result's or the claim's. The issue key names the prize (`wheel:{spinId}`,
// `tournament:{id}:{place}`, `quest:{playerQuestId}:{index}`) and the bonus module's issue keys are unique, so
// a repeat, a second job run or a restart issues it at most once.

export interface BonusPrize {
  playerId: string;
  bonusId: string;
  /** The prize's own amounts (minor units per currency); a missing currency takes the definition's. */
  amounts: Record<string, string>;
  /** The currency the operator named, used when the player has an account in it. */
  currency?: string | null;
  /** Only in the named currency (a quest's): no account in it, no prize, rather than another currency's. */
  namedOnly?: boolean;
  issueKey: string;
  /** A uuid naming the cause (the spin, the tournament). */
  issueSessionId: string;
}

export type BonusPrizeOutcome =
  /**
   * `issued` false: already issued by this key, or a once-only bonus the player had (nothing more to do).
   * `amount` is money (minor units) for a bonus; for free spins it is the spin count and `freeSpins` is set.
   */
  | { issued: boolean; currency: string; amount: bigint; freeSpins?: number }
  /** Cannot be issued by this path (no bonus engine, unknown or cashback definition, no account). */
  | { issued: false; reason: string };

/** Kinds a prize can issue: a fixed or deposit-style bonus, or free spins (cashback is weekly, never a prize). */
export const issuableKind = (kind: string) => kind === 'cash' || kind === 'deposit' || kind === 'freespins';

/** Whether a definition can be a retention prize (checked when prizes are defined). */
export async function assertIssuableBonus(tx: Db, bonusId: string): Promise<void> {
  const bonus = await bonusDefinitionById(tx, bonusId);
  if (!bonus) throw new Error(`No bonus definition ${bonusId}`);
  if (!issuableKind(bonus.kind)) throw new Error(`A ${bonus.kind} bonus cannot be a retention prize`);
}

/**
 * Issues the prize's bonus in `tx` in the player's currency: the named one when the player has it, else the
 * active account's. A bonus's amount is the prize's own in that currency, else the definition's fixed amount;
 * free spins are the definition's (its game, count and bet per spin in that currency), issued through the
 * bonus index's `issuePlayerFreeSpins`, which tells the game provider by a job queued in `tx`.
 */
export async function issueBonusPrize(tx: Db, deps: BonusDeps | undefined, p: BonusPrize): Promise<BonusPrizeOutcome> {
  if (!deps) return { issued: false, reason: 'no bonus engine' };
  const bonus = await bonusDefinitionById(tx, p.bonusId);
  if (!bonus) return { issued: false, reason: 'unknown bonus definition' };
  if (!issuableKind(bonus.kind)) return { issued: false, reason: `${bonus.kind} bonus` };
  const accounts = await listAccounts(tx, p.playerId);
  const named = p.currency ? accounts.find((a) => a.currency === p.currency) : undefined;
  const account = named ?? (p.namedOnly ? undefined : (accounts.find((a) => a.status === 1) ?? accounts[0]));
  if (!account) return { issued: false, reason: 'no account' };
  const currency = account.currency;
  if (bonus.kind === 'freespins') {
    // The definition's amounts are the bet per spin: none in this currency, no free spins in it.
    if (bonus.amounts[currency] === undefined || !bonus.freeSpinCount) {
      return { issued: false, reason: `no free spins in ${currency}` };
    }
    const row = await issuePlayerFreeSpins(tx, deps, {
      playerId: p.playerId,
      bonus,
      currency,
      issueKey: p.issueKey,
      issueSessionId: p.issueSessionId,
    });
    const count = bonus.freeSpinCount;
    return { issued: row !== null, currency, amount: BigInt(count), freeSpins: count };
  }
  const own = p.amounts[currency] ?? bonus.amounts[currency];
  if (own === undefined) return { issued: false, reason: `no amount in ${currency}` };
  const amount = BigInt(own);
  const row = await issuePlayerBonus(tx, deps, {
    playerId: p.playerId,
    bonus,
    currency,
    amount,
    issueKey: p.issueKey,
    issueSessionId: p.issueSessionId,
  });
  return { issued: row !== null, currency, amount };
}
