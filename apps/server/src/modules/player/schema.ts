import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgSchema,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';

/** The player module's own PostgreSQL schema: accounts, sessions, one-time codes, audit, form settings. */
export const player = pgSchema('player');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A player account. E-mail is stored lower-case; phone digits only, country code first. */
export const players = player.table(
  'players',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The number shown to the player and to support (api-contract §1.5: a number). */
    externalId: integer('external_id').generatedAlwaysAsIdentity({ startWith: 100_001 }).notNull(),
    email: text('email'),
    phone: text('phone'),
    /** argon2id (m=19456, t=2, p=1), PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** PlayerStatus: 1 active, 2 deposits restricted, 3 blocked, 4 self-excluded, 5 cooling-off. */
    status: integer('status').notNull().default(1),
    /**
     * Staff blocks by scope (backoffice-api.md §4), apart from `status` so that lifting one never undoes a
     * self-exclusion or a cooling-off: login refuses sign-in and ends sessions, deposit and withdrawal refuse
     * invoices, bet refuses bets under the account lock.
     */
    blockLogin: boolean('block_login').notNull().default(false),
    blockDeposit: boolean('block_deposit').notNull().default(false),
    blockBet: boolean('block_bet').notNull().default(false),
    blockWithdrawal: boolean('block_withdrawal').notNull().default(false),
    currency: text('currency'),
    country: text('country'),
    locale: text('locale'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    nickname: text('nickname'),
    gender: text('gender'),
    birthdate: date('birthdate', { mode: 'string' }),
    nationality: text('nationality'),
    placeOfBirth: text('place_of_birth'),
    address: text('address'),
    additionalAddress: text('additional_address'),
    city: text('city'),
    postalCode: text('postal_code'),
    timeZone: text('time_zone'),
    profession: text('profession'),
    personalIdNumber: text('personal_id_number'),
    securityQuestion: text('security_question'),
    securityAnswer: text('security_answer'),
    language: text('language'),
    cpfNumber: text('cpf_number'),
    freshchatRestoreId: text('freshchat_restore_id'),
    receiveEmailPromo: boolean('receive_email_promo').notNull().default(false),
    receiveSmsPromo: boolean('receive_sms_promo').notNull().default(false),
    agreedTc: boolean('agreed_tc').notNull().default(false),
    pwaInstalled: boolean('pwa_installed').notNull().default(false),
    confirmedAt: instant('confirmed_at'),
    phoneConfirmed: boolean('phone_confirmed').notNull().default(false),
    segmentIds: text('segment_ids').array().notNull().default(sql`'{}'::text[]`),
    /** The player's own referral code; null while referrals are off. */
    referralCode: text('referral_code'),
    /** The referral code the player registered with (`?ref=`). */
    referredBy: text('referred_by'),
    affiliateTag: text('affiliate_tag'),
    fingerprint: text('fingerprint'),
    registrationIp: text('registration_ip'),
    registrationCountry: text('registration_country'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('players_external_id_key').on(t.externalId),
    uniqueIndex('players_email_key').on(t.email),
    uniqueIndex('players_phone_key').on(t.phone),
    uniqueIndex('players_referral_code_key').on(t.referralCode),
    // The back office's search by prefix (decision 0107): text_pattern_ops answers `like 'abc%'` whatever the
    // database's collation. E-mails are stored lower-case, phones as digits; nicknames are matched lower-case.
    index('players_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    index('players_phone_prefix_idx').on(t.phone.op('text_pattern_ops')),
    index('players_nickname_prefix_idx').using('btree', sql`lower(${t.nickname}) text_pattern_ops`),
    // Accounts on one device (compliance's shared_device flag, decision 0114), with sessions_fingerprint_idx.
    index('players_fingerprint_idx').on(t.fingerprint),
  ],
);

/** One login. A token is accepted only while its session is open; refresh slides `refresh_until`. */
export const sessions = player.table(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    country: text('country'),
    /** 'mobile' or 'desktop', from the user agent. */
    deviceType: text('device_type').notNull(),
    userAgent: text('user_agent'),
    fingerprint: text('fingerprint'),
    /** How the session began: password, phone registration, autologin, … */
    method: text('method').notNull(),
    /** Id of the newest access token; refresh must present it (or the one before, for a short grace). */
    jti: text('jti').notNull(),
    previousJti: text('previous_jti'),
    rotatedAt: instant('rotated_at'),
    /** Refreshed with the refresh cookie once: from then on a refresh without it is refused (decision 0096). */
    cookieBound: boolean('cookie_bound').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    refreshUntil: timestamp('refresh_until', { withTimezone: true }).notNull(),
    closedAt: instant('closed_at'),
    closeReason: text('close_reason'),
  },
  (t) => [
    index('sessions_player_created_idx').on(t.playerId, t.createdAt),
    index('sessions_fingerprint_idx').on(t.fingerprint),
  ],
);

/** Audit trail of everything that touches an account's access. Never updated. */
export const authEvents = player.table(
  'auth_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    type: text('type').notNull(),
    /** success, failure, refused, limited. */
    outcome: text('outcome').notNull(),
    playerId: uuid('player_id'),
    sessionId: uuid('session_id'),
    /** The e-mail or phone a guest call named (lower-case / digits); keys the per-identity throttles. */
    identity: text('identity'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_events_identity_idx').on(t.identity, t.type, t.createdAt),
    index('auth_events_player_idx').on(t.playerId, t.createdAt),
  ],
);

/** Codes of e-mail confirmation links. Only the SHA-256 of a code is kept. */
export const emailConfirmations = player.table(
  'email_confirmations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_confirmations_code_hash_key').on(t.codeHash)],
);

/** Password-reset codes, from an e-mail link or a verified SMS code. Only the SHA-256 is kept. */
export const passwordResets = player.table(
  'password_resets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** 'email' or 'sms'. */
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_code_hash_key').on(t.codeHash)],
);

/** SMS one-time codes. A code dies after 5 wrong attempts, on use, or at `expires_at` (≤ 10 min). */
export const otpCodes = player.table(
  'otp_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    phone: text('phone').notNull(),
    reason: text('reason').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: instant('verified_at'),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_phone_idx').on(t.phone, t.createdAt)],
);

/** Single-use, short-lived tokens that open a session without a password (game and affiliate flows). */
export const autologinTokens = player.table(
  'autologin_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('autologin_tokens_token_hash_key').on(t.tokenHash)],
);

/** The operator's form fields per scenario (api-contract §2.1). Rows change without a code change. */
export const fieldSettings = player.table(
  'field_settings',
  {
    id: serial('id').primaryKey(),
    scenario: text('scenario').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    isRequired: boolean('is_required').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    editable: boolean('editable').notNull().default(true),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('field_settings_scenario_name_key').on(t.scenario, t.name)],
);
