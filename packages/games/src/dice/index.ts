import { GameInputError } from '../errors.ts';
import type { Rng } from '../fairness/stream.ts';
import { assertBet, BP, type Multiplier, multiplier, pay } from '../money.ts';

/** Dice: a roll 0.00–99.99 (an integer 0–9999 in basis points); the player picks a win chance and a side. */
export interface DiceConfig {
  /** House edge in basis points (100 = 1 %). */
  readonly edgeBp: number;
  readonly minChanceBp: number;
  readonly maxChanceBp: number;
}

export const DICE_DEFAULT: DiceConfig = { edgeBp: 100, minChanceBp: 100, maxChanceBp: 9_500 };

export interface DiceChoice {
  /** Win chance in basis points, e.g. 4950 = 49.5 %. */
  readonly chanceBp: number;
  /** 'under': win when roll < chance; 'over': win when roll ≥ 10000 − chance. */
  readonly direction: 'under' | 'over';
}

export interface DiceOutcome {
  readonly roll: number;
  readonly win: boolean;
  readonly multiplier: Multiplier;
  readonly payout: bigint;
}

/** Payout multiplier (1 − edge) / chance as an exact fraction. */
export function diceMultiplier(config: DiceConfig, chanceBp: number): Multiplier {
  return multiplier(BP - BigInt(config.edgeBp), BigInt(chanceBp));
}

export function assertDiceChoice(config: DiceConfig, choice: DiceChoice): DiceChoice {
  const c = choice?.chanceBp;
  if (!Number.isInteger(c) || c < config.minChanceBp || c > config.maxChanceBp) {
    throw new GameInputError(
      'invalid_choice',
      'chanceBp',
      `The win chance must be a whole number of basis points from ${config.minChanceBp} to ${config.maxChanceBp}.`,
    );
  }
  if (choice.direction !== 'under' && choice.direction !== 'over') {
    throw new GameInputError('invalid_choice', 'direction', 'The direction must be "under" or "over".');
  }
  return choice;
}

export function playDice(config: DiceConfig, bet: bigint, choice: DiceChoice, rng: Rng): DiceOutcome {
  assertBet(bet);
  assertDiceChoice(config, choice);
  const roll = rng.nextInt(10_000);
  const win = choice.direction === 'under' ? roll < choice.chanceBp : roll >= 10_000 - choice.chanceBp;
  const m = diceMultiplier(config, choice.chanceBp);
  return { roll, win, multiplier: m, payout: win ? pay(bet, m) : 0n };
}
