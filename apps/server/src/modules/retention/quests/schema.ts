import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant, minor } from '../../../db/columns.ts';
import { retention } from '../schema.ts';

// Quests' tables (decision 0061). Definitions (quests, tasks) are operator data; player quests and their
// task progress are written by activation, the retention consumer, claims and the deadline job.

/** Currency code → minor units (decimal strings, exact). */
export type QuestAmounts = Record<string, string>;

/** A reward as the operator defines it: money per currency, or a bonus definition (types 2 and 3). */
export interface RewardDefinition {
  type: number;
  amounts: QuestAmounts;
  /** Money rewards: true pays into the bonus part, false into the real part. */
  lockBalance?: boolean;
  bonusId?: string;
}

/**
 * What a player's run keeps from its quest as it was at activation (editor, decision in
 * /tmp/helpers/decision-retention.md): an operator's later edit never changes a quest in flight. Task rows
 * are never changed in place (an edit retires them and adds new ones), so their ids are enough.
 */
export interface QuestTerms {
  taskExecutionOrder: number;
  rewards: RewardDefinition[];
  taskIds: string[];
}

export const quests = retention.table('quests', {
  id: uuid('id').primaryKey().defaultRandom(),
  identity: text('identity').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  order: integer('order').notNull().default(0),
  taskExecutionOrder: smallint('task_execution_order').notNull().default(1),
  packageOrder: integer('package_order'),
  enabled: boolean('enabled').notNull().default(true),
  /** Offered until (null: no end). A player's quest also ends here at the latest. */
  availableTo: instant('available_to'),
  /** A player's quest ends this many minutes after activation (null: at `availableTo` only). */
  durationMinutes: integer('duration_minutes'),
  rewards: jsonb('rewards').$type<RewardDefinition[]>().notNull().default([]),
  createdAt: instant('created_at').notNull().defaultNow(),
  /** Archived by staff: never offered again (runs in flight go on); `enabled` false pauses it. */
  archivedAt: instant('archived_at'),
});

export const questTasks = retention.table(
  'quest_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: smallint('type').notNull(),
    quantity: integer('quantity').notNull(),
    executionOrder: integer('execution_order').notNull().default(1),
    /** api-contract §11.2's conditions of the type, amounts in major units as the contract shows them. */
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull(),
    /** Replaced by an edit: no longer part of the quest, kept for the runs that counted on it. */
    retiredAt: instant('retired_at'),
  },
  (t) => [index('quest_tasks_quest').on(t.questId)],
);

export const playerQuests = retention.table(
  'player_quests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id),
    /** The account currency at activation: rewards are paid in it. */
    currency: text('currency').notNull(),
    state: smallint('state').notNull().default(2),
    endAt: instant('end_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at'),
    completedAt: instant('completed_at'),
    claimedAt: instant('claimed_at'),
    /** The quest's terms at activation (null only for runs older than the editor: the live quest then). */
    terms: jsonb('terms').$type<QuestTerms>(),
  },
  (t) => [
    // One live or finished run per player and quest: a second activation cannot race the first.
    uniqueIndex('player_quests_one_live').on(t.playerId, t.questId).where(sql`${t.state} in (2, 3, 4)`),
    index('player_quests_player_state').on(t.playerId, t.state),
  ],
);

export const playerQuestTasks = retention.table(
  'player_quest_tasks',
  {
    playerQuestId: uuid('player_quest_id')
      .notNull()
      .references(() => playerQuests.id),
    taskId: uuid('task_id')
      .notNull()
      .references(() => questTasks.id),
    progress: integer('progress').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at'),
    completedAt: instant('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.playerQuestId, t.taskId] })],
);

/** Stakes of rounds played during a quest with a win-multiplier task (a win event carries no stake). */
export const questRoundStakes = retention.table(
  'quest_round_stakes',
  {
    playerId: uuid('player_id').notNull(),
    roundId: text('round_id').notNull(),
    stake: minor('stake').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.roundId] })],
);

/**
 * The tasks each bet moved while its round can still be rolled back (decision 0093): a rollback takes back
 * exactly its bet's steps; a run with any row left cannot be claimed yet (its reward would rest on a bet the
 * provider may still cancel). Rows go when the round is decided (a win that pays or closes it).
 */
export const questBets = retention.table(
  'quest_bets',
  {
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    /** The bet's provider transaction id. */
    transactionId: text('transaction_id').notNull(),
    playerQuestId: uuid('player_quest_id')
      .notNull()
      .references(() => playerQuests.id),
    taskId: uuid('task_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.roundId, t.transactionId, t.playerQuestId, t.taskId] }),
    index('quest_bets_run').on(t.playerQuestId),
  ],
);
