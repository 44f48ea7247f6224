import { z } from 'zod';

/**
 * The sandbox sportsbook (docs/sportsbook.md, decision 0071): a game provider of its own, `betsy`, whose one
 * game is the sportsbook the seed's client starts as `betsy-sportsbook-betsy`. Its page talks to the JSON API
 * below; money moves only through the casino's signed seamless-wallet API. Amounts are minor-unit strings.
 */
export const SPORTSBOOK_PROVIDER_ID = 'betsy';
export const SPORTSBOOK_GAME_ID = 'betsy-sportsbook-betsy';
export const SPORTSBOOK_PATH = '/sportsbook';
export const SPORTSBOOK_API = '/sportsbook/api';

const minor = z.string().regex(/^-?\d+$/, 'minor units as a string, e.g. "1050"');

/** Place a bet: one outcome of one event, a stake in minor units of the session's currency. */
export const SportsbookBetInput = z.strictObject({
  eventId: z.string().min(1).max(64),
  outcomeId: z.string().min(1).max(32),
  stake: z.string().regex(/^[1-9]\d{0,17}$/, 'a positive whole number of minor units, e.g. "500"'),
});
export type SportsbookBetInput = z.infer<typeof SportsbookBetInput>;

export const SportsbookOutcome = z.object({
  id: z.string(),
  name: z.string(),
  /** Decimal odds as a string with two decimals ("2.10"). */
  odds: z.string(),
});
export const SportsbookEvent = z.object({
  id: z.string(),
  sport: z.string(),
  league: z.string(),
  name: z.string(),
  startsAt: z.string(),
  outcomes: z.array(SportsbookOutcome),
});
export type SportsbookEvent = z.infer<typeof SportsbookEvent>;

export const SportsbookBetStatus = z.enum(['open', 'won', 'lost', 'cashed_out']);
export const SportsbookBet = z.object({
  /** Also the seamless round id. */
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  outcomeId: z.string(),
  outcomeName: z.string(),
  odds: z.string(),
  stake: minor,
  /** What a win pays (stake × odds), and what cashing out pays now (open bets). */
  potentialWin: minor,
  cashOut: minor,
  status: SportsbookBetStatus,
  /** The result of the event once settled (the winning outcome). */
  resultOutcomeId: z.string().nullable(),
  payout: minor,
  createdAt: z.string(),
});
export type SportsbookBet = z.infer<typeof SportsbookBet>;

export const SportsbookSession = z.object({
  currency: z.string(),
  subunitToUnit: z.number().int(),
  balance: minor,
  locale: z.string(),
  lobbyUrl: z.string(),
  minStake: minor,
  maxStake: minor,
  events: z.array(SportsbookEvent),
  bets: z.array(SportsbookBet),
});
export type SportsbookSession = z.infer<typeof SportsbookSession>;

/** A bet placed, settled or cashed out, with the wallet's balance after it. */
export const SportsbookBetAnswer = z.object({ bet: SportsbookBet, balance: minor });
export type SportsbookBetAnswer = z.infer<typeof SportsbookBetAnswer>;
