import type { Rng } from '../fairness/stream.ts';
import { assertBet } from '../money.ts';
import type { SlotConfig } from './config.ts';
import { evaluate, type SpinEvaluation, type Window, windowAt } from './evaluate.ts';

export { SCATTER, SLOT_DEFAULT, type SlotConfig, SYMBOLS, WILD } from './config.ts';
export { evaluate, lineWin, scatterCount, scatterPay, type Window, windowAt } from './evaluate.ts';

export interface SlotSpin extends SpinEvaluation {
  readonly free: boolean;
  readonly stops: readonly number[];
  readonly window: Window;
  /** Minor units, multiplier included. */
  readonly win: bigint;
}

export interface SlotOutcome {
  /** What the player paid: the bet, or 0 for a casino-issued free spin. */
  readonly stake: bigint;
  /** The bet value the spins are played at. */
  readonly bet: bigint;
  /** The paid (or casino) spin first, then every free spin it led to, retriggers included. */
  readonly spins: readonly SlotSpin[];
  readonly freeSpinsAwarded: number;
  readonly payout: bigint;
}

function spin(config: SlotConfig, bet: bigint, free: boolean, rng: Rng): SlotSpin {
  const stops: number[] = [];
  for (const strip of config.reels) stops.push(rng.nextInt(strip.length));
  const window = windowAt(config, stops);
  const e = evaluate(config, window);
  let win = 0n;
  if (e.linePay > 0 || e.scatterPay > 0) {
    const lineBet = bet / BigInt(config.lines.length);
    win = lineBet * BigInt(e.linePay) + bet * BigInt(e.scatterPay);
    if (free) win *= BigInt(config.freeSpinMultiplier);
  }
  return {
    lineWins: e.lineWins,
    linePay: e.linePay,
    scatters: e.scatters,
    scatterPay: e.scatterPay,
    triggered: e.triggered,
    free,
    stops,
    window,
    win,
  };
}

function round(config: SlotConfig, bet: bigint, stake: bigint, rng: Rng): SlotOutcome {
  const spins = [spin(config, bet, false, rng)];
  let pending = (spins[0] as SlotSpin).triggered ? config.freeSpins : 0;
  let awarded = pending;
  // Free spins run inside the same round at the triggering bet; each trigger adds more (retrigger).
  while (pending > 0) {
    pending -= 1;
    const s = spin(config, bet, true, rng);
    spins.push(s);
    if (s.triggered) {
      pending += config.freeSpins;
      awarded += config.freeSpins;
    }
  }
  let payout = 0n;
  for (const s of spins) payout += s.win;
  return { stake, bet, spins, freeSpinsAwarded: awarded, payout };
}

/** A paid round: the bet is split evenly over the paylines, so it must be a multiple of their number. */
export function playSlot(config: SlotConfig, bet: bigint, rng: Rng): SlotOutcome {
  assertBet(bet, 'bet', BigInt(config.lines.length));
  return round(config, bet, bet, rng);
}

/** A free spin issued by the casino (a bonus): played at `betValue`, costs the player nothing. */
export function playCasinoFreeSpin(config: SlotConfig, betValue: bigint, rng: Rng): SlotOutcome {
  assertBet(betValue, 'betValue', BigInt(config.lines.length));
  return round(config, betValue, 0n, rng);
}
