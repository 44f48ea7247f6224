import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { OutboxMessage, Publisher } from '../../outbox/index.ts';
import { onResubscribed } from '../../redis/resubscribed.ts';
import type { RealtimeHub } from './hub.ts';

/**
 * Cluster fan-out through Redis pub/sub. The outbox dispatcher (one pass at a time across instances)
 * publishes every event to ONE Redis channel and waits for Redis to take it, so Redis sees events in
 * commit order; every instance subscribes and hands them to its hub, keeping per-channel order.
 */
export class RedisFanout implements Publisher {
  /** Commands (publish, online set); no offline queue, so a Redis outage fails the publish and the outbox retries. */
  readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly topic: string;

  constructor(
    url: string,
    readonly prefix: string,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
  ) {
    this.topic = `${prefix}publications`;
    this.commands = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // Named, so an operator (and the redis-cut test) tells this process's subscriptions apart in CLIENT LIST.
    this.subscriber = new Redis(url, { lazyConnect: true, connectionName: `${prefix}realtime-subscriber` });
    for (const connection of [this.commands, this.subscriber]) {
      connection.on('error', (error) => log.warn({ err: error }, 'redis connection error'));
    }
    this.subscriber.on('message', (topic: string, raw: string) => {
      if (topic === this.topic) this.receive(raw);
    });
    // What was published while this process's subscription was away (balances, messages, revocations) never
    // arrives: every socket here is told to reconnect, and a client fetches its state again on resubscribe
    // (decision 0084); a revoked session's token is then refused.
    onResubscribed(
      this.subscriber,
      this.topic,
      () => log.warn({ sockets: hub.resyncAll() }, 'redis subscription back: sockets told to reconnect and resync'),
      log,
    );
  }

  /** Connects both and subscribes; ready only once publications from other instances can arrive. */
  async start(): Promise<void> {
    await Promise.all([this.commands.connect(), this.subscriber.connect()]);
    await this.subscriber.subscribe(this.topic);
  }

  async publish(message: OutboxMessage): Promise<void> {
    const body = { id: String(message.id), channel: message.channel, data: message.data };
    await this.commands.publish(this.topic, JSON.stringify(body));
  }

  /** Tells every instance (this one too) to end the sockets of closed sessions (docs/decisions/0033). */
  async revoke(sessionIds: string[]): Promise<void> {
    await this.commands.publish(this.topic, JSON.stringify({ revoke: sessionIds }));
  }

  async close(): Promise<void> {
    await Promise.all([this.commands.quit(), this.subscriber.quit()].map((p) => p.catch(() => undefined)));
  }

  private receive(raw: string): void {
    try {
      const { id, channel, data, revoke } = JSON.parse(raw) as {
        id?: unknown;
        channel?: unknown;
        data?: unknown;
        revoke?: unknown;
      };
      if (typeof channel === 'string' && typeof id === 'string') this.hub.deliverEvent(id, channel, data);
      else if (typeof channel === 'string') this.hub.deliver(channel, data);
      else if (Array.isArray(revoke)) this.hub.revoke(revoke.filter((id): id is string => typeof id === 'string'));
    } catch (error) {
      this.log.error({ err: error }, 'unreadable publication from redis');
    }
  }
}
