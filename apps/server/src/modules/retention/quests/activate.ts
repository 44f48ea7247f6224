import { ApiError, ErrorCode, type Quest, QuestState, QuestTaskType } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { drizzleSql } from '../../../db/lean-sql.ts';
import { filledProfileFields } from '../../player/index.ts';
import { listAccounts, withTransaction } from '../../wallet/index.ts';
import { restsOnOpenBets } from './bets.ts';
import { profileProgress } from './conditions.ts';
import type { QuestDeps } from './deps.ts';
import { publishQuest } from './events.ts';
import { playerQuest, progressMap } from './present.ts';
import { payRewards } from './rewards.ts';
import { playerQuests, playerQuestTasks, quests } from './schema.ts';
import {
  type Definition,
  definitionsOf,
  lockPlayerQuest,
  lockRunOf,
  type PlayerQuestRow,
  progressOf,
  runDefinitionOf,
  termsOf,
  updatePlayerQuest,
} from './store.ts';

// PUT /api/retention/quests/{id}/activate (decision 0061): a definition's id starts the quest; a completed
// quest's id (the player quest's or its definition's) claims its reward, once. Anything else the player's
// own answers as it is, another player's quest reads as missing. Starting and claiming ask the exclusion
// check first (decision 0092).

const notFound = () => ApiError.of(ErrorCode.notFound, 'No such quest.');

export async function present(db: Db, d: Definition, row: PlayerQuestRow): Promise<Quest> {
  return playerQuest(d, row, progressMap((await progressOf(db, [row.id])).get(row.id)));
}

export function activateOrClaim(deps: QuestDeps, playerId: string, id: string): Promise<Quest> {
  return withTransaction(deps.db, async (tx) => {
    const own = (await lockPlayerQuest(tx, playerId, id)) ?? (await lockRunOf(tx, playerId, id));
    if (own) return claim(tx, deps, own);
    const [quest] = await tx.select().from(quests).where(eq(quests.id, id));
    if (!quest?.enabled) throw notFound();
    if (quest.availableTo && quest.availableTo <= deps.now())
      throw ApiError.of(ErrorCode.conflict, 'This quest is over.');
    return start(tx, deps, playerId, quest.id);
  });
}

/** State 3 → 4 with the rewards paid; any other state answers as it is. */
async function claim(tx: Db, deps: QuestDeps, run: PlayerQuestRow): Promise<Quest> {
  const d = await runDefinitionOf(tx, run);
  if (run.state !== QuestState.completed) return present(tx, d, run);
  // Refused (409) during an exclusion: the quest stays completed, claimable once it ends (decision 0092).
  await deps.mayGainValue(run.playerId, tx);
  // A reward rests only on bets the provider can no longer roll back (decision 0093): it waits for their rounds.
  if (await restsOnOpenBets(tx, run.id)) {
    throw ApiError.of(ErrorCode.conflict, 'The reward waits until the rounds of the bets it counted are settled.');
  }
  await payRewards(tx, deps, run, d.quest.rewards);
  const now = deps.now();
  const claimed = await updatePlayerQuest(tx, run.id, { state: QuestState.claimed, claimedAt: now, updatedAt: now });
  const quest = await present(tx, d, claimed);
  await publishQuest(tx, quest);
  return quest;
}

async function currencyOf(tx: Db, playerId: string): Promise<string> {
  const accounts = await listAccounts(tx, playerId);
  return (accounts.find((a) => a.status === 1) ?? accounts[0])?.currency ?? 'EUR';
}

/** A new run (state 2), its profile tasks counted from the profile as it is, its deadline queued. */
async function start(tx: Db, deps: QuestDeps, playerId: string, questId: string): Promise<Quest> {
  await deps.mayGainValue(playerId, tx);
  const d = (await definitionsOf(tx, [questId])).get(questId)!;
  const now = deps.now();
  const ends = [
    d.quest.availableTo?.getTime(),
    d.quest.durationMinutes ? now.getTime() + d.quest.durationMinutes * 60_000 : undefined,
  ];
  const endMs = Math.min(...ends.filter((v): v is number => v !== undefined));
  const endAt = Number.isFinite(endMs) ? new Date(endMs) : null;
  const [row] = await tx
    .insert(playerQuests)
    .values({
      playerId,
      questId,
      currency: await currencyOf(tx, playerId),
      endAt,
      createdAt: now,
      updatedAt: now,
      // The run keeps these terms whatever the operator edits later.
      terms: termsOf(d),
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent activation won: answer its run.
  if (!row) return claim(tx, deps, (await lockRunOf(tx, playerId, questId))!);
  const filled = d.tasks.some((t) => t.type === QuestTaskType.profile) ? await filledProfileFields(tx, playerId) : null;
  const progress = new Map<string, number>();
  for (const t of d.tasks) {
    const value = filled && t.type === QuestTaskType.profile ? profileProgress(t.conditions as never, filled) : 0;
    progress.set(t.id, Math.min(value, t.quantity));
  }
  if (d.tasks.length > 0) {
    await tx
      .insert(playerQuestTasks)
      .values(
        d.tasks.map((t) => ({ playerQuestId: row.id, taskId: t.id, progress: progress.get(t.id)!, createdAt: now })),
      );
  }
  const done = d.tasks.every((t) => progress.get(t.id)! >= t.quantity);
  const current = done ? await updatePlayerQuest(tx, row.id, { state: QuestState.completed, completedAt: now }) : row;
  if (endAt) await deps.send(deps.expiry, { playerQuestId: row.id }, { startAfter: endAt, in: drizzleSql(tx) });
  const quest = playerQuest(d, current, progress);
  await publishQuest(tx, quest);
  return quest;
}
