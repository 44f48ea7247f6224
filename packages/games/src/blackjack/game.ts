import { GameInputError } from '../errors.ts';
import { LazyShuffle, type LazyShuffleState } from '../fairness/shuffle.ts';
import type { Rng } from '../fairness/stream.ts';
import { assertBet } from '../money.ts';
import { type Card, cardAt, cardValue, handTotal, isBlackjack, SHOE_SIZE } from './cards.ts';

export type Action = 'hit' | 'stand' | 'double' | 'split';
export type HandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

export interface Hand {
  readonly cards: readonly Card[];
  readonly bet: bigint;
  readonly doubled: boolean;
  readonly fromSplit: boolean;
  readonly done: boolean;
  readonly result: HandResult | null;
  readonly payout: bigint;
}

/**
 * One round. `shoe` is the lazily shuffled 6-deck shoe (a fresh shuffle per round, drawn in order from
 * the round's stream). While `phase` is 'player' the dealer's second card is the hole card: the server
 * must not show it.
 */
export interface BlackjackState {
  readonly phase: 'player' | 'settled';
  readonly dealer: readonly Card[];
  readonly hands: readonly Hand[];
  readonly active: number;
  readonly shoe: LazyShuffleState;
  /** Everything the player has put in: the bet, plus doubles and splits. */
  readonly stake: bigint;
  readonly payout: bigint;
}

export interface BlackjackConfig {
  /** Blackjack pays num/den of the bet (3:2). */
  readonly blackjackPays: readonly [bigint, bigint];
}

export const BLACKJACK_DEFAULT: BlackjackConfig = { blackjackPays: [3n, 2n] };

const newHand = (cards: Card[], bet: bigint, fromSplit: boolean): Hand => ({
  cards,
  bet,
  doubled: false,
  fromSplit,
  done: false,
  result: null,
  payout: 0n,
});

/** Actions the rules allow now for the active hand. */
export function legalActions(state: BlackjackState): Action[] {
  if (state.phase !== 'player') return [];
  const hand = state.hands[state.active] as Hand;
  const acts: Action[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    acts.push('double');
    // One split per round (no re-split); any two ten-value cards count as a pair.
    const [a, b] = hand.cards as [Card, Card];
    if (state.hands.length === 1 && cardValue(a) === cardValue(b)) acts.push('split');
  }
  return acts;
}

/** Deals player, dealer up, player, dealer hole; the dealer peeks for blackjack under an ace or ten. */
export function deal(config: BlackjackConfig, bet: bigint, rng: Rng): BlackjackState {
  assertBet(bet);
  const shoe = new LazyShuffle(SHOE_SIZE);
  const draw = () => cardAt(shoe.next(rng));
  const p1 = draw();
  const up = draw();
  const p2 = draw();
  const hole = draw();
  const state: BlackjackState = {
    phase: 'player',
    dealer: [up, hole],
    hands: [newHand([p1, p2], bet, false)],
    active: 0,
    shoe: shoe.state(),
    stake: bet,
    payout: 0n,
  };
  if (isBlackjack(state.dealer) || isBlackjack([p1, p2])) return settle(config, state);
  return state;
}

export function act(config: BlackjackConfig, state: BlackjackState, action: Action, rng: Rng): BlackjackState {
  if (state.phase !== 'player') throw new GameInputError('round_finished', 'round', 'This round is over.');
  if (!legalActions(state).includes(action)) {
    throw new GameInputError('invalid_action', 'action', `"${String(action)}" is not allowed now.`);
  }
  const shoe = new LazyShuffle(SHOE_SIZE, state.shoe);
  const draw = () => cardAt(shoe.next(rng));
  const hands = state.hands.slice();
  const i = state.active;
  const hand = hands[i] as Hand;
  let stake = state.stake;
  switch (action) {
    case 'hit': {
      const cards = [...hand.cards, draw()];
      hands[i] = { ...hand, cards, done: handTotal(cards).total >= 21 };
      break;
    }
    case 'stand':
      hands[i] = { ...hand, done: true };
      break;
    case 'double':
      stake += hand.bet;
      hands[i] = { ...hand, cards: [...hand.cards, draw()], bet: hand.bet * 2n, doubled: true, done: true };
      break;
    case 'split': {
      const [a, b] = hand.cards as [Card, Card];
      stake += hand.bet;
      const aces = cardValue(a) === 1;
      // Split aces take one card each and stand.
      const first = [a, draw()];
      const second = [b, draw()];
      hands.splice(
        i,
        1,
        { ...newHand(first, hand.bet, true), done: aces || handTotal(first).total === 21 },
        {
          ...newHand(second, hand.bet, true),
          done: aces || handTotal(second).total === 21,
        },
      );
      break;
    }
  }
  let active = i;
  while (active < hands.length && (hands[active] as Hand).done) active += 1;
  const next: BlackjackState = { ...state, hands, active, stake, shoe: shoe.state() };
  if (active < hands.length) return next;
  return settle(config, dealerPlays(next, draw));
}

/** The dealer draws to 17 and stands on soft 17, unless every hand is already bust. */
function dealerPlays(state: BlackjackState, draw: () => Card): BlackjackState {
  if (state.hands.every((h) => handTotal(h.cards).total > 21)) return state;
  const dealer = state.dealer.slice();
  while (handTotal(dealer).total < 17) dealer.push(draw());
  return { ...state, dealer };
}

function settle(config: BlackjackConfig, state: BlackjackState): BlackjackState {
  const dealerBj = isBlackjack(state.dealer);
  const d = handTotal(state.dealer).total;
  const [bjNum, bjDen] = config.blackjackPays;
  let payout = 0n;
  const hands = state.hands.map((h): Hand => {
    const p = handTotal(h.cards).total;
    const bj = !h.fromSplit && isBlackjack(h.cards);
    let result: HandResult;
    if (dealerBj) result = bj ? 'push' : 'lose';
    else if (bj) result = 'blackjack';
    else if (p > 21) result = 'bust';
    else if (d > 21 || p > d) result = 'win';
    else result = p === d ? 'push' : 'lose';
    const won =
      result === 'blackjack'
        ? h.bet + (h.bet * bjNum) / bjDen
        : result === 'win'
          ? h.bet * 2n
          : result === 'push'
            ? h.bet
            : 0n;
    payout += won;
    return { ...h, done: true, result, payout: won };
  });
  return { ...state, phase: 'settled', hands, active: hands.length, payout };
}
