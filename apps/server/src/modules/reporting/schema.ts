import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgSchema, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant, minor } from '../../db/columns.ts';

/**
 * The reporting module's own schema (issue 28, decision 0121): rollups kept current by the money path's events
 * (the wallet's `internal:ledger` channel and the player module's registrations), applied once each by this
 * module's outbox consumer (which takes them out of the outbox as it applies them); and reconciliation's runs
 * and findings. Reports read these rows and nothing else:
 * never the ledger per request. Amounts are integer minor units of the row's currency.
 */
export const reporting = pgSchema('reporting');

/** One UTC day in one currency: the daily financial report's figures (§8). */
export const dailyFigures = reporting.table(
  'daily_figures',
  {
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    deposits: minor('deposits').notNull().default(sql`0`),
    depositCount: integer('deposit_count').notNull().default(0),
    withdrawals: minor('withdrawals').notNull().default(sql`0`),
    withdrawalCount: integer('withdrawal_count').notNull().default(0),
    /** Real-money stakes, less the real part of stakes rolled back. */
    bets: minor('bets').notNull().default(sql`0`),
    /** Real-money payouts (a win's bonus share and a bonus's conversion are not wins). */
    wins: minor('wins').notNull().default(sql`0`),
    /** Real money given as a promotion: bonus conversions and real-money prizes, cashback and rewards. */
    bonusCost: minor('bonus_cost').notNull().default(sql`0`),
    /** Staff adjustments, signed (shown apart: not part of GGR or NGR). */
    adjustments: minor('adjustments').notNull().default(sql`0`),
    activePlayers: integer('active_players').notNull().default(0),
    newPlayers: integer('new_players').notNull().default(0),
    firstDeposits: integer('first_deposits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency] })],
);

/** A game's figures in one currency, per day or per month (fresh column builders for each table). */
const gameFigures = () => ({
  /** The game's identity (`provider-game`), as the catalogue and the events name it. */
  gameId: text('game_id').notNull(),
  providerId: text('provider_id').notNull(),
  currency: text('currency').notNull(),
  rounds: integer('rounds').notNull().default(0),
  stakes: minor('stakes').notNull().default(sql`0`),
  payouts: minor('payouts').notNull().default(sql`0`),
  /** The real-money parts of the two (GGR per game). */
  realStakes: minor('real_stakes').notNull().default(sql`0`),
  realPayouts: minor('real_payouts').notNull().default(sql`0`),
  /** Σ stake² (minor units squared): the RTP interval's variance for unequal stakes (numeric: no overflow). */
  stakeSquares: numeric('stake_squares', { precision: 38, scale: 0 }).notNull().default('0'),
});

/** One UTC day, game and currency: every stake and payout (real and bonus money), the RTP monitor's basis. */
export const dailyGames = reporting.table(
  'daily_games',
  {
    day: date('day').notNull(),
    ...gameFigures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.gameId, t.currency] })],
);

/**
 * The same figures per calendar month (`month` is its first day): the games report over a long range reads whole
 * months here and only the days at its two ends from `daily_games`, so 366 days cost ~12 + 60 rows per game and
 * currency instead of 366. Kept by the same consumer page, in the same transaction.
 */
export const monthlyGames = reporting.table(
  'monthly_games',
  {
    month: date('month').notNull(),
    ...gameFigures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.gameId, t.currency] })],
);

/**
 * One UTC day, player and currency: what a player did that day. Its rows count the day's active players and
 * answer top winners and losers over a range.
 */
export const dailyPlayers = reporting.table(
  'daily_players',
  {
    day: date('day').notNull(),
    playerId: uuid('player_id').notNull(),
    currency: text('currency').notNull(),
    bets: minor('bets').notNull().default(sql`0`),
    wins: minor('wins').notNull().default(sql`0`),
    deposits: minor('deposits').notNull().default(sql`0`),
    withdrawals: minor('withdrawals').notNull().default(sql`0`),
    /** Stakes taken that day (any money): > 0 makes the player active that day. */
    stakeCount: integer('stake_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.playerId, t.currency] }),
    index('daily_players_currency_day_idx').on(t.currency, t.day),
  ],
);

/** Bonus cost per UTC day, campaign and currency. `campaign_id` is '' when the source names none. */
export const dailyBonusCost = reporting.table(
  'daily_bonus_cost',
  {
    day: date('day').notNull(),
    /** CampaignKind: bonus, free_spins, cashback, quest, wheel, tournament, referral. */
    kind: text('kind').notNull(),
    campaignId: text('campaign_id').notNull(),
    currency: text('currency').notNull(),
    cost: minor('cost').notNull().default(sql`0`),
    players: integer('players').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.campaignId, t.currency] })],
);

/**
 * The players given each campaign's cost on each UTC day (a set): `daily_bonus_cost.players` counts a player once
 * a day, and a range's distinct players can be counted here.
 */
export const bonusCostPlayers = reporting.table(
  'bonus_cost_players',
  {
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    campaignId: text('campaign_id').notNull(),
    currency: text('currency').notNull(),
    playerId: uuid('player_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.campaignId, t.currency, t.playerId] })],
);

/** A player's registration and first deposit: the funnel's and `newPlayers`/`firstDeposits`' facts. */
export const playerMilestones = reporting.table(
  'player_milestones',
  {
    playerId: uuid('player_id').primaryKey(),
    registeredAt: instant('registered_at'),
    registeredCurrency: text('registered_currency'),
    firstDepositAt: instant('first_deposit_at'),
    firstDepositCurrency: text('first_deposit_currency'),
  },
  (t) => [
    index('player_milestones_registered_idx').on(t.registeredAt),
    index('player_milestones_first_deposit_idx').on(t.firstDepositAt),
  ],
);

/** One reconciliation run over a range of days. */
export const reconciliationRuns = reporting.table('reconciliation_runs', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  fromDay: date('from_day').notNull(),
  toDay: date('to_day').notNull(),
  startedAt: instant('started_at').notNull().defaultNow(),
  finishedAt: instant('finished_at'),
  compared: integer('compared').notNull().default(0),
  findings: integer('findings').notNull().default(0),
});

/** A figure whose rollup differs from the ledger's recomputation: shown on a screen, never silently fixed. */
export const reconciliationFindings = reporting.table(
  'reconciliation_findings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    runId: uuid('run_id').notNull(),
    /** `daily.bets`, `games.payouts`, `players.wins`… */
    figure: text('figure').notNull(),
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    /** The game identity or player id of per-game and per-player figures. */
    key: text('key'),
    rollup: minor('rollup').notNull(),
    ledger: minor('ledger').notNull(),
    foundAt: instant('found_at').notNull().defaultNow(),
  },
  (t) => [index('reconciliation_findings_run_idx').on(t.runId)],
);
