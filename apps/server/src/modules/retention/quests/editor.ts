import {
  type Quest,
  type QuestEditorView,
  type QuestInput,
  QuestRewardType,
  type RetentionListQuery,
  type RetentionStatus,
} from '@croupier/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { containing } from '../../../db/like.ts';
import {
  assertBonusField,
  canonical,
  fieldError,
  isUniqueViolation,
  majorAmounts,
  minorAmounts,
  notFound,
  notNow,
  pageOf,
} from '../editor-kit.ts';
import { availableQuest } from './present.ts';
import { playerQuests, quests, questTasks, type RewardDefinition } from './schema.ts';
import { type Definition, definitionsOf, type QuestRow, type TaskRow } from './store.ts';

// The quest editor's service (issue 27): the one way a quest is created or changed, used by the back office's
// routes (audited, through the config bus) and by the demo seed. Tasks are never changed in place: an edit of
// the tasks retires the old rows and adds new ones, and every run keeps the terms it started with
// (store.ts runDefinitionsOf), so a quest in flight plays on as it began.

const statusOf = (q: QuestRow): RetentionStatus => (q.archivedAt ? 'archived' : q.enabled ? 'active' : 'paused');

async function rewardsOf(tx: Db, input: QuestInput): Promise<RewardDefinition[]> {
  const out: RewardDefinition[] = [];
  for (const [i, r] of input.rewards.entries()) {
    if (r.bonusId) await assertBonusField(tx, r.bonusId, `rewards.${i}.bonusId`);
    out.push({
      type: r.type,
      amounts: minorAmounts(r.amounts, `rewards.${i}.amounts`),
      ...(r.type === QuestRewardType.money ? { lockBalance: r.lockBalance } : {}),
      ...(r.bonusId ? { bonusId: r.bonusId } : {}),
    });
  }
  return out;
}

const questColumns = (input: QuestInput, rewards: RewardDefinition[]) => ({
  identity: input.identity,
  name: input.name,
  description: input.description,
  order: input.order,
  taskExecutionOrder: input.taskExecutionOrder,
  availableTo: input.availableTo ? new Date(input.availableTo) : null,
  durationMinutes: input.durationMinutes,
  rewards,
});

const taskRows = (questId: string, input: QuestInput) =>
  input.tasks.map((t, i) => ({
    questId,
    name: t.name,
    description: t.description,
    type: t.type,
    quantity: t.quantity,
    executionOrder: i + 1,
    conditions: t.conditions,
  }));

/** What the editor compares to tell whether the tasks changed. */
const taskKey = (t: Pick<TaskRow, 'name' | 'description' | 'type' | 'quantity' | 'conditions'>) =>
  canonical([t.name, t.description, t.type, t.quantity, t.conditions]);

async function identityFree(tx: Db, identity: string, except?: string): Promise<void> {
  const [taken] = await tx.select({ id: quests.id }).from(quests).where(eq(quests.identity, identity));
  if (taken && taken.id !== except) throw fieldError('identity', 'Another quest has this identity.');
}

/** Creates a quest with its tasks; answers its id. */
export async function createQuest(tx: Db, input: QuestInput): Promise<string> {
  await identityFree(tx, input.identity);
  const rewards = await rewardsOf(tx, input);
  try {
    const [row] = await tx.insert(quests).values(questColumns(input, rewards)).returning({ id: quests.id });
    await tx.insert(questTasks).values(taskRows(row!.id, input));
    return row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('identity', 'Another quest has this identity.');
    throw error;
  }
}

async function lockQuest(tx: Db, id: string): Promise<QuestRow> {
  const [row] = await tx.select().from(quests).where(eq(quests.id, id)).for('update');
  if (!row) throw notFound('quest');
  return row;
}

/** Replaces a quest's definition. Runs in flight keep theirs (their terms); new runs take the new one. */
export async function updateQuest(tx: Db, id: string, input: QuestInput, now: Date): Promise<void> {
  const row = await lockQuest(tx, id);
  if (row.archivedAt) throw notNow('An archived quest cannot be changed.');
  await identityFree(tx, input.identity, id);
  const rewards = await rewardsOf(tx, input);
  await tx.update(quests).set(questColumns(input, rewards)).where(eq(quests.id, id));
  const current = (await definitionsOf(tx, [id])).get(id)!.tasks;
  const next = taskRows(id, input);
  if (current.map(taskKey).join('\n') === next.map(taskKey).join('\n')) return;
  await tx
    .update(questTasks)
    .set({ retiredAt: now })
    .where(and(eq(questTasks.questId, id), isNull(questTasks.retiredAt)));
  await tx.insert(questTasks).values(next);
}

