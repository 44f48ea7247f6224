import { ROULETTE_SIM_BETS } from '../math/roulette.ts';
import { type GameName, THEORY } from '../math/theory.ts';
import { BLACKJACK_DEFAULT, playBasicStrategy } from '../src/blackjack/index.ts';
import { DICE_DEFAULT, playDice } from '../src/dice/index.ts';
import type { Rng } from '../src/fairness/stream.ts';
import { FairStream } from '../src/fairness/stream.ts';
import { cashOut, MINES_DEFAULT, revealTile, startMines } from '../src/mines/index.ts';
import { PLINKO_DEFAULT, playPlinko } from '../src/plinko/index.ts';
import { playRoulette, ROULETTE_DEFAULT, type RouletteBet } from '../src/roulette/index.ts';
import { playSlot, SLOT_DEFAULT } from '../src/slot/index.ts';

/** One simulated round: what was staked and what came back, in minor units. */
export interface RoundResult {
  readonly stake: bigint;
  readonly payout: bigint;
}

/**
 * The fixed scenario each game is measured with (the math sheets compute exactly these). Bets are large
 * (10 000.00 in a two-decimal currency) so rounding payouts down to a minor unit changes nothing visible.
 */
const BET = 1_000_000n;
const ROULETTE_BETS: RouletteBet[] = ROULETTE_SIM_BETS.map((b) => ({ ...b, amount: b.amount * BET }));

export const SCENARIOS: Record<GameName, (rng: Rng) => RoundResult> = {
  slot: (rng) => playSlot(SLOT_DEFAULT, BET, rng),
  roulette: (rng) => playRoulette(ROULETTE_DEFAULT, ROULETTE_BETS, rng),
  blackjack: (rng) => {
    // Blackjack RTP is per unit of initial bet (the sheet's convention): doubles and splits add stake,
    // so count that extra as money paid in and the round's return relative to the initial bet.
    const s = playBasicStrategy(BLACKJACK_DEFAULT, BET, rng);
    return { stake: BET, payout: s.payout - (s.stake - BET) };
  },
  dice: (rng) => ({
    stake: BET,
    payout: playDice(DICE_DEFAULT, BET, { chanceBp: 4_950, direction: 'under' }, rng).payout,
  }),
  mines: (rng) => {
    // 3 mines; open tiles 0, 1, 2, … until 5 are safe or one is a mine (tile order does not change the odds).
    let s = startMines(MINES_DEFAULT, BET, { mines: 3 }, rng);
    for (let t = 0; s.status === 'playing' && s.revealed.length < 5; t += 1) s = revealTile(MINES_DEFAULT, s, t);
    if (s.status === 'playing') s = cashOut(MINES_DEFAULT, s);
    return { stake: BET, payout: s.payout };
  },
  plinko: (rng) => ({ stake: BET, payout: playPlinko(PLINKO_DEFAULT, BET, { rows: 16 }, rng).payout }),
};

export const GAMES = Object.keys(SCENARIOS) as GameName[];

export interface SimTotals {
  rounds: number;
  stake: bigint;
  payout: bigint;
}

/** Plays rounds `from`..`to`−1 of a game: round i uses nonce i of the fixed seed pair, as a player's bets would. */
export function simulate(game: GameName, serverSeed: string, clientSeed: string, from: number, to: number): SimTotals {
  const play = SCENARIOS[game];
  let stake = 0n;
  let payout = 0n;
  for (let nonce = from; nonce < to; nonce += 1) {
    const r = play(new FairStream({ serverSeed, clientSeed, nonce }));
    stake += r.stake;
    payout += r.payout;
  }
  return { rounds: to - from, stake, payout };
}

/** Measured RTP and the 99 % interval theory ± 2.576·σ/√n (σ per round, per unit staked in that round). */
export function verdict(game: GameName, t: SimTotals): { rtp: number; lo: number; hi: number; inside: boolean } {
  const { rtp: mu, sd } = THEORY[game];
  const rtp = Number((t.payout * 1_000_000_000n) / t.stake) / 1e9;
  const half = (2.576 * sd) / Math.sqrt(t.rounds);
  return { rtp, lo: mu - half, hi: mu + half, inside: rtp >= mu - half && rtp <= mu + half };
}
