import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, minor } from '../../../db/columns.ts';
import { wallet } from '../schema.ts';

// Seamless-wallet tables (docs/decisions/0014), in the wallet module's schema. Money itself lives only in
// the ledger (wallet.transactions / wallet.entries); these rows say which provider request caused what.

/** A game provider calling the seamless API. Synced at start from SEAMLESS_PROVIDERS and the studio. */
export const seamlessProviders = wallet.table('seamless_providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** HMAC-SHA256 key of request signatures. */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Game ids the provider may launch; empty: any. */
  games: text('games').array().notNull().default(sql`'{}'::text[]`),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** A game launch: the token the provider presents (stored as its SHA-256), bound to one player account. */
export const seamlessSessions = wallet.table(
  'seamless_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: uuid('player_id').notNull(),
    accountId: uuid('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    gameId: text('game_id').notNull(),
    currency: text('currency').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('seamless_sessions_player_idx').on(t.playerId)],
);

/**
 * One provider request that was answered OK, keyed by (provider, provider transaction id): its stored
 * answer is what every replay gets. `rolled_back_at` marks a bet a rollback cancelled.
 */
export const seamlessTransactions = wallet.table(
  'seamless_transactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    providerId: text('provider_id').notNull(),
    providerTxId: text('provider_tx_id').notNull(),
    /**
     * 'bet', 'win', 'rollback', or 'tombstone': a rollback came before its bet, and this row holds the bet's
     * id so no player can use it (decision 0021).
     */
    kind: text('kind').notNull(),
    roundId: text('round_id').notNull(),
    playerId: uuid('player_id').notNull(),
    accountId: uuid('account_id').notNull(),
    currency: text('currency').notNull(),
    amount: minor('amount').notNull(),
    /** Win: the bet it pays (when named); rollback: the bet it cancels. Provider transaction ids. */
    refTxId: text('ref_tx_id'),
    /** wallet.transactions.id of the movement; null when nothing moved (zero amount, pending, cancelled). */
    ledgerTransactionId: uuid('ledger_transaction_id'),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').notNull(),
    rolledBackAt: instant('rolled_back_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('seamless_transactions_kind_check', sql`${t.kind} in ('bet', 'win', 'rollback', 'tombstone')`),
    uniqueIndex('seamless_transactions_provider_tx_key').on(t.providerId, t.providerTxId),
    index('seamless_transactions_round_idx').on(t.providerId, t.roundId),
    // The game context of a range of ledger movements (reconciliation, decision 0121): see transactions_created_brin.
    index('seamless_transactions_created_brin').using('brin', t.createdAt),
  ],
);

/** One game round as the game history shows it. */
export const seamlessRounds = wallet.table(
  'seamless_rounds',
  {
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    playerId: uuid('player_id').notNull(),
    gameId: text('game_id').notNull(),
    currency: text('currency').notNull(),
    betTotal: minor('bet_total').notNull().default(sql`0`),
    winTotal: minor('win_total').notNull().default(sql`0`),
    /** 'open', 'settled' or 'rolled_back'. */
    status: text('status').notNull().default('open'),
    createdAt: instant('created_at').notNull().defaultNow(),
    settledAt: instant('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.roundId] }),
    check('seamless_rounds_status_check', sql`${t.status} in ('open', 'settled', 'rolled_back')`),
    // One player's history, newest first (listRounds). The migration adds INCLUDE (status), which Drizzle
    // cannot declare, so the status filter and the capped count are answered from the index alone.
    index('seamless_rounds_player_history_idx').on(t.playerId, t.createdAt.desc(), t.roundId.desc()),
    // The latest settled rounds across players (the latest-bets activity board, decision 0051).
    index('seamless_rounds_settled_idx').on(t.settledAt.desc(), t.roundId.desc()).where(sql`${t.status} = 'settled'`),
    // The latest winning rounds across players (latestWins).
    index('seamless_rounds_wins_idx')
      .on(t.settledAt.desc(), t.roundId.desc())
      .where(sql`${t.status} = 'settled' and ${t.winTotal} > ${t.betTotal}`),
  ],
);
