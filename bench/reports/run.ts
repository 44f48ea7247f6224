// Reports benchmark (issue 28, decision 0121): the daily financial report and the games report over 366 days of
// rollups as 10M rounds would leave them, through the real app (app.inject, no network) as a finance member.
//   node --import tsx bench/reports/run.ts [--rounds 10000000] [--days 366] [--games 250] [--players 200000]
//     [--samples 50] [--warmup 5] [--out /tmp/reports.json] [--development]
// seed.ts writes the rollups straight into a scratch database (generate_series; about a minute): daily_games for
// every game, currency and day played (≈ 230k rows at the defaults), daily_players for a daily active base of
// 2.8 % of the players (≈ 2M rows), daily_figures per day and currency, bonus cost and milestones. Each case is
// timed `samples` times after `warmup` untimed calls; the query's EXPLAIN ANALYZE goes to stderr. The games
// report's query alone is also timed both ways in the same run, interleaved: `daily_games` only (the path before
// `monthly_games`) and whole months + edge days (the report's path). The app runs
// with NODE_ENV=production (no response validation) unless --development.
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; the
// bench creates croupier_bench_reports_<run> there and drops it at the end. Progress goes to stderr; the table
// and then the JSON results go to stdout.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { dailyGamePages, gamePages, splitMonths } from '../../apps/server/src/modules/reporting/queries/games.ts';
import { collect, JSON_PAGE } from '../../apps/server/src/modules/reporting/queries/pages.ts';
import { newStaffToken, tokenHashOf } from '../../apps/server/src/modules/staff/auth/tokens.ts';
import { admin, dropScratchDatabase, machineOf, percentile, round2 } from '../lib/process.ts';
import { seedRollups } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '366' },
    games: { type: 'string', default: '250' },
    players: { type: 'string', default: '200000' },
    samples: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    out: { type: 'string' },
    development: { type: 'boolean', default: false },
  },
});
const int = (name: string, text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: "${text}" is not a positive integer`);
  return n;
};
const opts = {
  rounds: int('rounds', args.rounds),
  days: int('days', args.days),
  games: int('games', args.games),
  players: int('players', args.players),
  samples: int('samples', args.samples),
  warmup: int('warmup', args.warmup),
  from: '2025-01-01',
};
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dayBefore = (day: string, n: number) => dayAfter(day, -n);
const to = dayAfter(opts.from, opts.days - 1);
const production = !args.development;

const log = (message: string) => process.stderr.write(`[bench:reports] ${message}\n`);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `croupier_bench_reports_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const CASES = [
  { name: `daily, ${opts.days} days, every currency`, url: `/api/backoffice/reports/daily?from=${opts.from}&to=${to}` },
  {
    name: `daily, ${opts.days} days, EUR`,
    url: `/api/backoffice/reports/daily?from=${opts.from}&to=${to}&currency=EUR`,
  },
  { name: `games, ${opts.days} days, every currency`, url: `/api/backoffice/reports/games?from=${opts.from}&to=${to}` },
  {
    name: `games, ${opts.days} days, EUR`,
    url: `/api/backoffice/reports/games?from=${opts.from}&to=${to}&currency=EUR`,
  },
  {
    name: 'games, last 30 days, every currency',
    url: `/api/backoffice/reports/games?from=${dayBefore(to, 29)}&to=${to}`,
  },
];

interface Result {
  case: string;
  rows: number;
  bytes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** The SQL each report runs for its first page, as the planner sees it (values inlined). */
const PLANS: Record<string, string> = {
  daily: `select * from reporting.daily_figures where day >= '${opts.from}' and day <= '${to}'
          order by day, currency limit 1000`,
  'games (daily_games only)': `select game_id, currency, min(provider_id), sum(rounds), sum(stakes), sum(payouts), sum(real_stakes),
                 sum(real_payouts) from reporting.daily_games where day >= '${opts.from}' and day <= '${to}'
           group by game_id, currency order by game_id, currency limit 1000`,
  'games (months + edge days)': (() => {
    const split = splitMonths(opts.from, to);
    const cols = 'game_id, provider_id, currency, rounds, stakes, payouts, real_stakes, real_payouts';
    const branches = [
      ...(split.months
        ? [
            `select ${cols} from reporting.monthly_games
             where month >= '${split.months.from}' and month <= '${split.months.to}'`,
          ]
        : []),
      ...split.days.map(
        (d) => `select ${cols} from reporting.daily_games where day >= '${d.from}' and day <= '${d.to}'`,
      ),
    ];
    return `select game_id, currency, min(provider_id), sum(rounds), sum(stakes), sum(payouts), sum(real_stakes),
                   sum(real_payouts) from (${branches.join(' union all ')}) x
             group by game_id, currency order by game_id, currency limit 1000`;
  })(),
};

async function main() {
  log(`creating ${dbName}`);
  await admin(adminUrl, `CREATE DATABASE ${dbName}`);
  const raw = new pg.Client({ connectionString: dbUrl });
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const results: Result[] = [];
  const loadBefore = loadavg()[0]!;
  let version = '';
  let counts: Record<string, number> = {};
  try {
    database = await openDatabase({ databaseUrl: dbUrl, poolSize: 5 });
    await database.migrate();
    if (production) process.env.NODE_ENV = 'production';
    const config = loadConfig({
      NODE_ENV: production ? 'production' : 'test',
      ...(production ? { DEMO: 'true', JWT_SECRET: randomBytes(32).toString('hex') } : {}),
      LOG_LEVEL: process.env.BENCH_LOG === '1' ? 'error' : 'silent',
      SEED_DEMO_DATA: 'false',
      DATABASE_URL: dbUrl,
    });
    app = await buildApp({ config, database, logger: process.env.BENCH_LOG === '1' });
    await app.ready();

    await raw.connect();
    version = (await raw.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
    log(`seeding ${opts.rounds.toLocaleString('en')} rounds over ${opts.days} days (${opts.from} to ${to})…`);
    counts = await seedRollups(raw, opts, log);
    // A finance member with an open session, as the test helper makes one (sign-in is not measured).
    const token = newStaffToken();
    const staff = await raw.query<{ id: string }>(
      `insert into staff.accounts (email, name, role, password_hash) values ('bench@staff.test', 'Bench', 'finance', 'x')
       returning id`,
    );
    await raw.query(
      `insert into staff.sessions (staff_id, token_hash, expires_at) values ($1, $2, now() + interval '12 hours')`,
      [staff.rows[0]!.id, tokenHashOf(token)],
    );

    for (const c of CASES) {
      const once = async () => {
        const t0 = performance.now();
        const res = await app!.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
        return { ms, rows: (res.json() as { data: unknown[] }).data.length, bytes: res.rawPayload.length };
      };
      for (let i = 0; i < opts.warmup; i++) await once();
      const times: number[] = [];
      let last = { rows: 0, bytes: 0 };
      for (let i = 0; i < opts.samples; i++) {
        const r = await once();
        times.push(r.ms);
        last = r;
      }
      times.sort((a, b) => a - b);
      const result: Result = {
        case: c.name,
        rows: last.rows,
        bytes: last.bytes,
        p50Ms: round2(percentile(times, 50)),
        p95Ms: round2(percentile(times, 95)),
        maxMs: round2(times.at(-1)!),
      };
      results.push(result);
      log(`${c.name}: ${result.rows} rows, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`);
    }
    // The games query alone, before (days only) and after (months + edge days), alternating sample by sample.
    const db = database.db;
    const ranges = [
      { label: `${opts.days} days`, range: { from: opts.from, to } },
      { label: `${opts.days} days, EUR`, range: { from: opts.from, to, currency: 'EUR' } },
      { label: 'mid-month to mid-month', range: { from: dayAfter(opts.from, 14), to: dayBefore(to, 14) } },
    ];
    for (const { label, range } of ranges) {
      const paths = [
        { name: `games query, ${label}: daily_games only (before)`, pages: dailyGamePages },
        { name: `games query, ${label}: months + edge days (after)`, pages: gamePages },
      ];
      const times: number[][] = paths.map(() => []);
      const answers: string[] = [];
      for (let i = 0; i < opts.warmup + opts.samples; i++) {
        for (const [n, path] of paths.entries()) {
          const t0 = performance.now();
          const rows = await collect(path.pages(db, range, JSON_PAGE));
          if (i >= opts.warmup) times[n]!.push(performance.now() - t0);
          if (i === 0) answers[n] = JSON.stringify(rows, (_, v) => (typeof v === 'bigint' ? String(v) : v));
        }
      }
      if (answers[0] !== answers[1]) throw new Error(`games query, ${label}: the two paths answer differently`);
      for (const [n, path] of paths.entries()) {
        const sorted = times[n]!.sort((a, b) => a - b);
        const result: Result = {
          case: path.name,
          rows: (JSON.parse(answers[n]!) as unknown[]).length,
          bytes: answers[n]!.length,
          p50Ms: round2(percentile(sorted, 50)),
          p95Ms: round2(percentile(sorted, 95)),
          maxMs: round2(sorted.at(-1)!),
        };
        results.push(result);
        log(`${path.name}: ${result.rows} rows, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`);
      }
    }
    for (const [name, text] of Object.entries(PLANS)) {
      const plan = await raw.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, timing off) ${text}`);
      log(`plan of the ${name} report's page:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
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
    nodeEnv: production ? 'production' : 'test',
    loadAverage: { before: round2(loadBefore), after: round2(loadavg()[0]!) },
    options: { ...opts, to },
    rollupRows: counts,
    results,
  };
  console.log('| report | rows | bytes | p50 ms | p95 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.case} | ${r.rows} | ${r.bytes.toLocaleString('en')} | ${r.p50Ms} | ${r.p95Ms} | ${r.maxMs} |`);
  }
  console.log(JSON.stringify(out, null, 2));
  if (args.out) writeFileSync(args.out, JSON.stringify(out, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
