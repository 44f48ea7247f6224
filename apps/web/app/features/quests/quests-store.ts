import { type Quest, QuestState, type QuestTaskEvent } from '@croupier/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';

// The signed-in player's quests for the hub and its modals: the quests to start, the active ones, the
// completed and the expired ones (api-contract §11.2), refetched on `quest.updated` and patched on
// `quest.task.updated` (§14.2 list 4).

export type QuestList = 'available' | 'active' | 'completed' | 'expired';

interface State {
  playerId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  lists: Record<QuestList, Quest[]>;
}

const EMPTY: Record<QuestList, Quest[]> = { available: [], active: [], completed: [], expired: [] };
let state: State = { playerId: null, status: 'idle', lists: EMPTY };
const listeners = new Set<() => void>();
const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

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

/** Reloads some lists (all by default). */
export async function reloadQuests(which: QuestList[] = ['available', 'active', 'completed', 'expired']) {
  const playerId = state.playerId;
  if (state.status !== 'ready') set({ status: 'loading' });
  try {
    const lists = await Promise.all(which.map(fetchList));
    if (state.playerId !== playerId) return;
    const next = { ...state.lists };
    which.forEach((w, i) => {
      next[w] = lists[i]!;
    });
    set({ status: 'ready', lists: next });
  } catch {
    if (state.playerId === playerId && state.status !== 'ready') set({ status: 'failed' });
  }
}

/** `quest.updated`: the lists it may touch are fetched again (state 3 completed, 5–6 expired). */
export function receiveQuest(quest: Quest): void {
  const which: QuestList[] = ['active', 'available'];
  if (quest.state === QuestState.completed || quest.state === QuestState.claimed) which.push('completed');
  if (quest.state === QuestState.expired || quest.state === QuestState.cancelled) which.push('expired');
  void reloadQuests(which);
}

/** `quest.task.updated`: patches the task of the active quest. */
export function receiveTask(task: QuestTaskEvent): void {
  const active = state.lists.active.map((q) =>
    q.id !== task.questId
      ? q
      : {
          ...q,
          tasks: q.tasks.map((t) =>
            t.id === task.id
              ? { ...t, isActive: task.isActive, isCompleted: task.isCompleted, progress: task.progress }
              : t,
          ),
        },
  );
  set({ lists: { ...state.lists, active } });
}

/** A quest of any list by id (the task modals open with it). */
export const questById = (id: string): Quest | undefined =>
  Object.values(state.lists)
    .flat()
    .find((q) => q.id === id);

/** The lists, loaded on first use while signed in and dropped on sign-out. */
export function useQuests(): State {
  const { player } = useSession();
  const snapshot = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
  const playerId = player?.id ?? null;
  useEffect(() => {
    if (state.playerId !== playerId) set({ playerId, status: 'idle', lists: EMPTY });
    if (playerId && state.status === 'idle') void reloadQuests();
  }, [playerId]);
  return snapshot;
}
