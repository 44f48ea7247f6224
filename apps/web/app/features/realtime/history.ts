import { useSyncExternalStore } from 'react';
import { loadRealtime } from './load.ts';
import { realtimeStore, type SubscriptionState } from './realtime-store.ts';

/**
 * A subscribed channel's history, newest first (`publications[].data`), as the activity boards read it on
 * subscribe (api-contract §14.2). The server answers only for a channel this connection is subscribed to.
 */
export async function readHistory(channel: string, limit: number): Promise<unknown[]> {
  const realtime = (await loadRealtime()).getRealtime();
  if (!realtime) return [];
  const result = await realtime.client.history(channel, { limit, reverse: true });
  return result.publications.map((p) => p.data);
}

/** The subscription state of one channel ('unsubscribed' while nobody holds it); re-renders only on its change. */
export function useSubscriptionState(channel: string): SubscriptionState {
  const read = () => realtimeStore.getSnapshot().subscriptions[channel] ?? 'unsubscribed';
  return useSyncExternalStore(realtimeStore.subscribe, read, () => 'unsubscribed');
}
