import type { RealtimeStore, SubscriptionState } from './realtime-store.ts';

export type ChannelListener = (data: unknown) => void;

export interface ChannelEvents {
  onState(state: SubscriptionState): void;
  onPublication(data: unknown): void;
}

/** Opens one server subscription; the Centrifuge adapter in client.ts, a fake in tests. */
export interface ChannelSource {
  open(channel: string, events: ChannelEvents): { close(): void };
}

export interface ChannelHub {
  /** Adds a listener; the first one opens the subscription. Returns the release (idempotent). */
  acquire(channel: string, listener: ChannelListener): () => void;
  /** Ends every matching subscription at once (player channels on logout), whoever still holds it. */
  drop(matches: (channel: string) => boolean): void;
  channels(): string[];
}

interface Entry {
  listeners: Set<{ fn: ChannelListener }>;
  handle: { close(): void } | null;
}

/**
 * Reference-counted subscriptions: two components on one channel share one server subscription, and
 * it ends when the last one lets go. A listener that throws does not stop the others.
 */
export function createChannelHub(source: ChannelSource, store: RealtimeStore): ChannelHub {
  const entries = new Map<string, Entry>();
  const live = (channel: string, entry: Entry) => entries.get(channel) === entry;

  const close = (channel: string, entry: Entry) => {
    entries.delete(channel);
    entry.handle?.close();
    store.forget(channel);
  };

  return {
    acquire(channel, fn) {
      let entry = entries.get(channel);
      if (!entry) {
        const created: Entry = { listeners: new Set(), handle: null };
        entries.set(channel, created);
        store.setSubscription(channel, 'unsubscribed');
        created.handle = source.open(channel, {
          onState: (state) => live(channel, created) && store.setSubscription(channel, state),
          onPublication: (data) => {
            if (!live(channel, created)) return;
            for (const listener of [...created.listeners]) {
              try {
                listener.fn(data);
              } catch (error) {
                console.error(`real-time handler on ${channel} failed`, error);
              }
            }
          },
        });
        entry = created;
      }
      const token = { fn };
      const held = entry;
      held.listeners.add(token);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.listeners.delete(token);
        if (held.listeners.size === 0 && live(channel, held)) close(channel, held);
      };
    },
    drop(matches) {
      for (const [channel, entry] of [...entries]) if (matches(channel)) close(channel, entry);
    },
    channels: () => [...entries.keys()],
  };
}
