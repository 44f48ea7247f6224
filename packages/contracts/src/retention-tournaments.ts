import { z } from 'zod';

// Tournaments (api-contract §11.3 and the §14.2 channels `tournaments`, `tournaments:{id}`,
// `tournaments:{id}#{playerId}`). Points are numbers with two decimals; amounts are major units.

/** tournament.state: 1 draft (never listed), 2 upcoming, 3 running, 4 finished (result fixed), 5 cancelled. */
export const TournamentState = { draft: 1, upcoming: 2, running: 3, finished: 4, cancelled: 5 } as const;
/** tournament.type: 1 points by stake (stake × rate), 2 points by win multiplier (payout ÷ stake per round). */
export const TournamentType = { stake: 1, multiplier: 2 } as const;
/** prize.type: 1 real money, 2 bonus money, 3 a bonus of the bonus engine (`bonusId`). */
export const TournamentPrizeType = { money: 1, bonusMoney: 2, bonus: 3 } as const;
/** Rows of the live leaderboard the API and the channel carry. */
export const TOURNAMENT_LEADERBOARD_SIZE = 20;

const isoCode = z.string().regex(/^[A-Z0-9]{2,10}$/, 'a currency code');
const amount = z.number().nonnegative().max(1e12);
const minOp = z.enum(['gt', 'gte']);
const maxOp = z.enum(['lt', 'lte']);

export const TournamentConditions = z.object({
  gameCollections: z.array(z.string().min(1).max(100)).max(100).optional(),
  gameCollectionsExcluded: z.boolean().optional(),
  minAmount: amount.optional(),
  minAmountOp: minOp.optional(),
  maxAmount: amount.optional(),
  maxAmountOp: maxOp.optional(),
  currencies: z
    .array(
      z.object({
        isoCode,
        minAmount: amount.optional(),
        minAmountOp: minOp.optional(),
        maxAmount: amount.optional(),
        maxAmountOp: maxOp.optional(),
      }),
    )
    .max(100)
    .optional(),
});
export type TournamentConditions = z.infer<typeof TournamentConditions>;

export const TournamentRates = z.object({
  baseCurrencyRate: z.number().nonnegative(),
  currencyRates: z.array(z.object({ isoCode, rate: z.number().nonnegative() })).optional(),
});
export type TournamentRates = z.infer<typeof TournamentRates>;

export const TournamentPrizeEntry = z.object({
  playerId: z.string(),
  nickname: z.string().nullable(),
  points: z.number(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export const TournamentPrize = z.object({
  place: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  bonusId: z.string().optional(),
  entry: TournamentPrizeEntry.optional(),
});
export type TournamentPrize = z.infer<typeof TournamentPrize>;

export const LeaderboardRow = z.object({
  playerId: z.string(),
  nickname: z.string().nullable(),
  place: z.number().int(),
  points: z.number(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const TournamentPlayerEntry = z.object({ points: z.number(), place: z.number().int() });
export type TournamentPlayerEntry = z.infer<typeof TournamentPlayerEntry>;

export const Tournament = z.object({
  id: z.string(),
  identity: z.string(),
  title: z.string(),
  type: z.number().int(),
  state: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  isAvailable: z.boolean(),
  confirmationRequired: z.boolean(),
  rates: TournamentRates,
  conditions: TournamentConditions,
  /** Key absent for guests; null when the player takes no part (api-contract §11.3). */
  playerEntry: TournamentPlayerEntry.nullable().optional(),
  prizes: z.array(TournamentPrize).optional(),
  leaderboard: z.array(LeaderboardRow).optional(),
});
export type Tournament = z.infer<typeof Tournament>;

/** Arrays arrive as `key[]=a&key[]=b` or as one scalar `key=a` (api-contract §1.1): both become a list. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(20).optional());

/** GET /api/retention/tournaments: active lists use state[]=2,3, finished ones state[]=4,5. */
export const TournamentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(6),
  state: list(z.coerce.number().int().min(1).max(5)),
  identity: list(z.string().min(1).max(100)),
});
export type TournamentsQuery = z.infer<typeof TournamentsQuery>;

/** `{id}` of the tournament paths: the id or the identity (the web page has the identity). */
export const TournamentRef = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });

/** Channels and events of tournaments (api-contract §14.2). */
export const TournamentEvent = {
  completed: 'tournament.completed',
  leaderboardUpdated: 'tournament.leaderboard.updated',
  playerEntryUpdated: 'tournament.player-entry.updated',
} as const;
export const tournamentChannel = (tournamentId: string): string => `tournaments:${tournamentId}`;
export const tournamentPlayerChannel = (tournamentId: string, playerId: string): string =>
  `tournaments:${tournamentId}#${playerId}`;

export interface TournamentLeaderboardPublication {
  event: typeof TournamentEvent.leaderboardUpdated;
  tournamentId: string;
  leaderboard: LeaderboardRow[];
}
export interface TournamentEntryPublication {
  event: typeof TournamentEvent.playerEntryUpdated;
  entry: { tournamentId: string; playerId: string; points: number; place: number };
}
export interface TournamentCompletedPublication {
  event: typeof TournamentEvent.completed;
  tournament: { id: string; title: string; identity: string; state: number; endAt: string; prizes: TournamentPrize[] };
}
