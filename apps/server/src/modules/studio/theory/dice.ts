import { BP, dice } from '@croupier/games';
import type { GameTheory } from './types.ts';

/**
 * Dice (docs/games/dice.md), from the engine's own config. A win pays (1 − edge) / c for a chance c, so
 * RTP = 1 − edge for every chance and side, and the variance per unit staked is RTP² · (1/c − 1): largest at
 * the smallest chance the game allows (1 %: 97.0299, SD 9.850376). The player picks c each round, so the
 * monitor takes that largest variance: a mix of chances can only have a smaller one (equal means: the mix's
 * variance is the stake²-weighted average of the chances' variances), so it never flags a fair mix falsely.
 */
export function diceTheory(config: dice.DiceConfig = dice.DICE_DEFAULT): GameTheory {
  const rtp = Number(BP - BigInt(config.edgeBp)) / Number(BP);
  const variance = rtp * rtp * (Number(BP) / config.minChanceBp - 1);
  return { rtp, variance };
}
