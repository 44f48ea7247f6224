import { useSyncExternalStore } from 'react';

/**
 * One value kept outside React that components read and re-render on (the open game, the install prompt,
 * a player store's snapshot). The server renders `initial`: what the browser holds never reaches the HTML,
 * so hydration sees what the server sent.
 */
export interface LiveValue<T> {
  get(): T;
  /** Replaces the value and wakes every reader. */
  set(value: T): void;
  subscribe(listener: () => void): () => void;
  /** The value in a component (`initial` during SSR and hydration). */
  use(): T;
}

export function createLiveValue<T>(initial: T): LiveValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const get = () => value;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe,
    use: () => useSyncExternalStore(subscribe, get, () => initial),
  };
}
