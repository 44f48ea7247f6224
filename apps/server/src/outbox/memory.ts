import type { OutboxMessage, Publisher } from './types.ts';

/** In-memory fan-out: listeners by channel (or '*' for all), and a record of everything published (tests). */
export class MemoryPublisher implements Publisher {
  readonly published: OutboxMessage[] = [];
  private readonly listeners = new Map<string, Set<(message: OutboxMessage) => void>>();

  async publish(message: OutboxMessage): Promise<void> {
    this.published.push(message);
    for (const key of [message.channel, '*']) {
      for (const listener of this.listeners.get(key) ?? []) listener(message);
    }
  }

  /** Calls `listener` for each event on `channel` ('*': every channel); returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: OutboxMessage) => void): () => void {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
    return () => set.delete(listener);
  }
}
