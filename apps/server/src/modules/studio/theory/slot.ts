import type { GameTheory } from './types.ts';

/**
 * Neon Fruits (docs/games/slot.md). No player choice: 10 lines, the bet split over them. Both figures are the
 * sheet's exact enumeration of every reel window, free spins included (`packages/games/math/slot.ts`, 0.7 s: too
 * slow to repeat at start-up), as exact fractions printed to 15 places:
 *
 *   RTP      = 0.966924994065158
 *   variance = 2888708193243881139417931011 / 165781964104648806400000000 = 17.424743450502266 (SD 4.174296)
 *
 * A casino-issued free spin stakes nothing and still pays: it is a bonus, not a round of this math, and the
 * monitor's figures must leave it out (decision 0121).
 */
export const SLOT_THEORY: GameTheory = { rtp: 0.966924994065158, variance: 17.424743450502266 };
