import { z } from 'zod';

/**
 * Reports, the RTP monitor, reconciliation and round replay (issue 28, backoffice-api.md §8; decision 0121).
 * Figures come from rollup rows the money path's events keep current, never from scanning the ledger per
 * request. Amounts are decimal major units beside their currency, never summed across currencies; a converted
 * figure is a separate object that names its currency and its rate date.
 */

const day = z.iso.date('A date, YYYY-MM-DD.');
const currency = z
  .string()
  .regex(/^[A-Z0-9]{3,5}$/, 'A currency code such as EUR.')
  .optional();

/** The longest range a report answers, in UTC days, both ends included (§8). */
export const REPORT_MAX_DAYS = 366;

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** `from` and `to` are UTC days, both included; at most 366 days. */
export const ReportRange = z
  .object({ from: day, to: day, currency })
  .refine((q) => q.from <= q.to, { message: '`to` must not be before `from`.', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < REPORT_MAX_DAYS, {
    message: `At most ${REPORT_MAX_DAYS} days.`,
    path: ['to'],
  });
export type ReportRange = z.infer<typeof ReportRange>;

/** Totals of a row converted to the casino's base currency at one day's rates: a separate figure, never a sum. */
export const ConvertedFigures = z.object({
  currency: z.string(),
  /** The day of the rates used (YYYY-MM-DD). */
  rateDate: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  ggr: z.number(),
  bonusCost: z.number(),
  ngr: z.number(),
});
export type ConvertedFigures = z.infer<typeof ConvertedFigures>;

/** One UTC day in one currency (§8). `ggr = bets − wins` (real money); `ngr = ggr − bonusCost`. */
export const DailyReportRow = z.object({
  date: z.string(),
  currency: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  bets: z.number(),
  wins: z.number(),
  ggr: z.number(),
  bonusCost: z.number(),
  ngr: z.number(),
  /** Players who staked that day in that currency. */
  activePlayers: z.number().int(),
  /** Players registered that day (counted in the currency they registered with). */
  newPlayers: z.number().int(),
  /** Players whose first deposit ever fell on that day (in that deposit's currency). */
  firstDeposits: z.number().int(),
  /** Null when no rate is known for the currency. */
  converted: ConvertedFigures.nullable(),
});
export type DailyReportRow = z.infer<typeof DailyReportRow>;

/** One game in one currency over the range, with the RTP monitor's figures (§8). */
export const GameReportRow = z.object({
  /** The catalogue's game id. */
  gameId: z.string(),
  /** `provider-game`, as the catalogue names it. */
  identity: z.string(),
  provider: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Stakes taken and not rolled back. */
  rounds: z.number().int(),
  /** Every stake, real and bonus money (the game's math does not care whose money it is). */
  bets: z.number(),
  wins: z.number(),
  /** Percent (96.5 means 96.5 %); null before any stake. */
  rtp: z.number().nullable(),
  /** From the game's math sheet (docs/games); null for a provider that publishes none. */
  theoreticalRtp: z.number().nullable(),
  /** The 95 % interval around `theoreticalRtp` for this many rounds, from the game's payout variance. */
  rtpLow: z.number().nullable(),
  rtpHigh: z.number().nullable(),
  /** True when `rtp` falls outside [rtpLow, rtpHigh]. */
  outside: z.boolean(),
});
export type GameReportRow = z.infer<typeof GameReportRow>;

/** Top winners or losers over a range, one row per player and currency. */
export const PlayersReportQuery = z
  .object({
    from: day,
    to: day,
    currency,
    /** winners: the largest `wins − bets` first; losers: the largest `bets − wins` first. */
    order: z.enum(['winners', 'losers']).default('losers'),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((q) => q.from <= q.to, { message: '`to` must not be before `from`.', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < REPORT_MAX_DAYS, {
    message: `At most ${REPORT_MAX_DAYS} days.`,
    path: ['to'],
  });
export type PlayersReportQuery = z.infer<typeof PlayersReportQuery>;

export const PlayerReportRow = z.object({
  playerId: z.string(),
  /** The player's public name, as staff see it in the 360 header. */
  name: z.string().nullable(),
  currency: z.string(),
  bets: z.number(),
  wins: z.number(),
  /** bets − wins, real money: positive when the player lost. */
  ggr: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
});
export type PlayerReportRow = z.infer<typeof PlayerReportRow>;

/** What a bonus cost came from. */
export const CampaignKind = z.enum(['bonus', 'free_spins', 'cashback', 'quest', 'wheel', 'tournament', 'referral']);
export type CampaignKind = z.infer<typeof CampaignKind>;

/** Bonus cost per campaign: real money that left the house as a promotion (conversions and real-money prizes). */
export const BonusCostRow = z.object({
  kind: CampaignKind,
  /** The bonus definition, quest, tournament… id; null when the source names none. */
  campaignId: z.string().nullable(),
  name: z.string(),
  currency: z.string(),
  cost: z.number(),
  /** Players who received it. */
  players: z.number().int(),
});
export type BonusCostRow = z.infer<typeof BonusCostRow>;

/** The registration → first deposit funnel, one row per UTC day (player counts, no amounts). */
export const FunnelRow = z.object({
  date: z.string(),
  registrations: z.number().int(),
  /** Of the players registered that day, how many have deposited since (any day up to now). */
  deposited: z.number().int(),
  /** deposited / registrations, percent; null without registrations. */
  conversion: z.number().nullable(),
  /** Median hours from registration to first deposit of those who deposited; null without any. */
  medianHoursToDeposit: z.number().nullable(),
});
export type FunnelRow = z.infer<typeof FunnelRow>;

/** A difference between a rollup and the ledger, found by reconciliation: shown, never silently fixed. */
export const ReconciliationFinding = z.object({
  id: z.string(),
  /** The rollup's table and figure, e.g. `daily.bets` or `games.wins`. */
  figure: z.string(),
  date: z.string(),
  currency: z.string(),
  /** The game's identity for per-game figures, the player id for per-player figures. */
  key: z.string().nullable(),
  /** Minor units as decimal strings, both sides exact. */
  rollup: z.string(),
  ledger: z.string(),
  foundAt: z.string(),
});
export type ReconciliationFinding = z.infer<typeof ReconciliationFinding>;

export const ReconciliationRun = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Figures compared, and how many differed. */
  compared: z.number().int(),
  findings: z.number().int(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

export const ReconciliationReport = z.object({
  lastRun: ReconciliationRun.nullable(),
  findings: z.array(ReconciliationFinding),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReport>;

export const ReconcileRequest = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: '`to` must not be before `from`.', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) < REPORT_MAX_DAYS, {
    message: `At most ${REPORT_MAX_DAYS} days.`,
    path: ['to'],
  });
export type ReconcileRequest = z.infer<typeof ReconcileRequest>;

/** One movement of a round, as the wallet recorded the provider's request. */
export const RoundMovement = z.object({
  kind: z.enum(['bet', 'win', 'rollback']),
  transactionId: z.string(),
  amount: z.number(),
  at: z.string(),
  /** A bet a rollback cancelled. */
  rolledBack: z.boolean(),
  ledgerTransactionId: z.string().nullable(),
});
export type RoundMovement = z.infer<typeof RoundMovement>;

/** A round's provably-fair data and the outcome recomputed from it with the verifier players use. */
export const RoundFairness = z.object({
  serverSeedHash: z.string(),
  /** Null while the seed pair is still in use (the round is verifiable once it is rotated). */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The game's own outcome record (its inputs and result), as the studio stored it. */
  outcome: z.unknown(),
  /** The outcome recomputed from the seeds equals the stored one; null while the server seed is not revealed. */
  verified: z.boolean().nullable(),
  /** Why not verified, when it is not. */
  detail: z.string().nullable(),
});
export type RoundFairness = z.infer<typeof RoundFairness>;

export const RoundReplay = z.object({
  /** `<providerId>:<providerRoundId>`, as the player's history names it. */
  roundId: z.string(),
  providerId: z.string(),
  providerRoundId: z.string(),
  playerId: z.string(),
  gameId: z.string(),
  currency: z.string(),
  status: z.enum(['open', 'settled', 'rolled_back']),
  betTotal: z.number(),
  winTotal: z.number(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  movements: z.array(RoundMovement),
  /** Null for a provider that publishes no provably-fair data. */
  fairness: RoundFairness.nullable(),
  /** `fairness.verified`, at the top for the spec's readers (§8): false when not verifiable. */
  verified: z.boolean(),
});
export type RoundReplay = z.infer<typeof RoundReplay>;

export const roundIdParams = z.object({
  roundId: z
    .string()
    .min(3)
    .max(300)
    .regex(/^[^:]+:.+$/, 'A round id, provider:round.'),
});
