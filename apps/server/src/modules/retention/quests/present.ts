import {
  type Quest,
  type QuestReward,
  QuestRewardType,
  QuestState,
  type QuestTask,
  type QuestTaskEvent,
  QuestTaskExecutionOrder,
} from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { Definition, PlayerQuestRow, ProgressRow, TaskRow } from './store.ts';

// Quests as api-contract §11.2 shows them: a definition the player may start (state 1, its id the quest's),
// or a player's quest (its id the player quest's, its progress its own).

/** Tasks that can make progress now: all in any order; one after another, up to the first unfinished one. */
export function activeTaskIds(definition: Definition, progress: Map<string, number>): Set<string> {
  const { quest, tasks } = definition;
  if (quest.taskExecutionOrder !== QuestTaskExecutionOrder.sequential) return new Set(tasks.map((t) => t.id));
  const current = tasks.find((t) => (progress.get(t.id) ?? 0) < t.quantity);
  const limit = current?.executionOrder ?? Number.POSITIVE_INFINITY;
  return new Set(tasks.filter((t) => t.executionOrder <= limit).map((t) => t.id));
}

export function rewardsIn(definition: Definition, currency: string): QuestReward[] {
  const out: QuestReward[] = [];
  for (const r of definition.quest.rewards) {
    const minor = r.amounts[currency];
    if (r.type === QuestRewardType.money && minor === undefined) continue;
    out.push({
      type: r.type,
      amount: minor === undefined ? 0 : toMajor(BigInt(minor), currency),
      attributes: {
        isoCode: currency,
        lockBalance: r.type === QuestRewardType.money && r.lockBalance === true,
        ...(r.bonusId ? { bonusId: r.bonusId } : {}),
      },
    });
  }
  return out;
}

function tasksOf(definition: Definition, progress: Map<string, number>): QuestTask[] {
  const active = activeTaskIds(definition, progress);
  return definition.tasks.map((t) => {
    const done = Math.min(progress.get(t.id) ?? 0, t.quantity);
    return {
      id: t.id,
      name: t.name,
      description: t.description,
      type: t.type,
      isActive: active.has(t.id),
      isCompleted: done >= t.quantity,
      progress: done,
      quantity: t.quantity,
      executionOrder: t.executionOrder,
      conditions: t.conditions,
    };
  });
}

const base = (d: Definition) => ({
  name: d.quest.name,
  identity: d.quest.identity,
  description: d.quest.description,
  order: d.quest.order,
  taskExecutionOrder: d.quest.taskExecutionOrder,
  packageOrder: d.quest.packageOrder,
});

/** A quest the player may start. */
export function availableQuest(d: Definition, playerId: string, currency: string): Quest {
  return {
    id: d.quest.id,
    playerId,
    ...base(d),
    state: QuestState.available,
    tasks: tasksOf(d, new Map()),
    endAt: d.quest.availableTo?.toISOString() ?? null,
    rewards: rewardsIn(d, currency),
  };
}

export const progressMap = (rows: Map<string, ProgressRow> | undefined) =>
  new Map([...(rows?.values() ?? [])].map((r) => [r.taskId, r.progress]));

/** A player's quest with its progress. */
export function playerQuest(d: Definition, row: PlayerQuestRow, progress: Map<string, number>): Quest {
  return {
    id: row.id,
    playerId: row.playerId,
    ...base(d),
    state: row.state,
    tasks: tasksOf(d, progress),
    endAt: row.endAt?.toISOString() ?? null,
    rewards: rewardsIn(d, row.currency),
  };
}

/** What `quest.task.updated` carries. */
export function taskEvent(
  d: Definition,
  row: PlayerQuestRow,
  task: TaskRow,
  progress: Map<string, number>,
  at: Date,
): QuestTaskEvent {
  const done = Math.min(progress.get(task.id) ?? 0, task.quantity);
  return {
    id: task.id,
    questId: row.id,
    playerId: row.playerId,
    name: task.name,
    type: task.type,
    isActive: activeTaskIds(d, progress).has(task.id),
    isCompleted: done >= task.quantity,
    progress: done,
    quantity: task.quantity,
    createdAt: row.createdAt.toISOString(),
    updatedAt: at.toISOString(),
  };
}
