import { PlayerChannel, playerChannel, type Quest, type QuestTaskEvent, RealtimeEvent } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { enqueue } from '../../../outbox/index.ts';

// What the site hears about quests (api-contract §14.2), written in the change's own transaction.

export async function publishQuest(tx: Db, quest: Quest): Promise<void> {
  await enqueue(tx, {
    channel: playerChannel(PlayerChannel.quests, quest.playerId),
    event: RealtimeEvent.questUpdated,
    data: { event: RealtimeEvent.questUpdated, quest },
  });
}

export async function publishTask(tx: Db, task: QuestTaskEvent): Promise<void> {
  await enqueue(tx, {
    channel: playerChannel(PlayerChannel.quests, task.playerId),
    event: RealtimeEvent.questTaskUpdated,
    data: { event: RealtimeEvent.questTaskUpdated, task },
  });
}
