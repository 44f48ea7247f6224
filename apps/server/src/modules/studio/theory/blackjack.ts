import type { GameTheory } from './types.ts';

/**
 * Blackjack (docs/games/blackjack.md), basic strategy. The sheet's RTP is per unit of INITIAL bet (the usual
 * convention: a won double returns +2 units), but the wallet sees a double or a split as one more bet of the
 * initial bet's size, so the monitor's RTP (Σ payouts / Σ stakes) is per unit of TOTAL stake:
 *
 *   R = 1 + (RTP_sheet − 1) / E[s],   E[s] = mean total stake per unit of initial bet.
 *
 * The ratio estimator over rounds of random total stake s and payout y (per unit of initial bet b) has
 * Var ≈ Σ b² · Var(y − R·s) / (Σ b·s)²; the monitor computes σ² · Σ(stake²) / (Σ stake)² over bet movements,
 * where Σ(stake²) = Σ b²·s (each movement is b). The two agree for σ² = Var(y − R·s) / E[s].
 *
 * The sheet computes neither E[s] nor that variance, so both were measured once on 10⁷ rounds of the engine's
 * `playBasicStrategy` on the provably fair stream (batch-means standard errors, 100 batches):
 *
 *   node --import tsx apps/server/src/modules/studio/theory/blackjack-measure.ts 10000000
 *   E[s]                    1.1274885 ± 0.0001063
 *   R (measured directly)   0.9959871 ± 0.0003083   (the formula above gives 0.9959028: within one SE)
 *   σ² = Var(y − R s)/E[s]  1.16642   ± 0.00025
 *
 * A player who strays from basic strategy returns less: a blackjack RTP below the interval most likely
 * means players play worse than the sheet's strategy, not that the game is wrong.
 */
const SHEET_RTP = 0.9953804468; // per unit of initial bet (docs/games/blackjack.md)
const MEAN_STAKE = 1.1274885; // E[s], measured

export const BLACKJACK_THEORY: GameTheory = { rtp: 1 + (SHEET_RTP - 1) / MEAN_STAKE, variance: 1.16642 };
