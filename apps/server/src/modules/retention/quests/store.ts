import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
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

/** Quest definitions as they are now, with their current tasks (not the retired ones), by quest id. */
export async function definitionsOf(db: Db, questIds: string[]): Promise<Map<string, Definition>> {
  const out = new Map<string, Definition>();
  if (questIds.length === 0) return out;
  const ids = [...new Set(questIds)];
  const [rows, tasks] = await Promise.all([
    db.select().from(quests).where(inArray(quests.id, ids)),
    db
      .select()
      .from(questTasks)
      .where(and(inArray(questTasks.questId, ids), isNull(questTasks.retiredAt)))
      .orderBy(asc(questTasks.executionOrder), asc(questTasks.id)),
  ]);
  for (const quest of rows) out.set(quest.id, { quest, tasks: [] });
  for (const task of tasks) out.get(task.questId)?.tasks.push(task);
  return out;
}

/**
 * The definition each run plays by, by run id: its quest with the terms it was started with (tasks, their
 * order and the rewards), so an operator's edit never changes a quest in flight. Name and description are the
 * quest's current ones. A run without terms (older than the editor) plays by the quest as it is.
 */
export async function runDefinitionsOf(db: Db, runs: PlayerQuestRow[]): Promise<Map<string, Definition>> {
  const out = new Map<string, Definition>();
  if (runs.length === 0) return out;
  const live = await definitionsOf(
    db,
    runs.map((r) => r.questId),
  );
  const taskIds = [...new Set(runs.flatMap((r) => r.terms?.taskIds ?? []))];
  const tasks =
    taskIds.length === 0
      ? []
      : await db
          .select()
          .from(questTasks)
          .where(inArray(questTasks.id, taskIds))
          .orderBy(asc(questTasks.executionOrder), asc(questTasks.id));
  for (const run of runs) {
    const current = live.get(run.questId)!;
    const terms = run.terms;
    if (!terms) {
      out.set(run.id, current);
      continue;
    }
    const own = new Set(terms.taskIds);
    out.set(run.id, {
      quest: { ...current.quest, taskExecutionOrder: terms.taskExecutionOrder, rewards: terms.rewards },
      tasks: tasks.filter((t) => own.has(t.id)),
    });
  }
  return out;
}

/** One run's definition (see runDefinitionsOf). */
export async function runDefinitionOf(db: Db, run: PlayerQuestRow): Promise<Definition> {
  return (await runDefinitionsOf(db, [run])).get(run.id)!;
}

/** The terms a new run keeps (see runDefinitionsOf). */
export const termsOf = (d: Definition) => ({
  taskExecutionOrder: d.quest.taskExecutionOrder,
  rewards: d.quest.rewards,
  taskIds: d.tasks.map((t) => t.id),
});

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
