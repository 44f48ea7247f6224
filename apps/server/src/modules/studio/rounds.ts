import type { StudioRoundAnswer } from '@croupier/contracts';
import { GUARD_DELAY_MS } from './bet-guard.ts';
import { act } from './round-act.ts';
import type { RoundDeps } from './round-money.ts';
import { play } from './round-play.ts';
import type { SessionRow } from './sessions.ts';

export interface Rounds {
  play(s: SessionRow, body: unknown): Promise<StudioRoundAnswer>;
  act(s: SessionRow, roundId: string, body: unknown): Promise<StudioRoundAnswer>;
}

/**
 * Rounds: the first bet (round-play.ts), the actions and their extra bets (round-act.ts), the win, and
 * cancelling bets the studio cannot keep (round-money.ts).
 */
export function createRounds(deps: RoundDeps): Rounds {
  const { wallet } = deps;
  if (wallet.timeoutMs * 2 >= GUARD_DELAY_MS) {
    throw new Error(`the wallet time-out (${wallet.timeoutMs} ms) must be well under the bet guard's delay`);
  }
  return {
    play: (s, body) => play(deps, s, body),
    act: (s, roundId, body) => act(deps, s, roundId, body),
  };
}
