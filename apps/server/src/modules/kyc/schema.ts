import { sql } from 'drizzle-orm';
import { index, integer, pgSchema, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.ts';

/** The kyc module's own PostgreSQL schema: uploaded documents and identity-verification applicants. */
export const kyc = pgSchema('kyc');

/**
 * A document a player uploaded. The bytes live in file storage under `storage_key` (random, never
 * derived from the upload); `file_name` is only the sanitized name shown back to the player.
 */
export const documents = kyc.table(
  'documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** player.players.id; no foreign key across module schemas (docs/decisions/0002). */
    playerId: uuid('player_id').notNull(),
    /** DocumentType: identity_front, identity_back, identity_selfie_id, address, payment, payment_back, other. */
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Detected from the content (image/jpeg, image/png, application/pdf), never taken from the client. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** DocumentStatus: 1 approved, 2 pending, 3 rejected. */
    status: integer('status').notNull().default(2),
    rejectReason: text('reject_reason'),
    createdAt: instant('created_at').notNull().defaultNow(),
    reviewedAt: instant('reviewed_at'),
    /** staff.accounts.id of the person who decided it; null while pending or when the provider's approval did. */
    reviewedBy: uuid('reviewed_by'),
    /** The DocumentType staff asked for instead of this one (decision 0113); the reason says why. */
    requestedType: text('requested_type'),
  },
  (t) => [
    index('documents_player_created_idx').on(t.playerId, t.createdAt),
    uniqueIndex('documents_storage_key_key').on(t.storageKey),
    // The review queue: by status, oldest first.
    index('documents_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A player's identity verification at the provider (Sumsub, or the built-in sandbox): one row per
 * player. status: init, pending, approved, rejected.
 */
export const applicants = kyc.table(
  'applicants',
  {
    playerId: uuid('player_id').primaryKey(),
    /** 'sumsub' or 'sandbox'. */
    provider: text('provider').notNull(),
    status: text('status').notNull().default('init'),
    rejectReason: text('reject_reason'),
    /** Sandbox only: SHA-256 of the latest token handed out (the sandbox page is opened with it). */
    sandboxTokenHash: text('sandbox_token_hash'),
    /** Sandbox only: when the pending verification is decided. */
    decideAt: instant('decide_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    reviewedAt: instant('reviewed_at'),
    /** staff.accounts.id of the person who decided or confirmed the status; null when the provider did alone. */
    reviewedBy: uuid('reviewed_by'),
    /**
     * The provider's decision ('approved' or 'rejected') held for a person while `status` stays 'pending' (the
     * setting confirmProviderResults, decision 0113); cleared when a person decides.
     */
    providerResult: text('provider_result'),
    providerRejectReason: text('provider_reject_reason'),
    providerDecidedAt: instant('provider_decided_at'),
  },
  (t) => [uniqueIndex('applicants_sandbox_token_hash_key').on(t.sandboxTokenHash)],
);
