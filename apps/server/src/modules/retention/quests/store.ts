import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { playerQuests, playerQuestTasks, quests, questTasks } from './schema.ts';

// Reads and locks of quests' rows, shared by the commands, the lists and the consumer.

export type QuestRow = typeof quests.$inferSelect;
export type TaskRow = typeof questTasks.$inferSelect;
export type PlayerQuestRow = typeof playerQuests.$inferSelect;
export type ProgressRow = typeof playerQuestTasks.$inferSelect;

export interface Definition {
  quest: QuestRow;
  /** By execution order. */
  tasks: TaskRow[];
}

/** Quest definitions with their tasks, by quest id. */
export async function definitionsOf(db: Db, questIds: string[]): Promise<Map<string, Definition>> {
  const out = new Map<string, Definition>();
  if (questIds.length === 0) return out;
  const ids = [...new Set(questIds)];
  const [rows, tasks] = await Promise.all([
    db.select().from(quests).where(inArray(quests.id, ids)),
    db
      .select()
      .from(questTasks)
      .where(inArray(questTasks.questId, ids))
      .orderBy(asc(questTasks.executionOrder), asc(questTasks.id)),
  ]);
  for (const quest of rows) out.set(quest.id, { quest, tasks: [] });
  for (const task of tasks) out.get(task.questId)?.tasks.push(task);
  return out;
}

/** Task progress rows, by player quest id then task id. */
export async function progressOf(db: Db, playerQuestIds: string[]): Promise<Map<string, Map<string, ProgressRow>>> {
  const out = new Map<string, Map<string, ProgressRow>>();
  if (playerQuestIds.length === 0) return out;
  const rows = await db.select().from(playerQuestTasks).where(inArray(playerQuestTasks.playerQuestId, playerQuestIds));
  for (const row of rows) {
    const byTask = out.get(row.playerQuestId) ?? new Map<string, ProgressRow>();
    byTask.set(row.taskId, row);
    out.set(row.playerQuestId, byTask);
  }
  return out;
}

/** A player's quest, locked for the rest of the transaction (null when missing or another player's). */
export async function lockPlayerQuest(tx: Db, playerId: string, id: string): Promise<PlayerQuestRow | null> {
  const [row] = await tx
    .select()
    .from(playerQuests)
    .where(and(eq(playerQuests.id, id), eq(playerQuests.playerId, playerId)))
    .for('update');
  return row ?? null;
}

/** The player's live or finished run of a quest (states 2–4), locked. */
export async function lockRunOf(tx: Db, playerId: string, questId: string): Promise<PlayerQuestRow | null> {
  const [row] = await tx
    .select()
    .from(playerQuests)
    .where(
      and(
        eq(playerQuests.playerId, playerId),
        eq(playerQuests.questId, questId),
        inArray(playerQuests.state, [2, 3, 4]),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function updatePlayerQuest(tx: Db, id: string, set: Partial<PlayerQuestRow>): Promise<PlayerQuestRow> {
  const [row] = await tx.update(playerQuests).set(set).where(eq(playerQuests.id, id)).returning();
  return row!;
}
