/**
 * A house game's theory as the RTP monitor takes it (reporting/rtp-interval.ts, decision 0121). Fractions, like
 * the math sheets (docs/games/*.md): 0.99, not 99.
 */
export interface GameTheory {
  /** Return to player per unit staked (the math sheet's headline figure). */
  rtp: number;
  /**
   * Variance of one bet movement's payout per unit staked (Var(payout / stake)). Where the player's choice
   * changes it (dice chance, roulette layout, plinko rows, mines count and cash-out), the largest over the
   * allowed choices, so that no mix of choices makes the interval too narrow.
   */
  variance: number;
  /**
   * When the RTP itself depends on the player's choice (plinko's rows): the lowest and highest over the
   * allowed choices. The interval then spans from the lowest's lower bound to the highest's upper bound.
   */
  rtpRange?: readonly [number, number];
}
