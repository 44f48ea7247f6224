import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outboxEvents } from './schema.ts';

export { outboxEvents } from './schema.ts';

/** One event on its way out. `id` orders events; within a channel they are delivered in that order. */
export interface OutboxMessage {
  id: bigint;
  channel: string;
  event: string;
  data: unknown;
  createdAt: Date;
}

/** Where events go after commit (the realtime issue plugs a Centrifugo publisher in). */
export interface Publisher {
  /** Throwing leaves the event unpublished: it and later events of its channel are retried on the next pass. */
  publish(message: OutboxMessage): Promise<void>;
}

/**
 * Writes an event in the caller's transaction: it becomes visible to the dispatcher only if that
 * transaction commits, and a rollback takes it away with everything else.
 */
export async function enqueue(tx: Db, event: { channel: string; event: string; data: unknown }): Promise<void> {
  await tx.insert(outboxEvents).values(event);
}

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

export interface OutboxDispatcher {
  /** Starts polling (and reacting to nudges). */
  start(): void;
  /** Stops polling and waits for a pass in progress. */
  stop(): Promise<void>;
  /** Asks for a pass soon (called after a commit that wrote events). */
  nudge(): void;
  /** Runs passes until nothing deliverable is left; answers how many events were published. */
  drain(): Promise<number>;
  addPublisher(publisher: Publisher): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers committed outbox events to the registered publishers (started on ready, stopped on close). */
    outbox: OutboxDispatcher;
  }
}

export interface DispatcherOptions {
  db: Db;
  publishers?: Publisher[];
  /** Fallback poll for events committed by transactions that did not nudge. Default 1000 ms. */
  pollMs?: number;
  batchSize?: number;
  log?: { error(obj: unknown, msg: string): void };
}

/** Any constant: one dispatcher pass at a time across every instance sharing the database. */
const DISPATCH_LOCK_KEY = 72_616_013;

const running = new Set<OutboxDispatcher>();

/** Nudges every dispatcher of this process: call after committing a transaction that wrote events. */
export function notifyCommitted(): void {
  for (const dispatcher of running) dispatcher.nudge();
}

/**
 * Delivers committed events to every publisher in id order, per channel: when a publisher fails on an
 * event, later events of that channel wait for the next pass while other channels go on. A pass runs
 * in one transaction holding an advisory lock, so two instances never deliver the same batch at once.
 */
export function createOutboxDispatcher({
  db,
  publishers = [],
  pollMs = 1000,
  batchSize = 200,
  log,
}: DispatcherOptions): OutboxDispatcher {
  const sinks = [...publishers];
  let timer: NodeJS.Timeout | null = null;
  let active: Promise<number> | null = null;
  let again = false;
  let started = false;

  /** One pass: answers [published, more rows may be waiting]. */
  const pass = async (): Promise<[number, boolean]> =>
    db.transaction(async (tx) => {
      // Both drivers answer { rows }.
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${DISPATCH_LOCK_KEY}) as locked`,
      )) as unknown as {
        rows: { locked: boolean }[];
      };
      if (!lock.rows[0]?.locked) return [0, false];
      const batch = await tx
        .select()
        .from(outboxEvents)
        .where(isNull(outboxEvents.publishedAt))
        .orderBy(asc(outboxEvents.id))
        .limit(batchSize);
      const blocked = new Set<string>();
      const done: bigint[] = [];
      for (const row of batch) {
        if (blocked.has(row.channel)) continue;
        try {
          for (const sink of sinks) await sink.publish(row);
          done.push(row.id);
        } catch (error) {
          blocked.add(row.channel);
          log?.error({ err: error, outboxId: String(row.id), channel: row.channel }, 'outbox publish failed');
        }
      }
      if (done.length > 0) {
        await tx.update(outboxEvents).set({ publishedAt: new Date() }).where(inArray(outboxEvents.id, done));
      }
      return [done.length, batch.length === batchSize && blocked.size === 0];
    });

  const run = (): Promise<number> => {
    if (active) {
      again = true;
      return active;
    }
    active = (async () => {
      let total = 0;
      do {
        again = false;
        const [count, more] = await pass();
        total += count;
        if (more) again = true;
      } while (again);
      return total;
    })().finally(() => {
      active = null;
    });
    return active;
  };

  const safeRun = () => {
    run().catch((error) => log?.error({ err: error }, 'outbox pass failed'));
  };

  const dispatcher: OutboxDispatcher = {
    start() {
      if (started) return;
      started = true;
      running.add(dispatcher);
      timer = setInterval(safeRun, pollMs);
      timer.unref();
      safeRun();
    },
    async stop() {
      started = false;
      running.delete(dispatcher);
      if (timer) clearInterval(timer);
      timer = null;
      await active?.catch(() => {});
    },
    nudge() {
      if (started) queueMicrotask(safeRun);
    },
    async drain() {
      let total = 0;
      for (;;) {
        const count = await run();
        total += count;
        if (count === 0) return total;
      }
    },
    addPublisher(publisher) {
      sinks.push(publisher);
    },
  };
  return dispatcher;
}
