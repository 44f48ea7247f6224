import { Redis } from 'ioredis';
import { onResubscribed } from '../redis/resubscribed.ts';
import { CONFIG_SCOPES, type ConfigScope, type ConfigTransport } from './index.ts';

/**
 * Configuration changes across instances through Redis pub/sub: the outbox dispatcher (one pass at a time across
 * instances) publishes each committed change once; every instance subscribes and drops its caches. A Redis outage
 * fails the publish, so the outbox keeps the change and sends it again.
 */
export function redisTransport(
  url: string,
  prefix: string,
  log: { warn(obj: unknown, msg: string): void },
): ConfigTransport {
  const topic = `${prefix}config`;
  const commands = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url, { lazyConnect: true, connectionName: `${prefix}config-subscriber` });
  for (const connection of [commands, subscriber]) {
    connection.on('error', (error) => log.warn({ err: error }, 'config bus redis connection error'));
  }
  return {
    async broadcast(scopes) {
      await commands.publish(topic, JSON.stringify(scopes));
    },
    async start(receive) {
      subscriber.on('message', (channel: string, raw: string) => {
        if (channel !== topic) return;
        try {
          const scopes = JSON.parse(raw) as unknown;
          if (Array.isArray(scopes)) {
            receive(scopes.filter((s): s is ConfigScope => (CONFIG_SCOPES as readonly unknown[]).includes(s)));
          }
        } catch (error) {
          log.warn({ err: error }, 'unreadable configuration change from redis');
        }
      });
      // A change committed while this subscription was away never arrives: every cache is dropped instead.
      onResubscribed(subscriber, topic, () => receive([...CONFIG_SCOPES]), log);
      await Promise.all([commands.connect(), subscriber.connect()]);
      await subscriber.subscribe(topic);
    },
    async close() {
      await Promise.all([commands.quit(), subscriber.quit()].map((p) => p.catch(() => undefined)));
    },
  };
}
