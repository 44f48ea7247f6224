/**
 * State that is fetched whole and then kept live by publications (the bell's unread count, the wallet's
 * balances). Two races lose updates if the answers are applied as they come (decision 0084):
 * - an answer that crossed a live update may have been read before it, and would put the old value back:
 *   it is fetched again (at most `tries` times; after that it stands, and the next update corrects it);
 * - two loads in flight may answer out of order: only the newest load's answer is applied.
 */
export interface SnapshotLoader {
  /** Fetches and applies the snapshot; resolves once applied (or superseded), rejects as the fetch does. */
  load(): Promise<void>;
  /** A live update (or an action's own answer) was applied: answers in flight may predate it. */
  updated(): void;
  /** The owner is gone (session ended): nothing is applied any more. */
  stop(): void;
}

export const SNAPSHOT_TRIES = 3;

export function createSnapshotLoader<T>(
  fetch: () => Promise<T>,
  apply: (answer: T) => void,
  tries = SNAPSHOT_TRIES,
): SnapshotLoader {
  let updates = 0;
  let newest = 0;
  let stopped = false;
  return {
    async load() {
      const load = ++newest;
      for (let attempt = 1; ; attempt += 1) {
        const seen = updates;
        const answer = await fetch();
        if (stopped || load !== newest) return;
        if (updates === seen || attempt >= tries) {
          apply(answer);
          return;
        }
      }
    },
    updated() {
      updates += 1;
    },
    stop() {
      stopped = true;
    },
  };
}
