import { largestWinSince } from '../../../wallet/index.ts';
import type { WithdrawalRiskFlag } from '../flag.ts';

/** How far back a win counts, and the share of the withdrawal one win may make before a person looks. */
export const BIG_WIN_DAYS = 30;
export const BIG_WIN_SHARE_PERCENT = 50n;

/**
 * A large share of the money from one win: one round in the last 30 days won at least half of what is being
 * withdrawn (a game fault, a provider's error or collusion looks like this; a person checks the round).
 */
export const bigWinShare: WithdrawalRiskFlag = {
  name: 'bigWinShare',
  async raised(tx, w) {
    const since = new Date(w.createdAt.getTime() - BIG_WIN_DAYS * 24 * 60 * 60 * 1000);
    const win = await largestWinSince(tx, w.playerId, w.currency, since);
    return win * 100n >= w.amount * BIG_WIN_SHARE_PERCENT;
  },
};
