import { type Quest, QuestState, type QuestTaskEvent } from '@croupier/contracts';
import { createPlayerStore, type PlayerStoreState } from '../../shared/live/player-store.ts';
import { browserApi } from '../../shared/session/runtime.ts';

// The signed-in player's quests for the hub and its modals: the quests to start, the active ones, the
// completed and the expired ones (api-contract §11.2), refetched on `quest.updated` and patched on
// `quest.task.updated` (§14.2 list 4).

export type QuestList = 'available' | 'active' | 'completed' | 'expired';
type Lists = Record<QuestList, Quest[]>;

const ALL: QuestList[] = ['available', 'active', 'completed', 'expired'];
const EMPTY: Lists = { available: [], active: [], completed: [], expired: [] };

const STATES: Record<Exclude<QuestList, 'available'>, number[]> = {
  active: [QuestState.active],
  completed: [QuestState.completed, QuestState.claimed],
  expired: [QuestState.expired, QuestState.cancelled],
};

async function fetchList(list: QuestList): Promise<Quest[]> {
  const api = browserApi().retentionQuests;
  if (list === 'available') return (await api.quests({ query: { page: 1, perPage: 20 } })).data;
  const perPage = list === 'active' ? 20 : 10;
  return (await api.playerQuests({ query: { state: STATES[list], page: 1, perPage } })).data;
}

/** Fetches some lists; the answer replaces those lists only. */
async function fetchLists(which: QuestList[]): Promise<Partial<Lists>> {
  const lists = await Promise.all(which.map(fetchList));
  return Object.fromEntries(which.map((w, i) => [w, lists[i]!]));
}

const quests = createPlayerStore<Lists, Partial<Lists>>({
  initial: EMPTY,
  load: () => fetchLists(ALL),
  apply: (answer, current) => ({ ...current, ...answer }),
  // A failed refresh keeps the lists shown.
  keepOnFailure: true,
});

/** Reloads some lists (all by default). */
export const reloadQuests = (which: QuestList[] = ALL): Promise<void> => quests.reload(() => fetchLists(which));

/** `quest.updated`: the lists it may touch are fetched again (state 3 completed, 5–6 expired). */
export function receiveQuest(quest: Quest): void {
  const which: QuestList[] = ['active', 'available'];
  if (quest.state === QuestState.completed || quest.state === QuestState.claimed) which.push('completed');
  if (quest.state === QuestState.expired || quest.state === QuestState.cancelled) which.push('expired');
  void reloadQuests(which);
}

/** The active quest's task with the progress a publication brought. */
const patchTask = (q: Quest, task: QuestTaskEvent): Quest =>
  q.id !== task.questId
    ? q
    : {
        ...q,
        tasks: q.tasks.map((t) =>
          t.id === task.id
            ? { ...t, isActive: task.isActive, isCompleted: task.isCompleted, progress: task.progress }
            : t,
        ),
      };

/** `quest.task.updated`: patches the task of the active quest. */
export function receiveTask(task: QuestTaskEvent): void {
  quests.update((lists) => ({ ...lists, active: lists.active.map((q) => patchTask(q, task)) }));
}

/** A quest of any list by id (the task modals open with it). */
export const questById = (id: string): Quest | undefined =>
  Object.values(quests.get().value)
    .flat()
    .find((q) => q.id === id);

/** The lists, loaded on first use while signed in and dropped on sign-out. */
export function useQuests(): { status: PlayerStoreState; lists: Lists } {
  const { state, value } = quests.use();
  return { status: state, lists: value };
}
