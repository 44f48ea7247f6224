/**
 * @croupier/games: the house games' rules and the provably fair number stream. Isomorphic (Node and the
 * browser), synchronous, no I/O: the server plays rounds with it and the browser's verifier replays them.
 */
export * as blackjack from './blackjack/index.ts';
export * as dice from './dice/index.ts';
export { type GameErrorCode, GameInputError } from './errors.ts';
export * from './fairness/index.ts';
export * as mines from './mines/index.ts';
export { assertBet, BP, type Multiplier, multiplier, pay, toBasisPoints } from './money.ts';
export * as plinko from './plinko/index.ts';
export * as roulette from './roulette/index.ts';
export * as slot from './slot/index.ts';
