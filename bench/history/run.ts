// History benchmark: GET /api/game/bets (page 1 and a deep page) for one player whose rounds fill
// wallet.seamless_rounds, at growing table sizes, through the real app (app.inject, no network).
//   node --import tsx bench/history/run.ts [--rows 10000,10000000] [--pages 1,1000] [--per-page 10]
//     [--samples 50] [--warmup 5] [--batch 1000000] [--player-rows N] [--out /tmp/history.json]
//     [--no-breakdown] [--production]
// Next to each request it times its parts on their own (--no-breakdown skips them): an unauthenticated
// request through app.inject (/api/health: routing, hooks, serialisation), the handler's database work
// (listBets called directly), and the page query and the capped count alone on a raw connection. With
// --production the app is built with NODE_ENV=production (no response-schema check, as deployed).
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; the
// bench creates a scratch database croupier_bench_history_<run> there and drops it at the end.
// Sizes are cumulative (rows are added up to each size in turn); every row belongs to the one player (the
// worst case for that player's history) unless --player-rows caps the player's share, the rest then going
// to 10,000 other players. Rounds: the 5 newest open, then 3 % rolled back and the rest settled
// (a third of them won); one per second back from now. Progress goes to stderr; the table and then the JSON results go to stdout.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { listBets } from '../../apps/server/src/modules/game/history.ts';
import { lobbyCacheOf } from '../../apps/server/src/modules/game/lobby-cache.ts';
import { seedGames } from '../../apps/server/src/modules/game/seed.ts';
import { roundCountLimit } from '../../apps/server/src/modules/wallet/seamless/history.ts';
import { admin, dropScratchDatabase, machineOf, percentile, round2 } from '../lib/process.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000,10000000' },
    pages: { type: 'string', default: '1,1000' },
    'per-page': { type: 'string', default: '10' },
    samples: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    batch: { type: 'string', default: '1000000' },
    'player-rows': { type: 'string' },
    out: { type: 'string' },
    'no-breakdown': { type: 'boolean', default: false },
    production: { type: 'boolean', default: false },
  },
});
const ints = (name: string, text: string) =>
  text.split(',').map((v) => {
    const n = Number(v.trim());
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: "${v}" is not a positive integer`);
    return n;
  });
const sizes = ints('rows', args.rows).sort((a, b) => a - b);
const pages = ints('pages', args.pages);
const perPage = ints('per-page', args['per-page'])[0]!;
const samples = ints('samples', args.samples)[0]!;
const warmup = ints('warmup', String(Number(args.warmup) || 1))[0]!;
const batch = ints('batch', args.batch)[0]!;
/** Rows of the measured player; the rest of each size goes to 10,000 other players. Default: every row. */
const playerRows = args['player-rows'] ? ints('player-rows', args['player-rows'])[0]! : Number.POSITIVE_INFINITY;

const log = (message: string) => process.stderr.write(`[bench:history] ${message}\n`);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `croupier_bench_history_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

interface Breakdown {
  /** GET /api/health through app.inject: the cost of any request without auth or database. */
  injectOnlyP50Ms: number;
  /** listBets(db, …) called directly: every query of the handler, no HTTP, no auth. */
  handlerDbP50Ms: number;
  /** The page query alone and the capped count alone, on a raw connection (one round trip each). */
  pageQueryP50Ms: number;
  countQueryP50Ms: number;
}

interface Result {
  rows: number;
  playerRows: number;
  page: number;
  perPage: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  breakdown?: Breakdown;
  plan?: string;
}

async function main() {
  log(`creating ${dbName}`);
  await admin(adminUrl, `CREATE DATABASE ${dbName}`);
  const raw = new pg.Client({ connectionString: dbUrl });
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const results: Result[] = [];
  const loadBefore = loadavg()[0]!;
  let version = '';
  try {
    database = await openDatabase({ databaseUrl: dbUrl, poolSize: 5 });
    await database.migrate();
    await seedGames(database.db);
    if (args.production) process.env.NODE_ENV = 'production';
    const config = loadConfig({
      NODE_ENV: args.production ? 'production' : 'test',
      // Production guards: this is a loopback bench, not a deployment.
      ...(args.production ? { DEMO: 'true', JWT_SECRET: randomBytes(32).toString('hex') } : {}),
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      DATABASE_URL: dbUrl,
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    // The lobby cache as deployed (decision 0047; NODE_ENV=test turns it off): the page's game names from memory.
    lobbyCacheOf(database.db).ttls = { catalogueMs: 10_000, winnersMs: 5_000 };
    const registered = await app.inject({
      method: 'POST',
      url: '/api/player/register',
      payload: {
        email: `bench-${randomBytes(4).toString('hex')}@example.com`,
        password: 'secret-pass-1',
        currency: 'EUR',
        country: 'DE',
        agreements: 1,
        receiveEmailPromo: 0,
        receiveSmsPromo: 0,
        locale: 'en',
        fingerprint: 'bench',
      },
    });
    if (registered.statusCode !== 200) throw new Error(`registration failed: ${registered.body}`);
    const { accessToken, profile } = registered.json().data as { accessToken: string; profile: { id: string } };

    await raw.connect();
    version = (await raw.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
    let inserted = 0;
    let others = 0;
    for (const size of sizes) {
      const started = performance.now();
      const mine = Math.min(size, playerRows);
      while (others < size - mine) {
        const to = Math.min(size - mine, others + batch);
        await raw.query(
          `insert into wallet.seamless_rounds
             (provider_id, round_id, player_id, game_id, currency, bet_total, win_total, status, created_at, settled_at)
           select 'croupier-studio', 'other-' || g, md5('other-player-' || (g % 10000))::uuid,
             (array['neon-fruits','european-roulette','blackjack','dice','mines','plinko'])[1 + g % 6], 'EUR',
             100 + g % 900, case when g % 3 = 0 then (100 + g % 900) * 2 else 0 end, 'settled',
             now() - make_interval(secs => g), now() - make_interval(secs => g)
           from generate_series($1::bigint, $2::bigint) g`,
          [others + 1, to],
        );
        others = to;
        log(`  ${others.toLocaleString('en')} rows of other players`);
      }
      while (inserted < mine) {
        const to = Math.min(mine, inserted + batch);
        await raw.query(
          `insert into wallet.seamless_rounds
             (provider_id, round_id, player_id, game_id, currency, bet_total, win_total, status, created_at, settled_at)
           select 'croupier-studio', 'bench-' || g, $1::uuid,
             (array['neon-fruits','european-roulette','blackjack','dice','mines','plinko'])[1 + g % 6], 'EUR',
             100 + g % 900,
             case when g <= 5 or g % 100 < 3 then 0 when g % 3 = 0 then (100 + g % 900) * 2 else 0 end,
             case when g <= 5 then 'open' when g % 100 < 3 then 'rolled_back' else 'settled' end,
             now() - make_interval(secs => g), case when g <= 5 then null else now() - make_interval(secs => g) end
           from generate_series($2::bigint, $3::bigint) g`,
          [profile.id, inserted + 1, to],
        );
        inserted = to;
        log(`  ${inserted.toLocaleString('en')} rows of the player`);
      }
      await raw.query('vacuum analyze wallet.seamless_rounds');
      log(`${size.toLocaleString('en')} rows ready in ${round2((performance.now() - started) / 1000)} s`);

      for (const page of pages) {
        const url = `/api/game/bets?page=${page}&perPage=${perPage}`;
        const once = async () => {
          const t0 = performance.now();
          const res = await app!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${accessToken}` } });
          const ms = performance.now() - t0;
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
          const body = res.json() as { data: unknown[]; meta: { totalRows: number } };
          if (body.data.length === 0) throw new Error(`${url}: empty page (${body.meta.totalRows} rows)`);
          return ms;
        };
        for (let i = 0; i < warmup; i++) await once();
        const times: number[] = [];
        for (let i = 0; i < samples; i++) times.push(await once());
        times.sort((a, b) => a - b);
        const breakdown = args['no-breakdown']
          ? undefined
          : await breakdownOf(app!, database!, raw, profile.id, page, perPage);
        const plan = (
          await raw.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers off, timing off, summary on)
             select * from wallet.seamless_rounds where player_id = $1 and status in ('settled','rolled_back')
             order by created_at desc, round_id desc limit ${perPage} offset ${(page - 1) * perPage}`,
            [profile.id],
          )
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        const result: Result = {
          rows: size,
          playerRows: mine,
          page,
          perPage,
          samples,
          p50Ms: round2(percentile(times, 50)),
          p95Ms: round2(percentile(times, 95)),
          maxMs: round2(times.at(-1)!),
          breakdown,
          plan,
        };
        results.push(result);
        log(`${size} rows, page ${page}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`);
        if (breakdown) log(`  parts (p50 ms): ${JSON.stringify(breakdown)}`);
        log(`  rows query plan (EXPLAIN ANALYZE):\n${plan.replace(/^/gm, '    ')}`);
      }
    }
  } finally {
    await raw.end().catch(() => {});
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    await dropScratchDatabase(adminUrl, dbName);
    log(`dropped ${dbName}`);
  }

  const out = {
    when: new Date().toISOString(),
    machine: machineOf(),
    postgres: version,
    node: process.version,
    loadAverage: { before: round2(loadBefore), after: round2(loadavg()[0]!) },
    results,
  };
  console.log(
    '| rows in seamless_rounds | of the player | page | perPage | p50 ms | p95 ms | max ms | inject only | handler db | page query | count query |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const n = (v: number) => v.toLocaleString('en');
    const b = r.breakdown;
    const parts = b
      ? `${b.injectOnlyP50Ms} | ${b.handlerDbP50Ms} | ${b.pageQueryP50Ms} | ${b.countQueryP50Ms}`
      : '– | – | – | –';
    console.log(
      `| ${n(r.rows)} | ${n(r.playerRows)} | ${r.page} | ${r.perPage} | ${r.p50Ms} | ${r.p95Ms} | ${r.maxMs} | ${parts} |`,
    );
  }
  console.log(JSON.stringify(out, null, 2));
  if (args.out) writeFileSync(args.out, JSON.stringify(out, null, 2));
}

/** p50 of `samples` sequential runs of `fn` (after `warmup` unmeasured ones), in ms. */
async function p50Of(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return round2(
    percentile(
      times.sort((a, b) => a - b),
      50,
    ),
  );
}

async function breakdownOf(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: Awaited<ReturnType<typeof openDatabase>>,
  raw: pg.Client,
  playerId: string,
  page: number,
  perPage: number,
): Promise<Breakdown> {
  const where = `player_id = $1 and status in ('settled','rolled_back')`;
  return {
    injectOnlyP50Ms: await p50Of(() => app.inject({ method: 'GET', url: '/api/health' })),
    handlerDbP50Ms: await p50Of(() => listBets(database.db, { playerId, isSettled: true, page, perPage })),
    pageQueryP50Ms: await p50Of(() =>
      raw.query(
        `select * from wallet.seamless_rounds where ${where} order by created_at desc, round_id desc limit $2 offset $3`,
        [playerId, perPage, (page - 1) * perPage],
      ),
    ),
    countQueryP50Ms: await p50Of(() =>
      raw.query(`select count(*) from (select 1 from wallet.seamless_rounds where ${where} limit $2) capped`, [
        playerId,
        roundCountLimit(page, perPage),
      ]),
    ),
  };
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
