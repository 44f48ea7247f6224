import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, minor } from '../../db/columns.ts';

/** The bonus module's own schema (decision 0055). Bonus money itself lives in the wallet's bonus part. */
export const bonus = pgSchema('bonus');

/** Per-currency amounts of a definition: currency code → minor units (decimal strings, exact). */
export type AmountMap = Record<string, string>;

/**
 * The money rules a player bonus (or free spins' winnings) was issued with (issue 27): frozen at issue, so
 * an edit of the definition never changes what is already in flight. Minor units as decimal strings, in the
 * issue's currency.
 */
export interface FrozenTerms {
  wagerMultiplier: string;
  maxBet: string | null;
  maxWin: string | null;
  gameIds: string[];
  gameIdsExcluded: boolean;
  providerIds: string[];
  providerIdsExcluded: boolean;
  /** Game id → percent of each stake that counts (default 100). */
  contributions: Record<string, number>;
  cancelLock: boolean;
  activationDays: number;
  wageringDays: number;
}

/** A welcome package: ordered deposit bonuses offered one after another. */
export const packages = bonus.table('packages', {
  id: uuid('id').primaryKey().defaultRandom(),
  identity: text('identity').notNull().unique(),
  name: text('name').notNull(),
  /** A paused package offers none of its steps (issue 27). */
  enabled: boolean('enabled').notNull().default(true),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** A bonus definition: operator data, shaped so a back office can edit it (issue 12 §1). */
export const bonuses = bonus.table(
  'bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identity: text('identity').notNull().unique(),
    name: text('name').notNull(),
    /** deposit (a match of the deposit), cash (a fixed amount), free spins (kind `freespins`), cashback. */
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Deposit match: percent of the deposit (100 = the deposit doubled); cashback: percent of the net loss. */
    depositPercentage: integer('deposit_percentage'),
    /** Fixed amounts (cash), or the cap of a deposit match, per currency. */
    amounts: jsonb('amounts').$type<AmountMap>().notNull().default({}),
    maxAmounts: jsonb('max_amounts').$type<AmountMap>().notNull().default({}),
    /** Trigger: the deposit range per currency, and when the offer is open. */
    minDeposits: jsonb('min_deposits').$type<AmountMap>().notNull().default({}),
    maxDeposits: jsonb('max_deposits').$type<AmountMap>().notNull().default({}),
    availableFrom: instant('available_from'),
    availableTo: instant('available_to'),
    /** Wagering: the multiplier of the bonus amount, games and providers in or out, contribution per game. */
    wagerMultiplier: numeric('wager_multiplier', { precision: 8, scale: 2 }).notNull().default('0'),
    gameIds: text('game_ids').array().notNull().default(sql`'{}'`),
    gameIdsExcluded: boolean('game_ids_excluded').notNull().default(true),
    providerIds: text('provider_ids').array().notNull().default(sql`'{}'`),
    providerIdsExcluded: boolean('provider_ids_excluded').notNull().default(true),
    /** Game id → percent of each stake that counts (default 100). */
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull().default({}),
    maxBets: jsonb('max_bets').$type<AmountMap>().notNull().default({}),
    /** The conversion cap: at most this much bonus money becomes real when wagering completes. */
    maxWins: jsonb('max_wins').$type<AmountMap>().notNull().default({}),
    activationDays: integer('activation_days').notNull().default(7),
    wageringDays: integer('wagering_days').notNull().default(30),
    /** With wagering progress, the player may not cancel it or activate another instead. */
    cancelLock: boolean('cancel_lock').notNull().default(false),
    packageId: uuid('package_id').references(() => packages.id),
    packagePriority: integer('package_priority').notNull().default(0),
    /** Once per player, unless reusable. */
    reusable: boolean('reusable').notNull().default(false),
    /** A deposit bonus only a code gives: never listed as an offer, never chosen in the deposit form (issue 27). */
    codeOnly: boolean('code_only').notNull().default(false),
    /** Free spins: the game (catalogue identity) and the count; `amounts` is the bet per spin. */
    freeSpinGame: text('freespin_game'),
    freeSpinCount: integer('freespin_count'),
    /** Archived: never offered or issued again, kept for the bonuses issued under it (issue 27). */
    archivedAt: instant('archived_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [check('bonuses_kind', sql`${t.kind} in ('deposit', 'cash', 'freespins', 'cashback')`)],
);

/** A bonus code: the text players type, mapped to a bonus. */
export const codes = bonus.table('codes', {
  /** Upper case; codes compare case-insensitively. */
  code: text('code').primaryKey(),
  bonusId: uuid('bonus_id')
    .notNull()
    .references(() => bonuses.id),
  /** 1 apply now, 3 attach to the next deposit. */
  triggers: smallint('triggers').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Limits (issue 27): applications in all, and per rolling period of `periodHours`; null: no limit. */
  maxUses: integer('max_uses'),
  maxUsesPerPeriod: integer('max_uses_per_period'),
  periodHours: integer('period_hours'),
  /** When the code may be applied (null: open-ended). */
  validFrom: instant('valid_from'),
  validTo: instant('valid_to'),
  /** Archived: refused like a paused code, hidden from the list by default, kept for its history. */
  archivedAt: instant('archived_at'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/**
 * A bonus issued to a player in one currency: 1 issued → 2 active → 3 finished (result 2 played, 3
 * cancelled, 4 expired, 5 lost). While active, the account's bonus part is its money.
 */
export const playerBonuses = bonus.table(
  'player_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** player.players.id; no foreign key across module schemas (docs/decisions/0002). */
    playerId: uuid('player_id').notNull(),
    bonusId: uuid('bonus_id')
      .notNull()
      .references(() => bonuses.id),
    currency: text('currency').notNull(),
    status: smallint('status').notNull().default(1),
    result: smallint('result').notNull().default(1),
    amount: minor('amount').notNull(),
    requiredWager: minor('required_wager').notNull().default(sql`0`),
    currentWager: minor('current_wager').notNull().default(sql`0`),
    maxBet: minor('max_bet'),
    maxWin: minor('max_win'),
    /** Real money this bonus has become (its conversion, then shares of its rounds paid after): max_win caps it. */
    converted: minor('converted').notNull().default(sql`0`),
    /** Copied from the definition: a once-per-player bonus is unique per player. */
    once: boolean('once').notNull(),
    activationExpiresAt: instant('activation_expires_at'),
    wageringExpiresAt: instant('wagering_expires_at'),
    /** What issued it ('code:…', 'invoice:…'): the same cause issues at most once. */
    issueKey: text('issue_key').notNull().unique(),
    issueSessionId: uuid('issue_session_id').notNull(),
    /** The definition's money rules at issue (issue 27): the wagering rule reads these, never the definition. */
    terms: jsonb('terms').$type<FrozenTerms>().notNull().default(sql`'{}'::jsonb`),
    createdAt: instant('created_at').notNull().defaultNow(),
    activatedAt: instant('activated_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    check('player_bonuses_status', sql`${t.status} in (1, 2, 3)`),
    check('player_bonuses_result', sql`${t.result} between 1 and 5`),
    check('player_bonuses_amounts', sql`${t.amount} >= 0 and ${t.requiredWager} >= 0 and ${t.currentWager} >= 0`),
    uniqueIndex('player_bonuses_one_active').on(t.playerId, t.currency).where(sql`${t.status} = 2`),
    uniqueIndex('player_bonuses_once').on(t.playerId, t.bonusId).where(sql`${t.once}`),
    index('player_bonuses_player').on(t.playerId, t.createdAt.desc()),
  ],
);

/** A code a player typed: applied (2), incorrect (3), not available (4), or attached to the next deposit (1). */
export const playerBonusCodes = bonus.table(
  'player_bonus_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    code: text('code').notNull(),
    trigger: smallint('trigger').notNull(),
    status: smallint('status').notNull(),
    result: smallint('result').notNull().default(1),
    playerBonusId: uuid('player_bonus_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    usedAt: instant('used_at'),
  },
  (t) => [
    uniqueIndex('player_bonus_codes_attached').on(t.playerId).where(sql`${t.status} = 1`),
    index('player_bonus_codes_player').on(t.playerId, t.createdAt.desc()),
  ],
);

/**
 * Stakes of a round while a bonus was active: how much was real and how much bonus money, so its wins
 * split in the same proportion. Written by the money rule inside the bet's transaction.
 */
export const stakes = bonus.table(
  'stakes',
  {
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    /** The bonus active at the round's first bet; null for a free round. */
    playerBonusId: uuid('player_bonus_id'),
    /** A free round: the player's free spins it used. */
    freeSpinId: uuid('free_spin_id'),
    real: minor('real').notNull().default(sql`0`),
    bonus: minor('bonus').notNull().default(sql`0`),
    /**
     * Set once its bets can no longer be rolled back (the round closed or paid, or rollbacks emptied it; a
     * free round at its first win): conversion waits for every stake of its bonus (decision 0090), and an
     * unsettled stake warns a player who cancels.
     */
    settled: boolean('settled').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.roundId] }),
    index('stakes_open').on(t.playerBonusId).where(sql`not ${t.settled}`),
  ],
);

/**
 * Free spins issued to a player (decision 0065): 1 issued → 2 active → 3 finished (result 2 played,
 * 3 cancelled, 4 expired). Their winnings wait in the house bonus account until the last spin, then become a
 * wagering player bonus (`playerBonusId`).
 */
export const playerFreespins = bonus.table(
  'player_freespins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    bonusId: uuid('bonus_id')
      .notNull()
      .references(() => bonuses.id),
    currency: text('currency').notNull(),
    gameId: text('game_id').notNull(),
    /** The seamless provider the spins were issued for (the game's in the catalogue): only it plays them (0095). */
    providerId: text('provider_id').notNull(),
    count: integer('count').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    bet: minor('bet').notNull(),
    win: minor('win').notNull().default(sql`0`),
    status: smallint('status').notNull().default(1),
    result: smallint('result').notNull().default(1),
    playerBonusId: uuid('player_bonus_id'),
    activationExpiresAt: instant('activation_expires_at'),
    expiresAt: instant('expires_at'),
    issueKey: text('issue_key').notNull().unique(),
    issueSessionId: uuid('issue_session_id').notNull(),
    /** The play window and the winnings' wagering at issue (issue 27): the winnings' bonus gets these. */
    terms: jsonb('terms').$type<FrozenTerms>().notNull().default(sql`'{}'::jsonb`),
    createdAt: instant('created_at').notNull().defaultNow(),
    activatedAt: instant('activated_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('player_freespins_player').on(t.playerId, t.createdAt.desc())],
);
