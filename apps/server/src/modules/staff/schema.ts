import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, minor } from '../../db/columns.ts';

/**
 * The staff module's own schema (issue 25, backoffice-api.md §2–§7): staff accounts, their sign-in challenges and
 * sessions, the audit log, notes on players and adjustments. No other module reads these tables.
 */
export const staff = pgSchema('staff');

const createdAt = () => instant('created_at').notNull().defaultNow();

export const staffAccounts = staff.table(
  'accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** One of contracts' ROLES. */
    role: text('role').notNull(),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret sealed with the box key (secret-box.ts), bound to this id; null until enrolled. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code of this step or an older one is refused (a code is used once). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Base-currency minor units; null means the role's default (roles.ts DEFAULT_ADJUSTMENT_CAP). */
    adjustmentCap: minor('adjustment_cap'),
    disabled: boolean('disabled').notNull().default(false),
    /** Made by the demo seed: a production start refuses to run with such an account enabled (decision 0037). */
    demo: boolean('demo').notNull().default(false),
    /** The password was chosen by someone else (the command line, a colleague): only its change is allowed (decision 0111). */
    passwordMustChange: boolean('password_must_change').notNull().default(false),
    lastSignInAt: instant('last_sign_in_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('accounts_email_key').on(t.email)],
);

/** The second step of a sign-in: 5 minutes and 5 wrong codes at most (§2). */
export const signInChallenges = staff.table(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    /** On a first sign-in: the new secret, sealed, that the first valid code confirms. */
    pendingSecret: text('pending_secret'),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_staff_idx').on(t.staffId, t.createdAt)],
);

/** Failed sign-in steps, counted per (e-mail, address) and per e-mail (decision 0031's rule for staff). */
export const signInFailures = staff.table(
  'sign_in_failures',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** 'password' or 'code'. */
    step: text('step').notNull(),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_email_idx').on(t.email, t.at), index('sign_in_failures_at_idx').on(t.at)],
);

/** A staff session: an opaque token (only its SHA-256 kept), 30 minutes idle, 12 hours at most (§2). */
export const staffSessions = staff.table(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    closedAt: instant('closed_at'),
    closedReason: text('closed_reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_staff_idx').on(t.staffId)],
);

/**
 * The audit log (§7). Insert-only (a trigger refuses UPDATE, DELETE and TRUNCATE); each row carries the hash of
 * the one before (audit-chain.ts). `seq` orders the chain; one writer at a time takes the previous hash.
 */
export const auditLog = staff.table(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    staffId: uuid('staff_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    playerId: uuid('player_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** 'ok' or 'denied'. */
    result: text('result').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_player_idx').on(t.playerId, t.seq),
    index('audit_log_staff_idx').on(t.staffId, t.seq),
    index('audit_log_action_idx').on(t.action, t.seq),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** Staff notes on a player (§4): a note is its own reason, and is never edited. */
export const playerNotes = staff.table(
  'player_notes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    playerId: uuid('player_id').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('player_notes_player_idx').on(t.playerId, t.createdAt)],
);

/** Adjustments with four-eyes (§5). `amount` is signed minor units of `currency`; `baseAmount` its EUR value. */
export const adjustments = staff.table(
  'adjustments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** What the first request asked, so a replay with other fields under the same key is told apart. */
    requestHash: text('request_hash').notNull(),
    playerId: uuid('player_id').notNull(),
    currency: text('currency').notNull(),
    amount: minor('amount').notNull(),
    /** |amount| in EUR cents at the rate of the request; null when the currency had no rate (it waited). */
    baseAmount: minor('base_amount'),
    reason: text('reason').notNull(),
    /** 'pending', 'applied' or 'rejected'. */
    status: text('status').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffAccounts.id),
    decidedBy: uuid('decided_by').references(() => staffAccounts.id),
    decisionReason: text('decision_reason'),
    /** The wallet transaction that moved the money, once applied. */
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
    decidedAt: instant('decided_at'),
  },
  (t) => [
    uniqueIndex('adjustments_idempotency_key_key').on(t.idempotencyKey),
    index('adjustments_status_idx').on(t.status, t.createdAt),
    index('adjustments_player_idx').on(t.playerId, t.createdAt),
  ],
);
