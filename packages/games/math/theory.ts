/**
 * The numbers the math sheets (docs/games/*.md) quote, for the scenario each simulation plays.
 * test/math.test.ts recomputes them with the math scripts; the RTP tests and bench/rtp compare against them.
 */
export interface Theory {
  /** Return to player per unit staked, to 10 decimals. */
  readonly rtp: number;
  /** Standard deviation of one round's return per unit staked. */
  readonly sd: number;
}

export const THEORY = {
  slot: { rtp: 0.966924994, sd: 4.174296 },
  roulette: { rtp: 0.9729729729, sd: 0.845544 },
  blackjack: { rtp: 0.9953804468, sd: 1.131847 },
  dice: { rtp: 0.99, sd: 0.99995 },
  mines: { rtp: 0.99, sd: 0.998646 },
  plinko: { rtp: 0.9898834228, sd: 1.467241 },
} as const satisfies Record<string, Theory>;

export type GameName = keyof typeof THEORY;
