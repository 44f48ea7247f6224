import { browserApi } from '../../shared/session/runtime.ts';
import { reloadQuests } from './quests-store.ts';

// The quest commands of api-contract §11.2. Lists refresh from the answers and, live, from quest.updated.

/** Starts a quest (or claims a completed one's reward): answers the player's quest. */
export async function activateQuest(id: string) {
  const { data } = await browserApi().retentionQuests.activateQuest({ params: { id } });
  await reloadQuests();
  return data;
}

export async function cancelQuest(id: string) {
  await browserApi().retentionQuests.cancelPlayerQuest({ params: { id } });
  await reloadQuests();
}
