import { useSyncExternalStore } from 'react';

/** Connection states of spec §4 "Real-time connection". */
export type ConnectionState = 'disconnected' | 'connecting' | 'connected';
/** Subscription states of spec §4. */
export type SubscriptionState = 'unsubscribed' | 'subscribing' | 'subscribed';

export interface RealtimeSnapshot {
  connection: ConnectionState;
  /** Per channel, only while at least one component uses it. */
  subscriptions: Readonly<Record<string, SubscriptionState>>;
}

export interface RealtimeStore {
  getSnapshot(): RealtimeSnapshot;
  subscribe(listener: () => void): () => void;
  setConnection(state: ConnectionState): void;
  setSubscription(channel: string, state: SubscriptionState): void;
  forget(channel: string): void;
}

const INITIAL: RealtimeSnapshot = { connection: 'disconnected', subscriptions: {} };

/** One immutable snapshot per change, so React re-renders exactly when something moved. */
export function createRealtimeStore(): RealtimeStore {
  let snapshot = INITIAL;
  const listeners = new Set<() => void>();
  const commit = (next: RealtimeSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setConnection(connection) {
      if (snapshot.connection !== connection) commit({ ...snapshot, connection });
    },
    setSubscription(channel, state) {
      if (snapshot.subscriptions[channel] === state) return;
      commit({ ...snapshot, subscriptions: { ...snapshot.subscriptions, [channel]: state } });
    },
    forget(channel) {
      if (!(channel in snapshot.subscriptions)) return;
      const { [channel]: _gone, ...rest } = snapshot.subscriptions;
      commit({ ...snapshot, subscriptions: rest });
    },
  };
}

/** The browser's one store; SSR renders the initial (disconnected) snapshot. */
export const realtimeStore = createRealtimeStore();

export function useRealtimeState(): RealtimeSnapshot {
  return useSyncExternalStore(realtimeStore.subscribe, realtimeStore.getSnapshot, () => INITIAL);
}
