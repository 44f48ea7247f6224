import type { OutboxMessage, Publisher } from './types.ts';

/**
 * In-memory fan-out: listeners by channel (or '*' for all), and a record of everything published (tests: the
 * outbox keeps no delivered row, decision 0087). `internal: true` makes it a recorder of the modules' own
 * channels instead of the players' ones.
 */
export class MemoryPublisher implements Publisher {
  readonly published: OutboxMessage[] = [];
  readonly internal: boolean;
  private readonly listeners = new Map<string, Set<(message: OutboxMessage) => void>>();

  constructor(options: { internal?: boolean } = {}) {
    this.internal = options.internal === true;
  }

  /** A page at once, as a module's consumer takes it (asked of internal publishers only). */
  async publishBatch(messages: OutboxMessage[]): Promise<void> {
    for (const message of messages) await this.publish(message);
  }

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
