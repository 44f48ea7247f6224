// Back-office player search benchmark (decision 0107): GET /api/backoffice/players?search=… over a player table
// of --players rows, through the real app (app.inject, no network), signed in as a support staff member.
//   node --import tsx bench/backoffice/run.ts [--players 100000] [--samples 100] [--warmup 10]
//     [--per-page 25] [--out /tmp/backoffice.json] [--production]
// Every player gets a distinct e-mail (a random-looking local part, five domains), phone (49151 + 7 digits),
// nickname and one session (for lastLoginAt), written by one generate_series INSERT each. Each case is timed
// `samples` times, each sample searching for another player's value (a cache of one row measures nothing).
// Cases: the newest page without a search; an e-mail prefix of 8 characters (a handful of matches) and of one
// character (about 1/16 of the table); a whole phone and a 10-digit phone prefix (10 matches); a nickname
// prefix; a UUID; an external id. Next to each, the EXPLAIN ANALYZE of its page query goes to stderr.
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; the
// bench creates a scratch database croupier_bench_backoffice_<run> there and drops it at the end. Progress
// goes to stderr; the table and then the JSON results go to stdout.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { newStaffToken, tokenHashOf } from '../../apps/server/src/modules/staff/auth/tokens.ts';
import { admin, dropScratchDatabase, machineOf, percentile, round2 } from '../lib/process.ts';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '100000' },
    samples: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    'per-page': { type: 'string', default: '25' },
    out: { type: 'string' },
    production: { type: 'boolean', default: false },
  },
});
const int = (name: string, text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name}: "${text}" is not a positive integer`);
  return n;
};
const players = int('players', args.players);
const samples = int('samples', args.samples);
const warmup = int('warmup', args.warmup);
const perPage = int('per-page', args['per-page']);

const log = (message: string) => process.stderr.write(`[bench:backoffice] ${message}\n`);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `croupier_bench_backoffice_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

/** A sample player's searchable values. */
interface Sample {
  id: string;
  externalId: number;
  email: string;
  phone: string;
  nickname: string;
}

/** What each case searches for, given a sample player. */
const CASES: { name: string; search: (p: Sample) => string }[] = [
  { name: 'no search (newest page)', search: () => '' },
  { name: 'e-mail prefix, 8 chars', search: (p) => p.email.slice(0, 8) },
  { name: 'e-mail prefix, 1 char', search: (p) => p.email.slice(0, 1) },
  { name: 'whole e-mail', search: (p) => p.email },
  {
    name: 'phone, whole (+49 151 …)',
    search: (p) => `+${p.phone.slice(0, 2)} ${p.phone.slice(2, 5)} ${p.phone.slice(5)}`,
  },
  { name: 'phone prefix, 10 digits', search: (p) => p.phone.slice(0, 10) },
  { name: 'nickname prefix', search: (p) => p.nickname.slice(0, -1).toLowerCase() },
  { name: 'UUID', search: (p) => p.id },
  { name: 'external id', search: (p) => String(p.externalId) },
];

interface Result {
  case: string;
  players: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Rows on the pages answered (min–max over the samples). */
  pageRows: [number, number];
}

