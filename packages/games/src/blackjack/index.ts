export { playBasicStrategy } from './autoplay.ts';
export { type Card, cardValue, DECKS, handTotal, isBlackjack, SHOE_SIZE } from './cards.ts';
export {
  type Action,
  act,
  BLACKJACK_DEFAULT,
  type BlackjackConfig,
  type BlackjackState,
  deal,
  type Hand,
  type HandResult,
  legalActions,
} from './game.ts';
export { basicStrategy, type Decision, type StrategyInput } from './strategy.ts';
