import type { Rng } from '../fairness/stream.ts';
import { cardValue, handTotal } from './cards.ts';
import { act, type BlackjackConfig, type BlackjackState, deal, type Hand, legalActions } from './game.ts';
import { basicStrategy } from './strategy.ts';

/** Plays one whole round by basic strategy: what the RTP test and the bench measure. */
export function playBasicStrategy(config: BlackjackConfig, bet: bigint, rng: Rng): BlackjackState {
  let state = deal(config, bet, rng);
  while (state.phase === 'player') {
    const hand = state.hands[state.active] as Hand;
    const legal = legalActions(state);
    const { total, soft } = handTotal(hand.cards);
    const decision = basicStrategy({
      total,
      soft,
      pair: legal.includes('split') ? cardValue(hand.cards[0] as number) : null,
      up: cardValue(state.dealer[0] as number),
      canDouble: legal.includes('double'),
    });
    state = act(config, state, decision, rng);
  }
  return state;
}
