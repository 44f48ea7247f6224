import { ApiError, ErrorCode } from '@croupier/contracts';
import { LimitDefinition } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import type { RiskDeps } from './service.ts';
import { settleDue } from './settle.ts';
import { exclusionOver, reopensAt } from './state.ts';
import { changeLimit, lockPlayerLimits } from './store.ts';

// Sign-in during a self-exclusion is refused with error 11010 (HTTP 403: a guest call, the client shows
// "account blocked"). Once the chosen time is over, the account stays closed until the player asks to
// reopen it: a correct sign-in after the end IS that request (the player proved who they are and came back
// on purpose); it is recorded and the account opens 24 hours later (decision 0041).

const refused = (message: string) => ApiError.of(ErrorCode.selfExcluded, message, {}, 403);

export function signInGuard(deps: RiskDeps) {
  return async (playerId: string, db: Db): Promise<void> => {
    const now = deps.now();
    // The reopen request commits before the refusal is thrown (a throw inside would roll it back).
    const row = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockPlayerLimits(tx, playerId);
      const live = await settleDue(tx, playerId, now);
      const row = live.find((r) => r.definition === LimitDefinition.selfExclusion);
      if (!row || !exclusionOver(row, now) || row.reopenRequestedAt) return row;
      const next = { ...row, reopenRequestedAt: now, updatedAt: now };
      return changeLimit(tx, row, next, { actor: 'player', action: 'reopen_requested', at: now });
    });
    if (!row) return;
    if (!exclusionOver(row, now)) {
      const until = row.expiredAt ? ` until ${row.expiredAt.toISOString()}` : ' permanently';
      throw refused(`This account is self-excluded${until}.`);
    }
    throw refused(`Your self-exclusion has ended. The account reopens at ${reopensAt(row)!.toISOString()}.`);
  };
}
