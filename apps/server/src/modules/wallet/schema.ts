import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, minor } from '../../db/columns.ts';

/** The wallet module's own PostgreSQL schema: the double-entry ledger (docs/decisions/0013). */
export const wallet = pgSchema('wallet');

/**
 * A balance holder. Player accounts: one per (player, currency), with three parts in minor units that
 * never go negative. House accounts: one per (currency, purpose), the counterparty of every player
 * movement; they may go negative (the house's position). The parts are updated only by ledger
 * transfers, in the same transaction as the entries that explain them.
 */
export const accounts = wallet.table(
  'accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** 'player' or 'house'. */
    ownerKind: text('owner_kind').notNull(),
    /** player.players.id for player accounts; no foreign key across module schemas (docs/decisions/0002). */
    playerId: uuid('player_id'),
    currency: text('currency').notNull(),
    /** House accounts only: 'cash', 'game', 'payments', 'bonus', … */
    purpose: text('purpose'),
    /** 1 active (the selected account of the player), 2 inactive. */
    status: integer('status').notNull().default(2),
    hidden: boolean('hidden').notNull().default(false),
    real: minor('real').notNull().default(sql`0`),
    bonus: minor('bonus').notNull().default(sql`0`),
    locked: minor('locked').notNull().default(sql`0`),
    /**
     * Player accounts: withdrawals are held (the withdrawable amount is 0) — set by a deposit's credit, released
     * by the risk module's turn-over wager once its deposits are turned over (decisions 0066, 0076). The wallet
     * owns the flag so every balance it shows, live events included, agrees without reading risk tables.
     */
    withdrawalsHeld: boolean('withdrawals_held').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('accounts_owner_kind_check', sql`${t.ownerKind} in ('player', 'house')`),
    check(
      'accounts_owner_check',
      sql`(${t.ownerKind} = 'player' and ${t.playerId} is not null and ${t.purpose} is null) or (${t.ownerKind} = 'house' and ${t.playerId} is null and ${t.purpose} is not null)`,
    ),
    check(
      'accounts_player_not_negative_check',
      sql`${t.ownerKind} = 'house' or (${t.real} >= 0 and ${t.bonus} >= 0 and ${t.locked} >= 0)`,
    ),
    check('accounts_status_check', sql`${t.status} in (1, 2)`),
    uniqueIndex('accounts_player_currency_key').on(t.playerId, t.currency),
    uniqueIndex('accounts_house_currency_purpose_key').on(t.currency, t.purpose).where(sql`${t.ownerKind} = 'house'`),
    uniqueIndex('accounts_player_active_key').on(t.playerId).where(sql`${t.status} = 1`),
  ],
);

/**
 * One money movement. INSERT-only (a trigger refuses UPDATE and DELETE). An externally caused movement
 * carries an idempotency key, unique; `request_hash` tells a replay from a different request under the
 * same key, and `answer` is the first answer, returned to every replay.
 */
export const transactions = wallet.table(
  'transactions',
  {
    id: uuid('id').primaryKey(),
    /** What caused it: 'dev.credit', 'game.bet', 'payment.deposit', … */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_idempotency_key_key').on(t.idempotencyKey),
    // A range of days for reconciliation (decision 0121): rows come in time order, so a BRIN index is enough and
    // costs the money path almost nothing.
    index('transactions_created_brin').using('brin', t.createdAt),
  ],
);

/**
 * One leg of a transaction: a signed amount on one part of one account. INSERT-only. The entries of a
 * transaction sum to zero (per currency), and each account part equals the sum of its entries.
 */
export const entries = wallet.table(
  'entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** 'real', 'bonus' or 'locked'. */
    part: text('part').notNull(),
    amount: minor('amount').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('entries_part_check', sql`${t.part} in ('real', 'bonus', 'locked')`),
    check('entries_amount_check', sql`${t.amount} <> 0`),
    index('entries_account_idx').on(t.accountId, t.id),
    index('entries_transaction_idx').on(t.transactionId),
  ],
);
