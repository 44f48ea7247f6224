import { roulette } from '@croupier/games';
import type { GameTheory } from './types.ts';

const POCKETS = 37;

/** How many numbers a bet of this kind covers, from the engine's own table. */
function covers(kind: keyof typeof roulette.ODDS): number {
  const inside = (roulette.LEGAL_GROUPS as Record<string, Set<string>>)[kind];
  if (inside) return (inside.values().next().value as string).split(',').length;
  return roulette.outsideNumbers(kind as roulette.OutsideKind, 1).length;
}

/**
 * European roulette (docs/games/roulette.md), from the engine's odds table. A bet covering n numbers at odds o
 * returns o + 1 times the chip with probability n/37: RTP (o + 1)·n/37 = 36/37 for every kind, and variance per
 * unit staked (o + 1)·RTP − RTP². The largest is a straight-up bet (34.08, SD 5.837838). A round's chips all
 * ride on one spin: the variance of the whole layout per unit staked is at most the largest chip's
 * (Minkowski: SD of a weighted sum ≤ weighted sum of SDs), so the straight-up variance bounds every layout.
 */
export function rouletteTheory(): GameTheory {
  let rtp = 0;
  let variance = 0;
  for (const [kind, odds] of Object.entries(roulette.ODDS)) {
    const pays = odds + 1;
    const r = (pays * covers(kind as keyof typeof roulette.ODDS)) / POCKETS;
    rtp = Math.max(rtp, r);
    variance = Math.max(variance, pays * r - r * r);
  }
  return { rtp, variance };
}
