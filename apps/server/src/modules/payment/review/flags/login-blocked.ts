import { blocksOf } from '../../../player/index.ts';
import type { WithdrawalRiskFlag } from '../flag.ts';

/** A staff login block on the player (decision 0106): someone stopped this account; a person looks first. */
export const loginBlocked: WithdrawalRiskFlag = {
  name: 'loginBlocked',
  async raised(tx, w) {
    return (await blocksOf(tx, w.playerId))?.login === true;
  },
};
