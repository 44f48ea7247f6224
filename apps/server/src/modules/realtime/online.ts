import { PublicChannel, RealtimeEvent } from '@croupier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RealtimeHub } from './hub.ts';

/** Counts distinct logged-in players connected: to this process, or to the whole cluster. */
export type OnlineSource = () => Promise<number>;

export const localOnline =
  (hub: RealtimeHub): OnlineSource =>
  async () =>
    hub.localUserCount;

/**
 * Cluster-wide count in one Redis sorted set: each instance stamps its players with the time on every
 * tick, entries not stamped for three ticks are dropped, and the set's size is the count. A player who
 * leaves is therefore counted out within three ticks, without instances having to agree on removals.
 */
export function redisOnline(redis: Redis, key: string, hub: RealtimeHub, tickMs: number): OnlineSource {
  return async () => {
    const now = Date.now();
    const batch = redis.multi();
    const users = [...hub.localUsers()];
    for (let i = 0; i < users.length; i += 1000) {
      batch.zadd(key, ...users.slice(i, i + 1000).flatMap((user) => [now, user]));
    }
    batch.zremrangebyscore(key, '-inf', now - 3 * tickMs);
    batch.pexpire(key, 10 * tickMs);
    batch.zcard(key);
    const results = await batch.exec();
    const last = results?.at(-1);
    if (!last || last[0]) throw last?.[0] ?? new Error('redis online count failed');
    return Number(last[1]);
  };
}

/**
 * Publishes the online count on `global:online` to this process's subscribers when it changed, at most
 * once per tick. Every instance reads the same cluster-wide number, so each only serves its own sockets.
 */
export class OnlineCounter {
  private last: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly hub: RealtimeHub,
    private readonly source: OnlineSource,
    private readonly tickMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  get current(): number | null {
    return this.last;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One recount; a Redis hiccup skips the tick. */
  tick(): Promise<void> {
    this.running ??= this.source()
      .then((count) => {
        if (count === this.last) return;
        this.last = count;
        this.hub.deliver(PublicChannel.online, { event: RealtimeEvent.onlineCount, count });
      })
      .catch((error) => this.log.warn({ err: error }, 'online count failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
