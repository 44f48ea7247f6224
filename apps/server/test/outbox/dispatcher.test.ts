import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.ts';
import {
  createOutboxDispatcher,
  enqueue,
  OUTBOX_CHANNEL,
  type OutboxDispatcher,
  type OutboxMessage,
  type Publisher,
} from '../../src/outbox/index.ts';
import { databaseKind, freshDatabase } from '../harness.ts';

let database: Database;
let db: Db;
let drop: () => Promise<void>;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  db = database.db;
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  // Each test starts from an empty outbox.
  await db.execute(sql`delete from outbox.events`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** A dispatcher stopped after the test; the poll is slow so only nudges and NOTIFY wake it. */
function dispatcher(
  publishers: Publisher[],
  options: { batchSize?: number; pollMs?: number; coalesceMs?: number } = {},
): OutboxDispatcher {
  const d = createOutboxDispatcher({ db, publishers, pollMs: 60_000, log: { error() {}, warn() {} }, ...options });
  stops.push(() => d.stop());
  return d;
}

const commit = (events: { channel: string; n: number }[]) =>
  db.transaction(async (tx) => {
    for (const { channel, n } of events) await enqueue(tx as unknown as Db, { channel, event: 'e', data: { n } });
  });

const label = (m: OutboxMessage) => `${m.channel}:${(m.data as { n: number }).n}`;
const recorder = (seen: string[], fail: (m: OutboxMessage) => boolean = () => false): Publisher => ({
  async publish(m) {
    if (fail(m)) throw new Error('down');
    seen.push(label(m));
  },
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What waits in the outbox, as channel:n, in id order. */
const waiting = async () => {
  const rows = (await db.execute(sql`select channel, data from outbox.events order by id`)) as unknown as {
    rows: { channel: string; data: { n: number } }[];
  };
  return rows.rows.map((r) => `${r.channel}:${r.data.n}`);
};

describe(`outbox dispatcher (${databaseKind})`, () => {
  it('delivers in id order per channel across pages, each event once, and keeps none it delivered', async () => {
    const seen: string[] = [];
    const d = dispatcher([recorder(seen)], { batchSize: 3 });
    const events = Array.from({ length: 20 }, (_, i) => ({ channel: ['a', 'b', 'c'][i % 3]!, n: i }));
    await commit(events.slice(0, 11));
    await commit(events.slice(11));
    expect(await d.drain()).toBe(20);
    expect(seen).toEqual(events.map((e) => `${e.channel}:${e.n}`));
    expect(await waiting()).toEqual([]);
    expect(await d.drain()).toBe(0);
  });

  it('holds back only the failing channel, even when its events fill whole pages', async () => {
    const seen: string[] = [];
    let down = true;
    const d = dispatcher([recorder(seen, (m) => down && m.channel === 'bad')], { batchSize: 2 });
    await commit([1, 2, 3, 4, 5].map((n) => ({ channel: 'bad', n })));
    await commit([{ channel: 'good', n: 1 }]);
    await commit([{ channel: 'bad', n: 6 }]);
    await commit([{ channel: 'good', n: 2 }]);
    // The first three pages hold only "bad" events; the good channel still goes out, in order.
    expect(await d.drain()).toBe(2);
    expect(seen).toEqual(['good:1', 'good:2']);
    // What failed waits in the outbox (decision 0087: delivered rows are deleted, the rest stay).
    expect(await waiting()).toEqual(['bad:1', 'bad:2', 'bad:3', 'bad:4', 'bad:5', 'bad:6']);
    down = false;
    expect(await d.drain()).toBe(6);
    expect(seen.slice(2)).toEqual(['bad:1', 'bad:2', 'bad:3', 'bad:4', 'bad:5', 'bad:6']);
  });

  it('commits each page on its own: a pass under steady load never holds one transaction (issue 31)', async () => {
    // Counts the page reads inside each of the dispatcher's transactions. Before the fix one pass read every
    // page in one transaction, so a pass under load never committed.
    const pagesPerTransaction: number[] = [];
    const counting: Database = {
      ...database,
      dedicated(options) {
        const inner = database.dedicated(options);
        return {
          ...inner,
          kind: inner.kind,
          query: inner.query,
          listen: inner.listen.bind(inner),
          onReconnect: inner.onReconnect.bind(inner),
          close: inner.close.bind(inner),
          transaction: (fn) =>
            inner.transaction((query) => {
              const at = pagesPerTransaction.push(0) - 1;
              return fn((text, params) => {
                if (/from outbox\.events/.test(text) && /^\s*select/i.test(text)) pagesPerTransaction[at]!++;
                return query(text, params);
              });
            }),
        };
      },
    };
    const seen: string[] = [];
    const d = createOutboxDispatcher({
      db,
      database: counting,
      publishers: [recorder(seen)],
      pollMs: 60_000,
      batchSize: 3,
      log: { error() {}, warn() {} },
    });
    stops.push(() => d.stop());
    await commit(Array.from({ length: 10 }, (_, n) => ({ channel: 'a', n })));
    expect(await d.drain()).toBe(10);
    expect(seen).toHaveLength(10);
    // 10 events in pages of 3: at least four page reads, never two in one transaction.
    expect(pagesPerTransaction.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...pagesPerTransaction)).toBe(1);
  });

  it('delivers a lone commit at once, and takes what commits during a pass as one page after a pause', async () => {
    // A consumer's transaction per page is its cost on the bet path (decision 0121): under load, passes that
    // follow each other wait `coalesceMs`, so the commits of that time arrive together.
    const pages: number[][] = [];
    const times: number[] = [];
    let release: () => void = () => {};
    const slow: Publisher = {
      internal: true,
      async publish() {},
      async publishBatch(messages) {
        pages.push(messages.map((m) => (m.data as { n: number }).n));
        times.push(performance.now());
        // The first page is held while five more commits land.
        if (pages.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    };
    const d = dispatcher([slow], { coalesceMs: 150 });
    d.start();
    await d.drain(); // the start's pass is over: nothing runs
    const t0 = performance.now();
    await commit([{ channel: 'internal:a', n: 0 }]);
    d.nudge();
    await until(() => pages.length === 1);
    expect(times[0]! - t0).toBeLessThan(150); // not delayed: nothing ran before it
    for (let n = 1; n <= 5; n++) {
      await commit([{ channel: 'internal:a', n }]);
      d.nudge();
    }
    const released = performance.now();
    release();
    await until(() => pages.length === 2);
    expect(pages).toEqual([[0], [1, 2, 3, 4, 5]]);
    expect(times[1]! - released).toBeGreaterThanOrEqual(140);
  });

  it('is woken by a NOTIFY on its channel, without a nudge or a poll', async () => {
    const seen: string[] = [];
    dispatcher([recorder(seen)]).start();
    await new Promise((r) => setTimeout(r, 200)); // LISTEN is in place
    await commit([{ channel: 'a', n: 1 }]);
    await db.execute(sql.raw(`NOTIFY ${OUTBOX_CHANNEL}`));
    await until(() => seen.length === 1);
    expect(seen).toEqual(['a:1']);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('outbox dispatcher on PostgreSQL (skipped: set TEST_DATABASE_URL)', () => {
  /** A plain session on the test database, for what another instance or an operator would do. */
  async function session(): Promise<pg.Client> {
    const [row] = (
      (await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows;
    const url = new URL(adminUrl!);
    url.pathname = `/${row!.name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    stops.push(() => client.end());
    return client;
  }

  it("makes a page's deliveries final while the pass goes on: another session sees them gone (issue 31)", async () => {
    const other = await session();
    const stillWaiting: number[] = [];
    const probe: Publisher = {
      async publish(m) {
        // On the first event of the third page, another session counts the first page's events still there.
        if ((m.data as { n: number }).n === 6) {
          const { rows } = await other.query(
            "select count(*)::int as n from outbox.events where channel = 'load' and (data->>'n')::int < 3",
          );
          stillWaiting.push(rows[0].n);
        }
      },
    };
    const d = dispatcher([probe], { batchSize: 3 });
    await commit(Array.from({ length: 9 }, (_, n) => ({ channel: 'load', n })));
    expect(await d.drain()).toBe(9);
    expect(stillWaiting).toEqual([0]);
  });

  it('delivers a commit of instance A once, without a poll, while instance B holds the lock: A sends NOTIFY', async () => {
    // B is in the middle of a pass (holding the lock) when A commits: A's nudged pass finds the lock
    // taken, so it sends NOTIFY, and B runs once more after its pass. Polls are a minute apart.
    const onB: string[] = [];
    const onA: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered!: () => void;
    const inPass = new Promise<void>((r) => {
      entered = r;
    });
    const b = dispatcher([
      {
        async publish(m) {
          if (label(m) === 'x:1') {
            entered();
            await gate;
          }
          onB.push(label(m));
        },
      },
    ]);
    const a = dispatcher([recorder(onA)]);
    a.start();
    await a.drain(); // A's first pass is over before B takes the lock
    const watcher = await session();
    await watcher.query(`LISTEN ${OUTBOX_CHANNEL}`);
    const notified = new Promise<void>((r) => watcher.once('notification', () => r()));

    await commit([{ channel: 'x', n: 1 }]);
    b.start();
    await inPass;
    await commit([{ channel: 'y', n: 1 }]);
    a.nudge();
    try {
      await Promise.race([
        notified,
        new Promise((_, fail) => setTimeout(() => fail(new Error('A sent no NOTIFY')), 3000)),
      ]);
    } finally {
      release();
    }
    // Once B lets the lock go, whichever instance runs first delivers y:1: B, woken by A's NOTIFY after its
    // pass, or A, woken by its own NOTIFY (it listens too). Either is right; what counts is that the commit is
    // not left for a poll (a minute away) and goes out once. Requiring B alone raced with A's own wake-up.
    await until(() => [...onA, ...onB].includes('y:1'));
    await Promise.all([a.drain(), b.drain()]);
    expect(onB[0]).toBe('x:1');
    expect([...onA, ...onB].sort()).toEqual(['x:1', 'y:1']);
  });

  it('reconnects after its connection is killed, listening again', async () => {
    const seen: string[] = [];
    dispatcher([recorder(seen)]).start();
    const admin = await session();
    const backend = async () => {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and application_name = 'croupier-outbox'`,
      );
      return rows.map((r) => r.pid);
    };
    let pids: number[] = [];
    for (let i = 0; i < 50 && pids.length === 0; i++) {
      pids = await backend();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(pids).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [pids[0]]);

    let fresh: number[] = [];
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (fresh.length !== 1 || fresh[0] === pids[0])) {
      await new Promise((r) => setTimeout(r, 50));
      fresh = await backend();
    }
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).not.toBe(pids[0]);
    // Woken by NOTIFY only (after the pass a reconnect runs by itself): the new connection listens again.
    await new Promise((r) => setTimeout(r, 300));
    await commit([{ channel: 'a', n: 1 }]);
    await admin.query(`NOTIFY ${OUTBOX_CHANNEL}`);
    await until(() => seen.length === 1);
    expect(seen).toEqual(['a:1']);
  });
});
