import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgSchema, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';

/** The payment module's own PostgreSQL schema (docs/decisions/0015). Money itself lives in the wallet ledger. */
export const payment = pgSchema('payment');

/**
 * A deposit (type 1) or withdrawal (type 2). Status 1 pending, 2 success, 3 failure; a status leaves 1
 * once and never comes back. The ledger movements it causes carry idempotency keys derived from its id.
 */
export const invoices = payment.table(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    /** player.players.id; no foreign key across module schemas (docs/decisions/0002). */
    playerId: uuid('player_id').notNull(),
    /** wallet.accounts.id of the player's account in `currency`. */
    accountId: uuid('account_id').notNull(),
    type: integer('type').notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: integer('status').notNull().default(1),
    /** 'pending', 'success', 'declined', 'card_declined', 'canceled', 'failed', 'superseded', … */
    statusResult: text('status_result').notNull().default('pending'),
    /** What the player may see (crypto address and QR URI). */
    publicData: jsonb('public_data'),
    /**
     * Private details: card last 4, redirect URLs, network, bank-account holder, the provider's fingerprint of
     * the card or bank account (`instrument`, decision 0094). Never a full card number.
     */
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    provider: text('provider').notNull().default('sandbox'),
    providerReference: text('provider_reference').notNull(),
    /** The webhook event that moved it out of pending. */
    lastEventId: text('last_event_id'),
    /** Deposits: the running count of the player's successful deposits, set on success. */
    number: integer('number'),
    /** Sandbox: when the provider decides (crypto confirmations, bank transfer). */
    dueAt: instant('due_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('invoices_type_check', sql`${t.type} in (1, 2)`),
    check('invoices_status_check', sql`${t.status} in (1, 2, 3)`),
    check('invoices_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('invoices_provider_reference_key').on(t.provider, t.providerReference),
    index('invoices_player_idx').on(t.playerId, t.createdAt),
    index('invoices_due_idx').on(t.dueAt).where(sql`${t.status} = 1`),
    // The back office's deposits today (deposit-totals.ts): successful deposits by the moment they settled.
    index('invoices_settled_deposits_idx').on(t.updatedAt).where(sql`${t.type} = 1 and ${t.status} = 2`),
    // Accounts on one card or bank account (instruments.ts: referral signals, compliance's shared_instrument).
    index('invoices_instrument_idx').using('btree', sql`(${t.details}->>'instrument')`),
  ],
);

/** Every provider event received, once: a replay hits the unique id and changes nothing. */
export const webhookEvents = payment.table('webhook_events', {
  /** The provider's event id. */
  id: text('id').primaryKey(),
  provider: text('provider').notNull().default('sandbox'),
  type: text('type').notNull(),
  invoiceId: uuid('invoice_id'),
  payload: jsonb('payload').notNull(),
  /** 'applied' or 'ignored' (the invoice had already left pending, or was unknown). */
  outcome: text('outcome').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

/**
 * A withdrawal's review (backoffice-api.md §6, decision 0112), one row per withdrawal invoice, written in the
 * request's transaction. The base amount and the risk flags are fixed at the request (the queue never recomputes
 * them). `status`: review → approved → paid | failed, or review → rejected | cancelled (the player's decline).
 * The invoice stays the money's record; this row is the review's.
 */
export const withdrawalReviews = payment.table(
  'withdrawal_reviews',
  {
    invoiceId: uuid('invoice_id').primaryKey(),
    playerId: uuid('player_id').notNull(),
    status: text('status').notNull(),
    /** The amount in base-currency minor units (EUR cents) at the request's rate; null: no rate (fails closed). */
    baseAmount: bigint('base_amount', { mode: 'bigint' }),
    baseCurrency: text('base_currency').notNull(),
    /** Names of the risk flags raised at the request. */
    riskFlags: jsonb('risk_flags').$type<string[]>().notNull(),
    /** Staff ids that approved, in order (two different ones when four-eyes). */
    approvals: jsonb('approvals').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    fourEyes: boolean('four_eyes').notNull().default(false),
    autoApproved: boolean('auto_approved').notNull().default(false),
    decidedBy: uuid('decided_by'),
    decidedAt: instant('decided_at'),
    reason: text('reason'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'withdrawal_reviews_status_check',
      sql`${t.status} in ('review', 'approved', 'rejected', 'paid', 'failed', 'cancelled')`,
    ),
    // The queue by status, newest first, and its "waiting" count (the dashboard tile).
    index('withdrawal_reviews_status_idx').on(t.status, t.createdAt),
    index('withdrawal_reviews_player_idx').on(t.playerId, t.createdAt),
  ],
);
