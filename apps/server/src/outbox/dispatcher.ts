import { type Database, type Db, databaseOf } from '../db/client.ts';
import type { DedicatedConnection } from '../db/dedicated.ts';
import { dispatchPass } from './pass.ts';
import type { Publisher } from './types.ts';

/** The NOTIFY channel that wakes every instance's dispatcher (docs/decisions/0027-outbox-dispatcher.md). */
export const OUTBOX_CHANNEL = 'croupier_outbox';

export interface OutboxDispatcher {
  /** Starts listening and polling (and reacting to nudges). */
  start(): void;
  /** Stops, waits for a pass in progress and ends the dispatcher's connection. */
  stop(): Promise<void>;
  /** Asks for a pass soon (called after a commit that wrote events). */
  nudge(): void;
  /** Runs passes until nothing deliverable is left; answers how many events were published. */
  drain(): Promise<number>;
  addPublisher(publisher: Publisher): void;
}

export interface DispatcherOptions {
  db: Db;
  /** Where the dispatcher's own connection comes from; default: the Database `db` was opened from. */
  database?: Database;
  publishers?: Publisher[];
  /** Fallback poll for events whose writers neither nudged nor notified, and for missed wake-ups. Default 1000 ms. */
  pollMs?: number;
  /** Rows read per statement; a pass reads page after page until the end. */
  batchSize?: number;
  /**
   * Back-to-back passes wait this long between them, so under load a pass takes what committed meanwhile as one
   * page (one transaction per internal consumer) instead of a handful of events each. A lone commit is never
   * delayed: only a pass asked for while another ran waits. Default 20 ms.
   */
  coalesceMs?: number;
  log?: { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };
}

const running = new Set<OutboxDispatcher>();

/** Nudges every dispatcher of this process: call after committing a transaction that wrote events. */
export function notifyCommitted(): void {
  for (const dispatcher of running) dispatcher.nudge();
}

type Log = DispatcherOptions['log'];

/** The dispatcher's own connection, opened on first use and again after `close`. */
function lazyConnection(source: Database, log: Log, onReconnect: () => void) {
  let connection: DedicatedConnection | null = null;
  return {
    get(): DedicatedConnection {
      if (connection) return connection;
      connection = source.dedicated({
        name: 'croupier-outbox',
        log: log?.warn ? { warn: log.warn.bind(log) } : undefined,
      });
      // Notifications sent while the connection was down are lost: look for ourselves.
      connection.onReconnect(onReconnect);
      return connection;
    },
    async close(): Promise<void> {
      const conn = connection;
      connection = null;
      await conn?.close();
    },
  };
}

/**
 * Runs `pass` one at a time: a call during a pass shares its promise and asks for one more pass, so a
 * commit that landed after the running pass read its page is not left behind.
 */
function passRunner(pass: () => Promise<number>, coalesceMs = 0) {
  let active: Promise<number> | null = null;
  let again = false;
  const loop = async () => {
    let total = 0;
    for (;;) {
      again = false;
      total += await pass();
      if (!again) return total;
      if (coalesceMs > 0) await new Promise((resolve) => setTimeout(resolve, coalesceMs));
    }
  };
  return {
    run(): Promise<number> {
      if (active) {
        again = true;
        return active;
      }
      active = loop().finally(() => {
        active = null;
      });
      return active;
    },
    /** Waits for the pass in progress, if any, whatever its outcome. */
    async settled(): Promise<void> {
      await active?.catch(() => {});
    },
  };
}

/**
 * Delivers committed events on a connection of its own (never the request pool), one pass at a time
 * across instances (advisory lock). Woken by this process's commits (nudge), by NOTIFY from other
 * instances, and by a slow poll. A nudged pass that finds the lock taken sends NOTIFY, so the instance
 * holding it runs once more and picks up the commit it may have missed.
 */
export function createOutboxDispatcher({
  db,
  database = databaseOf(db),
  publishers = [],
  pollMs = 1000,
  batchSize = 200,
  coalesceMs = 20,
  log,
}: DispatcherOptions): OutboxDispatcher {
  if (!database) throw new Error('createOutboxDispatcher: db was not opened by openDatabase; pass `database`');
  const sinks = [...publishers];
  const connection = lazyConnection(database, log, () => wake());
  let timer: NodeJS.Timeout | null = null;
  // A commit of this process is waiting: if another instance holds the lock, tell it with NOTIFY.
  let committed = false;
  let started = false;

  const runner = passRunner(async () => {
    const conn = connection.get();
    const local = committed;
    committed = false;
    const result = await dispatchPass(conn, sinks, batchSize, log);
    if (result.busy && local) await conn.query(`NOTIFY ${OUTBOX_CHANNEL}`);
    return result.published;
  }, coalesceMs);
  const safeRun = () => {
    runner.run().catch((error) => log?.error({ err: error }, 'outbox pass failed'));
  };
  const wake = () => {
    if (started) queueMicrotask(safeRun);
  };

  const dispatcher: OutboxDispatcher = {
    start() {
      if (started) return;
      started = true;
      running.add(dispatcher);
      timer = setInterval(safeRun, pollMs);
      timer.unref();
      connection
        .get()
        .listen(OUTBOX_CHANNEL, wake)
        .catch((error) => log?.error({ err: error }, 'outbox LISTEN failed'));
      safeRun();
    },
    async stop() {
      started = false;
      running.delete(dispatcher);
      if (timer) clearInterval(timer);
      timer = null;
      await runner.settled();
      await connection.close();
    },
    nudge() {
      committed = true;
      wake();
    },
    async drain() {
      let total = 0;
      for (;;) {
        const count = await runner.run();
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
