import type { Db } from '../../db/client.ts';
import { type BonusDeps, bonusDefinitionById, issuePlayerBonus } from '../bonus/index.ts';
import { listAccounts } from '../wallet/index.ts';

// Prizes that are a bonus definition of the bonus engine (wheel sectors, tournament places; decision 0077),
// issued through the bonus module's index in the caller's transaction: the spin's or the result's. The
// issue key names the prize (`wheel:{spinId}`, `tournament:{id}:{place}`) and the bonus module's issue keys
// are unique, so a repeat, a second job run or a restart issues it at most once.

export interface BonusPrize {
  playerId: string;
  bonusId: string;
  /** The prize's own amounts (minor units per currency); a missing currency takes the definition's. */
  amounts: Record<string, string>;
  /** The currency the operator named, used when the player has an account in it. */
  currency?: string | null;
  issueKey: string;
  /** A uuid naming the cause (the spin, the tournament). */
  issueSessionId: string;
}

export type BonusPrizeOutcome =
  /** `issued` false: already issued by this key, or a once-only bonus the player had (nothing more to do). */
  | { issued: boolean; currency: string; amount: bigint }
  /** Cannot be issued by this path (no bonus engine, unknown or free-spin definition, no account). */
  | { issued: false; reason: string };

/** Free spins need the bonus module's free-spin issue, which its index does not offer (decision 0077). */
export const issuableKind = (kind: string) => kind === 'cash' || kind === 'deposit';

/** Whether a definition can be a retention prize (checked when prizes are defined). */
export async function assertIssuableBonus(tx: Db, bonusId: string): Promise<void> {
  const bonus = await bonusDefinitionById(tx, bonusId);
  if (!bonus) throw new Error(`No bonus definition ${bonusId}`);
  if (!issuableKind(bonus.kind)) throw new Error(`A ${bonus.kind} bonus cannot be a retention prize yet`);
}

/**
 * Issues the prize's bonus in `tx` in the player's currency: the named one when the player has it, else the
 * active account's. The amount is the prize's own in that currency, else the definition's fixed amount.
 */
export async function issueBonusPrize(tx: Db, deps: BonusDeps | undefined, p: BonusPrize): Promise<BonusPrizeOutcome> {
  if (!deps) return { issued: false, reason: 'no bonus engine' };
  const bonus = await bonusDefinitionById(tx, p.bonusId);
  if (!bonus) return { issued: false, reason: 'unknown bonus definition' };
  if (!issuableKind(bonus.kind)) return { issued: false, reason: `${bonus.kind} bonus` };
  const accounts = await listAccounts(tx, p.playerId);
  const named = p.currency ? accounts.find((a) => a.currency === p.currency) : undefined;
  const account = named ?? accounts.find((a) => a.status === 1) ?? accounts[0];
  if (!account) return { issued: false, reason: 'no account' };
  const currency = account.currency;
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