async function seed(raw: pg.Client) {
  const started = performance.now();
  // One statement per table; created_at one minute apart back from now, so "newest first" has a spread.
  await raw.query(
    `insert into player.players (email, phone, password_hash, country, nickname, currency, created_at, updated_at)
     select substr(md5('e' || g), 1, 10) || '.' || g || '@' ||
              (array['example.com','mail.test','casino.test','post.example','inbox.test'])[1 + g % 5],
            '49151' || lpad(g::text, 7, '0'),
            'bench-not-a-hash',
            (array['DE','AT','FI','SE','NL','IE','MT'])[1 + g % 7],
            (array['Lucky','Ace','Maverick','Jack','Queen','Spinner','Jolly','Rook'])[1 + g % 8] || g,
            'EUR',
            now() - make_interval(mins => $1 - g), now() - make_interval(mins => $1 - g)
       from generate_series(1, $1::int) g`,
    [players],
  );
  await raw.query(
    `insert into player.sessions (player_id, ip, country, device_type, user_agent, method, jti, created_at, last_seen_at,
                                  refresh_until)
     select id, '10.0.0.1', country, 'desktop', 'bench', 'password', md5(id::text), created_at + interval '1 minute',
            created_at + interval '2 minutes', now() + interval '30 days'
       from player.players`,
  );
  await raw.query('vacuum analyze player.players');
  await raw.query('vacuum analyze player.sessions');
  log(
    `${players.toLocaleString('en')} players and sessions ready in ${round2((performance.now() - started) / 1000)} s`,
  );
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
    if (args.production) process.env.NODE_ENV = 'production';
    const config = loadConfig({
      NODE_ENV: args.production ? 'production' : 'test',
      ...(args.production ? { DEMO: 'true', JWT_SECRET: randomBytes(32).toString('hex') } : {}),
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      DATABASE_URL: dbUrl,
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();

    await raw.connect();
    version = (await raw.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
    await seed(raw);
    // A support staff member with an open session, as the test helper makes one (sign-in is not measured).
    const token = newStaffToken();
    const staff = await raw.query<{ id: string }>(
      `insert into staff.accounts (email, name, role, password_hash) values ('bench@staff.test', 'Bench', 'support', 'x')
       returning id`,
    );
    await raw.query(
      `insert into staff.sessions (staff_id, token_hash, expires_at) values ($1, $2, now() + interval '12 hours')`,
      [staff.rows[0]!.id, tokenHashOf(token)],
    );
    const picked = await raw.query<Sample>(
      `select id, external_id as "externalId", email, phone, nickname from player.players order by random() limit 200`,
    );
    const pool = picked.rows;

    for (const c of CASES) {
      const once = async (p: Sample) => {
        const url = `/api/backoffice/players?perPage=${perPage}&search=${encodeURIComponent(c.search(p))}`;
        const t0 = performance.now();
        const res = await app!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        const body = res.json() as { data: { id: string }[] };
        if (body.data.length === 0) throw new Error(`${url}: nobody found`);
        return { ms, rows: body.data.length };
      };
      for (let i = 0; i < warmup; i++) await once(pool[i % pool.length]!);
      const times: number[] = [];
      const rows: number[] = [];
      for (let i = 0; i < samples; i++) {
        const r = await once(pool[(i * 7) % pool.length]!);
        times.push(r.ms);
        rows.push(r.rows);
      }
      times.sort((a, b) => a - b);
      const result: Result = {
        case: c.name,
        players,
        samples,
        p50Ms: round2(percentile(times, 50)),
        p95Ms: round2(percentile(times, 95)),
        maxMs: round2(times.at(-1)!),
        pageRows: [Math.min(...rows), Math.max(...rows)],
      };
      results.push(result);
      log(`${c.name}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`);
      await explain(raw, c.search(pool[0]!));
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
  console.log('| search | players | p50 ms | p95 ms | max ms | rows on the page |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.case} | ${r.players.toLocaleString('en')} | ${r.p50Ms} | ${r.p95Ms} | ${r.maxMs} | ${r.pageRows.join('–')} |`,
    );
  }
  console.log(JSON.stringify(out, null, 2));
  if (args.out) writeFileSync(args.out, JSON.stringify(out, null, 2));
}

/** The page query's plan for one search (the same SQL the search runs, values inlined by the planner). */
async function explain(raw: pg.Client, search: string) {
  const text = search.trim();
  const lower = text.toLowerCase();
  const like = `${lower.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const digits = text.replace(/\D/g, '');
  const terms = ['email like $1', 'lower(nickname) like $1'];
  const values: unknown[] = [like];
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)) {
    terms.splice(0, terms.length, 'id = $1::uuid');
    values.splice(0, 1, lower);
  } else if (/^\+?[\d\s().-]+$/.test(text) && digits) {
    terms.push(`phone like $${values.push(`${digits}%`)}`);
    if (/^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647)
      terms.push(`external_id = $${values.push(Number(text))}`);
  }
  const where = text ? `where ${terms.join(' or ')}` : '';
  const plan = await raw.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers off, timing off, summary on)
     select id from player.players ${where} order by external_id desc limit ${perPage}`,
    text ? values : [],
  );
  log(`  plan:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
