import { ApiError, ErrorCode, type Quest, QuestState } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import { withTransaction } from '../../wallet/index.ts';
import { present } from './activate.ts';
import type { ExpiryData, QuestDeps } from './deps.ts';
import { publishQuest } from './events.ts';
import { playerQuests } from './schema.ts';
import { lockPlayerQuest, runDefinitionOf, updatePlayerQuest } from './store.ts';

// The ends of a run that are not a claim: the player cancels an active quest (6), or its deadline passes (5).
// A completed quest (3) keeps its reward to claim: neither touches it (decision 0061).

/** PUT /api/retention/player-quests/{id}/cancel. */
export function cancel(deps: QuestDeps, playerId: string, id: string): Promise<Quest> {
  return withTransaction(deps.db, async (tx) => {
    const run = await lockPlayerQuest(tx, playerId, id);
    if (!run) throw ApiError.of(ErrorCode.notFound, 'No such quest.');
    const d = await runDefinitionOf(tx, run);
    if (run.state === QuestState.cancelled) return present(tx, d, run);
    if (run.state !== QuestState.active)
      throw ApiError.of(ErrorCode.conflict, 'Only an active quest can be cancelled.');
    const now = deps.now();
    const cancelled = await updatePlayerQuest(tx, run.id, { state: QuestState.cancelled, updatedAt: now });
    const quest = await present(tx, d, cancelled);
    await publishQuest(tx, quest);
    return quest;
  });
}

/** The deadline job: an active run past its end expires. True when this call expired it. */
export function expire(deps: QuestDeps, { playerQuestId }: ExpiryData): Promise<boolean> {
  return withTransaction(deps.db, async (tx) => {
    const [peek] = await tx
      .select({ playerId: playerQuests.playerId })
      .from(playerQuests)
      .where(eq(playerQuests.id, playerQuestId));
    const run = peek ? await lockPlayerQuest(tx, peek.playerId, playerQuestId) : null;
    const now = deps.now();
    if (!run || run.state !== QuestState.active || !run.endAt || run.endAt > now) return false;
    const expired = await updatePlayerQuest(tx, run.id, { state: QuestState.expired, updatedAt: now });
    const d = await runDefinitionOf(tx, run);
    await publishQuest(tx, await present(tx, d, expired));
    return true;
  });
}
