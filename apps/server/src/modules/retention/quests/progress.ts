import { QuestState, QuestTaskType } from '@croupier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifyCommitted } from '../../../outbox/index.ts';
import { filledProfileFields } from '../../player/index.ts';
import type { Delivered, RetentionEvent, RetentionHandler, RollbackEvent } from '../events.ts';
import { recordSteps, takeSteps } from './bets.ts';
import { betCounts, depositCounts, needsStake, profileProgress, winCounts } from './conditions.ts';
import { publishQuest, publishTask } from './events.ts';
import { activeTaskIds, playerQuest, progressMap, taskEvent } from './present.ts';
import { playerQuests, playerQuestTasks, questRoundStakes } from './schema.ts';
import {
  type Definition,
  type PlayerQuestRow,
  progressOf,
  runDefinitionOf,
  runDefinitionsOf,
  type TaskRow,
} from './store.ts';

// Quests' retention handler (decision 0061): bets, wins, deposits and profile saves move the tasks of the
// player's active quests that started before the event. A rollback takes back exactly the steps its bet gave
// (decision 0093): progress goes down, and a completed quest that falls below its target is active again.

/** The new progress of a task for this event, or null when the event does not count for it. */
type Step = (task: TaskRow, progress: number) => number | null;

async function stepFor(tx: Db, event: RetentionEvent, runs: Run[]): Promise<Step | null> {
  switch (event.kind) {
    case 'game.bet': {
      const play = { gameId: event.gameId, currency: event.currency, amount: BigInt(event.amount) };
      if (runs.some((r) => r.definition.tasks.some((t) => needsStake(t.type, t.conditions)))) {
        await tx
          .insert(questRoundStakes)
          .values({ playerId: event.playerId, roundId: event.roundId, stake: play.amount })
          .onConflictDoUpdate({
            target: [questRoundStakes.playerId, questRoundStakes.roundId],
            set: { stake: sql`${questRoundStakes.stake} + excluded.stake` },
          });
      }
      return (t, p) => (t.type === QuestTaskType.bet && betCounts(t.conditions as never, play) ? p + 1 : null);
    }
    case 'game.win': {
      const play = { gameId: event.gameId, currency: event.currency, amount: BigInt(event.amount) };
      const [stake] = await tx
        .select({ stake: questRoundStakes.stake })
        .from(questRoundStakes)
        .where(and(eq(questRoundStakes.playerId, event.playerId), eq(questRoundStakes.roundId, event.roundId)));
      return (t, p) =>
        t.type === QuestTaskType.win && winCounts(t.conditions as never, play, stake?.stake ?? null) ? p + 1 : null;
    }
    case 'deposit.succeeded': {
      const deposit = { currency: event.currency, amount: BigInt(event.amount) };
      return (t, p) =>
        t.type === QuestTaskType.deposit && depositCounts(t.conditions as never, deposit) ? p + 1 : null;
    }
    case 'profile.completed': {
      const filled = await filledProfileFields(tx, event.playerId);
      return (t) => (t.type === QuestTaskType.profile ? profileProgress(t.conditions as never, filled) : null);
    }
    default:
      return null;
  }
}

interface Run {
  row: PlayerQuestRow;
  definition: Definition;
  progress: Map<string, number>;
}

