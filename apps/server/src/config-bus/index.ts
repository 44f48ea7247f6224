import type { Db } from '../db/client.ts';
import { enqueue, notifyCommitted, type OutboxMessage, type Publisher } from '../outbox/index.ts';

// Operating data staff edit (the catalogue, bonuses, retention, content, site settings) is cached in each
// instance's memory. A change says which caches it touched; the word reaches every instance through the outbox
// after commit, and Redis when there are several instances (docs/decisions/0122-config-bus.md). Nothing waits
// out a TTL.

/** The outbox channel of configuration changes. Never a player's channel: no socket may subscribe to `system:`. */
export const CONFIG_CHANNEL = 'system:config';
export const CONFIG_EVENT = 'config.changed';

/** What a change can touch; each cache listens to its own. */
export const CONFIG_SCOPES = ['lobby', 'bonuses', 'retention', 'content', 'settings'] as const;
export type ConfigScope = (typeof CONFIG_SCOPES)[number];

const isScope = (value: unknown): value is ConfigScope => (CONFIG_SCOPES as readonly unknown[]).includes(value);

/** Moves a change's scopes between instances: Redis pub/sub, or nothing but this process. */
export interface ConfigTransport {
  /** Hands the scopes to every instance, this one included (`receive` is called on each). */
  broadcast(scopes: readonly ConfigScope[]): Promise<void>;
  start(receive: (scopes: ConfigScope[]) => void): Promise<void>;
  close(): Promise<void>;
}

export interface ConfigBus {
  /** Calls `fn` whenever a change touching `scope` reaches this instance (its own changes included). */
  on(scope: ConfigScope, fn: () => void): () => void;
  /** The outbox publisher that carries committed changes to every instance. */
  readonly publisher: Publisher;
  /** Applies scopes here and now (the writer's own instance, right after its commit). */
  apply(scopes: readonly ConfigScope[]): void;
  /** How many changes reached this instance since start, by scope (tests and the two-instance bench). */
  readonly received: Readonly<Record<ConfigScope, number>>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** One process only: a committed change is applied here when the outbox delivers it. */
export const localTransport = (): ConfigTransport => {
  let deliver: ((scopes: ConfigScope[]) => void) | null = null;
  return {
    async broadcast(scopes) {
      deliver?.([...scopes]);
    },
    async start(receive) {
      deliver = receive;
    },
    async close() {
      deliver = null;
    },
  };
};

export function createConfigBus(
  transport: ConfigTransport = localTransport(),
  log?: { error(obj: unknown, msg: string): void },
): ConfigBus {
  const listeners = new Map<ConfigScope, Set<() => void>>();
  const received = Object.fromEntries(CONFIG_SCOPES.map((s) => [s, 0])) as Record<ConfigScope, number>;
  const apply = (scopes: readonly ConfigScope[]) => {
    for (const scope of new Set(scopes)) {
      for (const fn of listeners.get(scope) ?? []) {
        try {
          fn();
        } catch (error) {
          log?.error({ err: error, scope }, 'a configuration listener failed');
        }
      }
    }
  };
  const bus: ConfigBus = {
    on(scope, fn) {
      const set = listeners.get(scope) ?? new Set();
      set.add(fn);
      listeners.set(scope, set);
      return () => set.delete(fn);
    },
    publisher: {
      async publish(message: OutboxMessage) {
        if (message.channel !== CONFIG_CHANNEL) return;
        const scopes = (message.data as { scopes?: unknown })?.scopes;
        // A malformed event would block the channel for ever if it threw: it is dropped, loudly.
        if (!Array.isArray(scopes) || !scopes.every(isScope)) {
          log?.error({ data: message.data }, 'configuration change without known scopes: dropped');
          return;
        }
        await transport.broadcast(scopes);
      },
    },
    apply,
    received,
    start: () =>
      transport.start((scopes) => {
        for (const scope of scopes) received[scope]++;
        apply(scopes);
      }),
    close: () => transport.close(),
  };
  return bus;
}

// The bus of each database handle, so a service function with only `db` in hand (a seeder, a test) reaches the
// app's bus, as the lobby cache does (game/lobby-cache.ts).
const busByDb = new WeakMap<object, ConfigBus>();

/** Binds `bus` to `db`: `changeConfig` on `db` applies its scopes on this bus after commit. */
export function bindConfigBus(db: Db, bus: ConfigBus): void {
  busByDb.set(db, bus);
}

/** Writes the change's event in the caller's transaction: every instance hears of it once it commits. */
export async function announceConfigChange(tx: Db, scopes: readonly ConfigScope[]): Promise<void> {
  if (scopes.length === 0) return;
  await enqueue(tx, { channel: CONFIG_CHANNEL, event: CONFIG_EVENT, data: { scopes: [...new Set(scopes)] } });
}

/**
 * Runs a configuration change in one transaction (`fn` writes the rows and the audit row) with the event that
 * tells every instance, then applies it on this instance at once: the staff member's next read (or a test's)
 * sees the change without waiting for the outbox. `db` must be the app's handle (bound to its bus); on another
 * handle only the event is written.
 */
export async function changeConfig<T>(db: Db, scopes: readonly ConfigScope[], fn: (tx: Db) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const value = await fn(tx);
    await announceConfigChange(tx, scopes);
    return value;
  });
  notifyCommitted();
  busByDb.get(db)?.apply(scopes);
  return result;
}
