/**
 * The readers of a value kept in local storage (the wallet's preferences, the pending-invoice marker): woken
 * by this tab's writes (`notify`) and by another tab's, through the 'storage' event for `key`. A reader
 * hands `subscribe` to useSyncExternalStore with its own getSnapshot.
 */
export interface StorageListeners {
  notify(): void;
  subscribe(listener: () => void): () => void;
}

export function createStorageListeners(key: string): StorageListeners {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