/** Pause (players no longer see it, runs go on), resume, or archive (for good). */
export async function setQuestStatus(tx: Db, id: string, verb: 'pause' | 'resume' | 'archive', now: Date) {
  const row = await lockQuest(tx, id);
  if (row.archivedAt) throw notNow('This quest is archived.');
  if (verb === 'archive') {
    await tx.update(quests).set({ enabled: false, archivedAt: now }).where(eq(quests.id, id));
    return;
  }
  const enabled = verb === 'resume';
  if (row.enabled === enabled) throw notNow(enabled ? 'This quest is not paused.' : 'This quest is paused already.');
  await tx.update(quests).set({ enabled }).where(eq(quests.id, id));
}

function inputOf(d: Definition): QuestInput {
  const { quest, tasks } = d;
  return {
    identity: quest.identity,
    name: quest.name,
    description: quest.description,
    order: quest.order,
    taskExecutionOrder: quest.taskExecutionOrder as QuestInput['taskExecutionOrder'],
    availableTo: quest.availableTo?.toISOString() ?? null,
    durationMinutes: quest.durationMinutes,
    rewards: quest.rewards.map((r) => ({
      type: r.type as QuestInput['rewards'][number]['type'],
      amounts: majorAmounts(r.amounts),
      lockBalance: r.lockBalance === true,
      bonusId: r.bonusId ?? null,
    })),
    tasks: tasks.map((t) => ({
      name: t.name,
      description: t.description,
      type: t.type as QuestInput['tasks'][number]['type'],
      quantity: t.quantity,
      conditions: t.conditions,
    })),
  };
}

async function runsInFlight(db: Db, questIds: string[]): Promise<Map<string, number>> {
  if (questIds.length === 0) return new Map();
  const rows = await db
    .select({ questId: playerQuests.questId, n: count() })
    .from(playerQuests)
    .where(and(inArray(playerQuests.questId, questIds), inArray(playerQuests.state, [2, 3])))
    .groupBy(playerQuests.questId);
  return new Map(rows.map((r) => [r.questId, r.n]));
}

async function viewsOf(db: Db, rows: QuestRow[]): Promise<QuestEditorView[]> {
  const ids = rows.map((r) => r.id);
  const [definitions, runs] = await Promise.all([definitionsOf(db, ids), runsInFlight(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    ...inputOf(definitions.get(row.id)!),
    status: statusOf(row),
    runsInFlight: runs.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One quest as the editor shows it (null: none). */
export async function questView(db: Db, id: string): Promise<QuestEditorView | null> {
  const [row] = await db.select().from(quests).where(eq(quests.id, id));
  return row ? (await viewsOf(db, [row]))[0]! : null;
}

const statusFilter = (status: RetentionStatus): SQL | undefined => {
  if (status === 'archived') return isNotNull(quests.archivedAt);
  return and(isNull(quests.archivedAt), eq(quests.enabled, status === 'active'));
};

export async function questsPage(db: Db, q: RetentionListQuery): Promise<{ rows: QuestEditorView[]; total: number }> {
  const where = and(
    q.status ? statusFilter(q.status) : undefined,
    q.q ? or(ilike(quests.name, containing(q.q)), ilike(quests.identity, containing(q.q))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quests)
      .where(where)
      .orderBy(desc(quests.createdAt), asc(quests.id))
      .limit(pageOf(q).limit)
      .offset(pageOf(q).offset),
    db.select({ n: count() }).from(quests).where(where),
  ]);
  return { rows: await viewsOf(db, rows), total: total?.n ?? 0 };
}

/** The quest as a player would find it on the quests hub (present.ts's own shape), nothing stored. */
export async function previewQuest(db: Db, input: QuestInput, currency: string, now: Date): Promise<Quest> {
  const rewards = await rewardsOf(db, input);
  const quest: QuestRow = {
    id: 'preview',
    ...questColumns(input, rewards),
    packageOrder: null,
    enabled: true,
    createdAt: now,
    archivedAt: null,
  };
  const tasks: TaskRow[] = taskRows(quest.id, input).map((t, i) => ({ ...t, id: `preview-${i + 1}`, retiredAt: null }));
  return availableQuest({ quest, tasks }, 'preview', currency);
}
