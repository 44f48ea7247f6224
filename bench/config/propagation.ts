// Configuration propagation benchmark (issue 27, decision 0122): how long a staff change made through one
// instance takes to reach another instance's caches, over PostgreSQL (the outbox) and Redis (pub/sub).
//   node --import tsx bench/config/propagation.ts [--changes 100] [--gap 50] [--out /tmp/propagation.json]
// Two app instances in this process, each with its own database handle, pool, outbox dispatcher connection and
// lobby cache (60 s TTL, so only the bus can drop it), over one scratch database and one Redis
// (apps/server/test/config-bus/two-instances.ts). Each change is a real `PUT /api/backoffice/games/:id` on A
// as a marketing staff member, turning the dice game off and on in turn; B's lobby is warmed before each.
// Per change: the PUT (its transaction commits the row, the audit row and the system:config event); A→B
// heard (PUT start → B's `configBus.on('lobby')` listener runs); A→B visible (PUT start → B's
// `GET /api/game/games` reflects it, polled every 2 ms); after commit (PUT answered → B heard).
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; Redis:
// BENCH_REDIS_URL, else TEST_REDIS_URL, else redis://127.0.0.1:6379. The bench creates
// croupier_bench_config_<run> and drops it at the end. Progress to stderr; the table and then the JSON to stdout.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import {
  hasGameEditor,
  lobbyLists,
  msUntil,
  setGameEnabled,
  startTwoInstances,
} from '../../apps/server/test/config-bus/two-instances.ts';
import { machineOf, percentile, round2 } from '../lib/process.ts';

const { values: args } = parseArgs({
  options: {
    changes: { type: 'string', default: '100' },
    gap: { type: 'string', default: '50' },
    out: { type: 'string' },
  },
});
const int = (name: string, text: string, min: number) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name}: "${text}" is not an integer ≥ ${min}`);
  return n;
};
const changes = int('changes', args.changes, 1);
const gapMs = int('gap', args.gap, 0);

const log = (message: string) => process.stderr.write(`[bench:config] ${message}\n`);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const summary = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return {
    p50Ms: round2(percentile(sorted, 50)),
    p95Ms: round2(percentile(sorted, 95)),
    maxMs: round2(sorted.at(-1)!),
  };
};

async function main() {
  const loadBefore = loadavg()[0]!;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? '';
  await redis.quit();

  log('starting two instances on a scratch database');
  const two = await startTwoInstances({
    adminUrl,
    redisUrl,
    prefix: 'croupier_bench_config',
    catalogueCacheMs: 60_000,
  });
  const put: number[] = [];
  const heard: number[] = [];
  const visible: number[] = [];
  const afterCommit: number[] = [];
  let postgres = '';
  let mechanism = '';
  let lateWords = 0;
  let unheard = 0;
  try {
    const { a, b } = two;
    const rows = (await a.database.db.execute(sql`select current_setting('server_version') as v`)) as unknown as {
      rows: { v: string }[];
    };
    postgres = rows.rows[0]!.v;
    const dice = await two.gameId('dice');
    mechanism = hasGameEditor(a) ? 'PUT /api/backoffice/games/:id' : 'changeConfig (no game editor route)';
    log(`changes through ${mechanism}`);
    let heardAt = 0;
    b.app.configBus.on('lobby', () => {
      if (heardAt === 0) heardAt = performance.now();
    });

    // Warm-up: connections, the JIT, the first outbox pass.
    for (let i = 0; i < 5; i++) {
      await setGameEnabled(a, two.staffToken, dice, i % 2 === 1);
      await msUntil(async () => (await lobbyLists(b, 'dice')) === (i % 2 === 1), performance.now());
    }
    await setGameEnabled(a, two.staffToken, dice, true);
    await msUntil(() => lobbyLists(b, 'dice'), performance.now());

    for (let i = 0; i < changes; i++) {
      const enabled = i % 2 === 1;
      await new Promise((r) => setTimeout(r, gapMs));
      // Delivery is at least once: a word that arrives late (a repeat of an earlier change) drops B's cache
      // too. Count it, and warm B again after it, so each sample starts from a warm cache.
      if (heardAt !== 0) lateWords++;
      heardAt = 0;
      // B's cache holds the current state: only the bus can make it answer the new one.
      if ((await lobbyLists(b, 'dice')) === enabled) throw new Error(`change ${i}: B already shows the new state`);
      const start = performance.now();
      await setGameEnabled(a, two.staffToken, dice, enabled);
      const committed = performance.now();
      const seen = await msUntil(async () => (await lobbyLists(b, 'dice')) === enabled, start, 5000);
      const heardThis = heardAt;
      heardAt = 0; // a repeat of this word from now on is counted as late before the next change
      if (heardThis === 0 || heardThis < start) {
        // B reloaded without this change's word (a late repeat dropped its cache after the warm read): no sample.
        unheard++;
        continue;
      }
      visible.push(seen);
      put.push(committed - start);
      heard.push(heardThis - start);
      afterCommit.push(heardThis - committed);
      if ((i + 1) % 20 === 0) log(`${i + 1}/${changes} changes`);
    }
  } finally {
    await two.close();
    log('dropped the scratch database');
  }

  const results = [
    { case: 'the change on A (commit)', ...summary(put) },
    { case: 'A→B heard (change start → B listener)', ...summary(heard) },
    { case: 'A→B visible (change start → B lobby)', ...summary(visible) },
    { case: 'after commit (change answered → B listener)', ...summary(afterCommit) },
  ];
  const out = {
    when: new Date().toISOString(),
    machine: machineOf(),
    postgres,
    redis: redisVersion,
    node: process.version,
    loadAverage: { before: round2(loadBefore), after: round2(loadavg()[0]!) },
    mechanism,
    options: { changes, gapMs },
    samples: heard.length,
    /** Words B heard between samples (repeats of a change already applied: delivery is at least once). */
    lateWords,
    /** Changes B showed before its listener heard them (its cache dropped by a late repeat): left out. */
    unheard,
    results,
  };
  console.log(`| step (${heard.length} of ${changes} changes) | p50 ms | p95 ms | max ms |`);
  console.log('|---|---:|---:|---:|');
  for (const r of results) console.log(`| ${r.case} | ${r.p50Ms} | ${r.p95Ms} | ${r.maxMs} |`);
  console.log(JSON.stringify(out, null, 2));
  if (args.out) writeFileSync(args.out, JSON.stringify(out, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
