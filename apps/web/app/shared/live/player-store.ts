import { useEffect } from 'react';
import { useSession } from '../session/session.ts';
import { onSessionChange } from '../session/session-signal.ts';
import { createLiveValue } from './live-value.ts';

/**
 * State the signed-in player owns (limits, live bonuses, loyalty account, quests, favorites): loaded on
 * first use, cleared on sign-out, fetched again when the player's channel or an action says so
 * (decision 0101). One store per feature; every component of the page reads the same snapshot.
 */
export type PlayerStoreState = 'idle' | 'loading' | 'ready' | 'failed';

export interface PlayerSnapshot<T> {
  /** Whose value it is: null before the first load and after sign-out. */
  playerId: string | null;
  state: PlayerStoreState;
  value: T;
}

/** What a component sees: the signed-in player's value, or `initial` while it is not theirs yet. */
export interface PlayerView<T> {
  state: PlayerStoreState;
  value: T;
}

export interface PlayerStoreOptions<T, A> {
  initial: T;
  /** Fetches the signed-in player's value (the session's token says who). */
  load: () => Promise<A>;
  /** Turns an answer into the value (the default: the answer is the value); `current` is the value now. */
  apply?: (answer: A, current: T) => T;
  /** A failed fetch leaves a loaded value showing ('ready'); by default it shows 'failed'. */
  keepOnFailure?: boolean;
  /** Forgets what the feature keeps beside the value (timers, caches) when the store is cleared. */
  onClear?: () => void;
}

export interface PlayerStore<T, A> {
  /** The hook: loads on first use while signed in, clears when the session has no player. */
  use(): PlayerView<T>;
  /** The snapshot, outside React (event handlers, channel listeners, tests). */
  get(): PlayerSnapshot<T>;
  /** The session's player is now `playerId` (what `use` does on every change): a new one loads, none clears. */
  follow(playerId: string | null): void;
  /** Fetches the whole value for `playerId`. */
  load(playerId: string): Promise<void>;
  /** Fetches again for the player seen last (nothing without one); `part` fetches a part `apply` merges. */
  reload(part?: () => Promise<A>): Promise<void>;
  /** An answer newer than any fetch in flight (an action's answer, a publication's whole value). */
  set(value: T): void;
  /** A publication's change to the value; fetches in flight still apply. */
  update(change: (value: T) => T): void;
  /** Sign-out: nothing of the player stays, and no answer in flight comes back. */
  clear(): void;
}

export function createPlayerStore<T, A = T>(options: PlayerStoreOptions<T, A>): PlayerStore<T, A> {
  const { initial, keepOnFailure = false, onClear } = options;
  const apply = options.apply ?? ((answer: A) => answer as unknown as T);
  const empty: PlayerSnapshot<T> = { playerId: null, state: 'idle', value: initial };
  const snapshot = createLiveValue(empty);
  const patch = (next: Partial<PlayerSnapshot<T>>) => snapshot.set({ ...snapshot.get(), ...next });
  // `owner` counts hand-overs (sign-out, another player): an answer fetched for an earlier owner is dropped.
  // `latest` counts whole fetches and set(): only the newest whole answer is applied. A part (a reload with
  // its own fetch) is not superseded by another part: two parts fetch different things and both count.
  let owner = 0;
  let latest = 0;

  async function fetchFor(playerId: string, fetch: () => Promise<A>, whole: boolean): Promise<void> {
    const now = snapshot.get();
    if (now.playerId !== playerId) {
      owner += 1;
      snapshot.set({ playerId, state: 'loading', value: initial });
    } else if (now.state !== 'ready') patch({ state: 'loading' });
    const mine = owner;
    const request = whole ? ++latest : latest;
    const current = () => mine === owner && (!whole || request === latest);
    try {
      const answer = await fetch();
      if (current()) patch({ state: 'ready', value: apply(answer, snapshot.get().value) });
    } catch {
      if (current() && !(keepOnFailure && snapshot.get().state === 'ready')) patch({ state: 'failed' });
    }
  }

  const load = (playerId: string) => fetchFor(playerId, options.load, true);

  function clear(): void {
    owner += 1;
    latest += 1;
    onClear?.();
    snapshot.set(empty);
  }

  function follow(playerId: string | null): void {
    const now = snapshot.get();
    if (!playerId) {
      if (now.playerId) clear();
      return;
    }
    if (now.playerId !== playerId || now.state === 'idle') void load(playerId);
  }

  // Every sign-out path ends the session through one signal, whether or not a reader is mounted.
  onSessionChange((change) => {
    if (change === 'ended') clear();
  });

  return {
    use() {
      const playerId = useSession().player?.id ?? null;
      const seen = snapshot.use();
      useEffect(() => follow(playerId), [playerId]);
      if (playerId !== null && seen.playerId === playerId) return { state: seen.state, value: seen.value };
      return { state: playerId ? 'loading' : 'idle', value: initial };
    },
    get: snapshot.get,
    follow,
    load,
    reload(part) {
      const { playerId } = snapshot.get();
      if (!playerId) return Promise.resolve();
      return part ? fetchFor(playerId, part, false) : load(playerId);
    },
    set(value) {
      latest += 1;
      patch({ state: 'ready', value });
    },
    update(change) {
      patch({ value: change(snapshot.get().value) });
    },
    clear,
  };
}