/** The player's active runs that were started before `at` and not past their end, locked. */
async function activeRuns(tx: Db, playerId: string, at: Date): Promise<Run[]> {
  const rows = (
    await tx
      .select()
      .from(playerQuests)
      .where(and(eq(playerQuests.playerId, playerId), eq(playerQuests.state, QuestState.active)))
      .for('update')
  ).filter((r) => r.createdAt <= at && (!r.endAt || r.endAt > at));
  if (rows.length === 0) return [];
  const [definitions, progress] = await Promise.all([
    runDefinitionsOf(tx, rows),
    progressOf(
      tx,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => ({
    row,
    definition: definitions.get(row.id)!,
    progress: progressMap(progress.get(row.id)),
  }));
}

/** Applies the step to one run: one sequential task at most, every matching task in any order. */
async function advance(tx: Db, run: Run, step: Step, at: Date): Promise<string[]> {
  const { row, definition, progress } = run;
  const active = activeTaskIds(definition, progress);
  const moved: string[] = [];
  for (const task of definition.tasks) {
    const before = progress.get(task.id) ?? 0;
    if (!active.has(task.id) || before >= task.quantity) continue;
    const next = step(task, before);
    if (next === null || Math.min(next, task.quantity) === before) continue;
    const value = Math.min(next, task.quantity);
    progress.set(task.id, value);
    moved.push(task.id);
    await tx
      .update(playerQuestTasks)
      .set({ progress: value, updatedAt: at, ...(value >= task.quantity ? { completedAt: at } : {}) })
      .where(and(eq(playerQuestTasks.playerQuestId, row.id), eq(playerQuestTasks.taskId, task.id)));
    await publishTask(tx, taskEvent(definition, row, task, progress, at));
    if (definition.quest.taskExecutionOrder === 2) break;
  }
  if (!definition.tasks.every((t) => (progress.get(t.id) ?? 0) >= t.quantity)) return moved;
  const [done] = await tx
    .update(playerQuests)
    .set({ state: QuestState.completed, completedAt: at, updatedAt: at })
    .where(eq(playerQuests.id, row.id))
    .returning();
  await publishQuest(tx, playerQuest(definition, done!, progress));
  return moved;
}

/**
 * A cancelled bet (decision 0093): each step it gave is taken back from its run while the run is active or
 * completed and unclaimed (a claim waits until no counted bet can be rolled back, so a claimed run has none
 * left; an expired or cancelled run has nothing to lose). A completed run below its target is active again,
 * or expired when its end has passed (its deadline job found it completed and left it). The round's stake
 * for win multipliers loses the refunded amount.
 */
async function onRollback(tx: Db, e: RollbackEvent, at: Date): Promise<void> {
  const refunded = BigInt(e.amount);
  if (refunded > 0n) {
    await tx
      .update(questRoundStakes)
      .set({ stake: sql`greatest(${questRoundStakes.stake} - ${refunded}, 0)` })
      .where(and(eq(questRoundStakes.playerId, e.playerId), eq(questRoundStakes.roundId, e.roundId)));
  }
  const steps = await takeSteps(tx, e);
  const byRun = new Map<string, string[]>();
  for (const s of steps) byRun.set(s.playerQuestId, [...(byRun.get(s.playerQuestId) ?? []), s.taskId]);
  for (const [runId, taskIds] of byRun) await stepBack(tx, runId, taskIds, at);
}

async function stepBack(tx: Db, runId: string, taskIds: string[], at: Date): Promise<void> {
  const [row] = await tx.select().from(playerQuests).where(eq(playerQuests.id, runId)).for('update');
  if (!row || (row.state !== QuestState.active && row.state !== QuestState.completed)) return;
  const definition = await runDefinitionOf(tx, row);
  const progress = progressMap((await progressOf(tx, [row.id])).get(row.id));
  for (const task of definition.tasks) {
    const back = taskIds.filter((id) => id === task.id).length;
    if (back === 0) continue;
    const value = Math.max((progress.get(task.id) ?? 0) - back, 0);
    progress.set(task.id, value);
    await tx
      .update(playerQuestTasks)
      .set({ progress: value, updatedAt: at, ...(value < task.quantity ? { completedAt: null } : {}) })
      .where(and(eq(playerQuestTasks.playerQuestId, row.id), eq(playerQuestTasks.taskId, task.id)));
    await publishTask(tx, taskEvent(definition, row, task, progress, at));
  }
  if (row.state !== QuestState.completed) return;
  if (definition.tasks.every((t) => (progress.get(t.id) ?? 0) >= t.quantity)) return;
  const state = row.endAt && row.endAt <= at ? QuestState.expired : QuestState.active;
  const [reopened] = await tx
    .update(playerQuests)
    .set({ state, completedAt: null, updatedAt: at })
    .where(eq(playerQuests.id, row.id))
    .returning();
  await publishQuest(tx, playerQuest(definition, reopened!, progress));
}

export function questHandler(now: () => Date): RetentionHandler {
  return {
    name: 'quests',
    async handle(tx: Db, { event }: Delivered) {
      if (event.kind === 'game.rollback') return onRollback(tx, event, now());
      const runs = await activeRuns(tx, event.playerId, new Date(event.at));
      if (runs.length === 0) return;
      const step = await stepFor(tx, event, runs);
      if (!step) return;
      const steps: { playerQuestId: string; taskId: string }[] = [];
      for (const run of runs) {
        for (const taskId of await advance(tx, run, step, now())) steps.push({ playerQuestId: run.row.id, taskId });
      }
      // A bet's steps are kept until its round is decided, so its rollback can take them back.
      if (event.kind === 'game.bet') await recordSteps(tx, event, steps);
    },
    // The publications written above wait in the outbox: wake its dispatcher.
    afterCommit: async () => notifyCommitted(),
  };
}
