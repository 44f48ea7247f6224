import { ApiError, ErrorCode } from '@croupier/contracts';
import { PlayerStatus } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import { drizzleSql } from '../../db/lean-sql.ts';
import { playerStatusIn } from '../player/index.ts';
import { exclusionOf } from './checks.ts';
import type { RiskDeps } from './service.ts';
import { inForce } from './settle.ts';
import { liveLimits } from './store.ts';

// The one exclusion check (docs/decisions/0092): every way to gain value (bonus claims, cashback, the wheel,
// quests, tournaments, referral rewards) asks it. It fails closed: a player it cannot read, or whose status is
// anything but active or deposits-restricted (a block, an exclusion set by staff), is refused.

/** The check as other modules receive it: throws 409 when the player may not gain value now. */
export type MayGainValue = (playerId: string, db?: Db) => Promise<void>;

const mayGain = new Set<number>([PlayerStatus.active, PlayerStatus.depositsRestricted]);

/**
 * Throws a business refusal (409, never 401/403: api-contract §1.2) during a cooling-off or self-exclusion
 * (waiting changes resolved at the risk clock's now, as every check does), or when the player's status is
 * not active or deposits-restricted. `db` runs it in the caller's transaction.
 */
export function assertMayGainValue(deps: RiskDeps): MayGainValue {
  return async (playerId, db = deps.db) => {
    const status = await playerStatusIn(drizzleSql(db), playerId);
    if (status === null || !mayGain.has(status)) {
      throw ApiError.of(ErrorCode.conflict, 'Rewards are not available on this account.');
    }
    const excluded = exclusionOf(inForce(await liveLimits(db, playerId), deps.now()));
    if (excluded) throw ApiError.of(ErrorCode.conflict, `Rewards are not available: ${excluded.toLowerCase()}`);
  };
}

/** A module built without the check (a unit test's) refuses: an unwired check must never mean "allowed". */
export const noExclusionCheck: MayGainValue = async () => {
  throw ApiError.of(ErrorCode.conflict, 'Rewards are not available: no exclusion check.');
};

/**
 * For a job that pays many players (tournament results, cashback): false when the check refuses this one
 * (409), so the job skips the player and goes on; any other error propagates and the job retries, rather
 * than paying a player it could not check.
 */
export async function mayGainValueNow(check: MayGainValue, playerId: string, db: Db): Promise<boolean> {
  try {
    await check(playerId, db);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.conflict) return false;
    throw error;
  }
}
