import { PlayerChannel, Quest, QuestState, QuestTaskEvent } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { usePlayerChannel } from '../realtime/index.ts';
import { receiveQuest, receiveTask } from './quests-store.ts';

/** The alert of each state change (spec §4: any state but 3 alerts). */
const STATE_ALERTS: Record<number, string> = {
  [QuestState.active]: 'questStarted',
  [QuestState.claimed]: 'questClaimed',
  [QuestState.expired]: 'questExpired',
  [QuestState.cancelled]: 'questCancelled',
};

/**
 * `retention:quests#{playerId}` (api-contract §14.2 list 4): a quest's state change alerts (not for state 3,
 * which refreshes the completed list) and refreshes the lists; a task's progress patches the active quest
 * and alerts once the task is done.
 */
export function QuestsListener() {
  const { t, root } = useI18n();
  const toasts = useToasts();
  usePlayerChannel(PlayerChannel.quests, (data: unknown) => {
    if (!root.site.questsEnabled || !data || typeof data !== 'object') return;
    const message = data as { event?: string; quest?: unknown; task?: unknown };
    if (message.event === 'quest.updated') {
      const parsed = Quest.safeParse(message.quest);
      if (!parsed.success) return;
      receiveQuest(parsed.data);
      if (parsed.data.state !== QuestState.completed) {
        const key = STATE_ALERTS[parsed.data.state] ?? 'questChanged';
        toasts.show({
          type: 'info',
          title: t(`alerts.${key}.title`),
          description: t(`alerts.${key}.text`, { name: parsed.data.name }),
        });
      }
    } else if (message.event === 'quest.task.updated') {
      const parsed = QuestTaskEvent.safeParse(message.task);
      if (!parsed.success) return;
      receiveTask(parsed.data);
      if (parsed.data.isActive && parsed.data.progress === parsed.data.quantity) {
        toasts.show({
          type: 'success',
          title: t('alerts.questTaskCompleted.title'),
          description: t('alerts.questTaskCompleted.text', { name: parsed.data.name }),
        });
      }
    }
  });
  return null;
}
