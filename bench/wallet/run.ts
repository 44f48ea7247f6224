// Wallet benchmark: seamless-wallet bet + win round trips against the real server on PostgreSQL, next to
// pgbench's TPC-B-like script on the same PostgreSQL at the same client count.
//   node --import tsx bench/wallet/run.ts [--concurrency 16] [--players 16] [--seconds 15] [--warmup 2]
//     [--max-round-trips 200000] [--modes spread,hot] [--no-pgbench] [--build] [--out /tmp/wallet.json]
//     [--notify-trigger] [--cpu-prof /tmp/wallet-prof] [--limits] [--bonus] [--sql "<statement>"] [--no-ceiling]
// The server runs with count-queries.ts preloaded: statements per call (BEGIN/COMMIT apart) and pool waits
// are counted inside it. --notify-trigger adds a statement-level NOTIFY trigger on outbox.events, to
// measure what waking dispatchers from every commit would cost (docs/decisions/0027). --limits gives every
// player a daily bet limit and a daily loss limit (never reached), so every movement counts them (decision 0040).
// --sql runs a statement on the server's database once it is migrated (an experiment: what does this constraint
// or index cost per movement?), repeatable. Unless --no-ceiling, the first mode's first round is recorded inside
// the server and replayed by pgbench on the server's database once it stops (ceiling.ts): PostgreSQL's own
// bound for these statements, as sent and pipelined.
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; the
// bench creates two scratch databases there (server, pgbench) and drops them at the end.
// Progress goes to stderr; the table and then the JSON results go to stdout.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { admin, cpuMsOf, freePort, postgresCpuMs, stopServer, waitForReady } from '../lib/process.ts';
import { round } from '../ssr/load.ts';
import { type CeilingResult, recorded, runCeiling, startRecording } from './ceiling.ts';
import type { RecordedStatement } from './count-queries.ts';
import { type Latency, type Provider, type RoundTripResult, runRoundTrips } from './load.ts';
import { type PgbenchResult, runPgbench } from './pgbench.ts';
import { queryCounts, type StatementProfile, statementProfile } from './statements.ts';
import { sampleWaits, type WaitProfile } from './waits.ts';

const { values: args } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '16' },
    players: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '2' },
    'max-round-trips': { type: 'string', default: '200000' },
    modes: { type: 'string', default: 'spread,hot' },
    'no-pgbench': { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    out: { type: 'string' },
    'notify-trigger': { type: 'boolean', default: false },
    limits: { type: 'boolean', default: false },
    /** Every player holds an active bonus that wagering never completes: the bonus rule's full cost per call. */
    bonus: { type: 'boolean', default: false },
    /** A directory: the server runs with --cpu-prof and writes its profile there when it stops. */
    'cpu-prof': { type: 'string' },
    sql: { type: 'string', multiple: true, default: [] },
    'no-ceiling': { type: 'boolean', default: false },
  },
});
const num = (name: 'concurrency' | 'players' | 'seconds' | 'warmup' | 'max-round-trips', min = 1) => {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return n;
};
const opts = {
  concurrency: num('concurrency'),
  players: num('players'),
  seconds: num('seconds'),
  warmup: num('warmup', 0),
  maxRoundTrips: num('max-round-trips'),
  modes: args.modes.split(',').map((m) => m.trim()),
};
for (const mode of opts.modes) {
  if (mode !== 'spread' && mode !== 'hot') throw new Error(`--modes: unknown mode "${mode}" (spread, hot)`);
}

const root = resolve(import.meta.dirname, '../..');
const log = (message: string) => process.stderr.write(`[bench:wallet] ${message}\n`);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const provider: Provider = { id: 'bench', secret: randomBytes(24).toString('hex') };
/** Stake and payout of every round: the house keeps half, so balances drift slowly and never run out. */
const BET = '1.00';
const WIN = '0.50';
const FUNDS = 1_000_000;

const urlOf = (database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; connections: string }>(
      "select current_setting('server_version') as version, current_setting('max_connections') as connections",
    );
    return `${rows[0]?.version} (max_connections ${rows[0]?.connections})`;
  } finally {
    await client.end();
  }
}

async function startServer(port: number, dataDir: string, databaseUrl: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: `${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO_DATA: 'false',
    // The development credit and launch-token endpoints fund and seat the bench's players: a demo start
    // (production code paths, with the dev routes a production start refuses).
    DEMO: 'true',
    DEV_MAILBOX: 'true',
    DEV_OIDC_PROVIDER: 'false',
    SEAMLESS_PROVIDERS: JSON.stringify([{ ...provider, name: 'Bench', games: [], enabled: true }]),
  };
  delete env.RATES_URL;
  const counter = join(root, 'bench/wallet/count-queries.ts');
  const child = spawn(
    process.execPath,
    [
      ...(args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(args['cpu-prof'])] : []),
      '--import',
      'tsx',
      '--import',
      counter,
      join(root, 'apps/server/src/main.ts'),
    ],
    {
      cwd: root,
      // The server's output goes to our stderr, keeping stdout for results; IPC carries the query counts.
      stdio: ['ignore', 2, 2, 'ipc'],
      env,
    },
  );
  return waitForReady(child, port);
}

async function post(
  origin: string,
  path: string,
  body: unknown,
  ip?: string,
  token?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(ip ? { 'cf-connecting-ip': ip } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json.data as Record<string, unknown>;
}

/** A registered player (own client IP, so per-IP limits do not bite) with funds and a launch token. */
async function seatPlayer(origin: string, n: number, runId: string): Promise<string> {
  const registered = await post(
    origin,
    '/api/player/register',
    {
      email: `bench-${runId}-${n}@example.com`,
      password: 'bench-pass-1',
      currency: 'EUR',
      country: 'DE',
      agreements: 1,
      receiveEmailPromo: 0,
      receiveSmsPromo: 0,
      locale: 'en',
      fingerprint: 'bench',
      referralCode: '',
    },
    `10.77.${n >> 8}.${(n & 255) | 1}`,
  );
  const playerId = (registered.profile as { id: string }).id;
  await post(origin, '/api/dev/wallet/credit', { playerId, currency: 'EUR', amount: FUNDS });
  if (args.limits) {
    const token = registered.accessToken as string;
    for (const definition of [1, 2]) {
      const limit = { definition, period: 'daily', currency: 'EUR', amount: 1_000_000_000 };
      await post(origin, '/api/player/limits', limit, `10.77.${n >> 8}.${(n & 255) | 1}`, token);
    }
  }
  if (args.bonus) {
    const token = registered.accessToken as string;
    const applied = await post(
      origin,
      '/api/game/bonuses/bonuscodes',
      { bonusCode: BONUS_CODE, trigger: 1 },
      `10.77.${n >> 8}.${(n & 255) | 1}`,
      token,
    );
    if ((applied as { status?: number }).status !== 2)
      throw new Error(`bonus code not applied: ${JSON.stringify(applied)}`);
  }
  const launched = await post(origin, '/api/dev/seamless/launch-token', {
    playerId,
    currency: 'EUR',
    providerId: provider.id,
    gameId: 'bench-game',
  });
  return launched.token as string;
}

const BONUS_CODE = 'BENCHBONUS';

/** A cash bonus whose wagering (×1000 of 1,000 EUR) never completes in a run: it stays active throughout. */
const BONUS_DEFINITION = `
  with b as (
    insert into bonus.bonuses (identity, name, kind, amounts, wager_multiplier, reusable)
    values ('bench', 'Bench bonus', 'cash', '{"EUR": "100000"}', 1000, true) returning id
  )
  insert into bonus.codes (code, bonus_id, triggers) select '${BONUS_CODE}', id, '{1}' from b`;

type ModeResult = RoundTripResult & {
  mode: string;
  /** CPU per round trip (bet + win) of PostgreSQL and of this load generator, ms (the server's is in the result). */
  cpuMsPerRoundTrip: { postgres: number; loadGenerator: number };
  accounts: number;
  connections: WaitProfile;
  statements: StatementProfile;
};

/** Wakes every listening outbox dispatcher from each statement that writes events (the alternative 0027 weighs). */
const NOTIFY_TRIGGER = `
  create function outbox.bench_notify() returns trigger language plpgsql as
    $$ begin perform pg_notify('croupier_outbox', ''); return null; end $$;
  create trigger bench_notify after insert on outbox.events for each statement execute function outbox.bench_notify();`;

function table(modes: ModeResult[], bench: PgbenchResult | null, ceiling: CeilingResult | null): string {
  const lat = (l: Latency) => [l.p50, l.p95, l.p99];
  const rows: (string | number)[][] = [
    ['', 'per s', 'p50 ms', 'p95', 'p99', 'bet p50', 'p95', 'p99', 'win p50', 'p95', 'p99', 'CPU ms', 'errors'],
  ];
  for (const m of modes) {
    const label = `seamless bet+win, ${m.accounts} account${m.accounts === 1 ? '' : 's'}`;
    rows.push([label, m.roundTripsPerSecond, ...lat(m.roundTripMs), ...lat(m.betMs), ...lat(m.winMs)]);
    rows.at(-1)!.push(m.serverCpuMsPerRoundTrip, m.errors);
  }
  if (bench) {
    rows.push([`pgbench tpcb-like, -c ${bench.clients} -j ${bench.threads}`, bench.tps, ...lat(bench.latencyMs)]);
  }
  if (ceiling) {
    rows.push(['pgbench replaying bet+win, as sent', ceiling.asSent.tps, ...lat(ceiling.asSent.latencyMs)]);
    rows.push(['pgbench replaying bet+win, pipelined', ceiling.pipelined.tps, ...lat(ceiling.pipelined.latencyMs)]);
  }
  rows.push(
    [''],
    ['Per call (bet or win)', 'SQL', 'BEGIN/END', 'other', 'checkouts', 'full pool', 'wait ms', 'off pool'],
  );
  for (const m of modes) {
    const s = m.statements;
    rows.push([
      `${m.accounts} account${m.accounts === 1 ? '' : 's'}`,
      s.perRequest,
      s.transactionControl,
      s.other,
      s.checkouts,
      s.queuedShare,
      s.waitMsPerRequest,
      s.dedicated,
    ]);
  }
  rows.push([''], ['CPU ms per round trip (2 movements)', 'server', 'PostgreSQL', 'load generator', 'sum']);
  for (const m of modes) {
    const c = m.cpuMsPerRoundTrip;
    const sum = round(m.serverCpuMsPerRoundTrip + c.postgres + c.loadGenerator, 3);
    rows.push([
      `${m.accounts} account${m.accounts === 1 ? '' : 's'}`,
      m.serverCpuMsPerRoundTrip,
      c.postgres,
      c.loadGenerator,
      sum,
    ]);
  }
  if (bench) {
    const c = bench.cpuMsPerTransaction;
    rows.push(['pgbench, per transaction', '', c.postgres, c.client, round(c.postgres + c.client, 3)]);
  }
  if (ceiling) {
    for (const [label, r] of [
      ['as sent', ceiling.asSent],
      ['pipelined', ceiling.pipelined],
    ] as const) {
      const c = r.cpuMsPerTransaction;
      rows.push([`pgbench replay ${label}, per round trip`, '', c.postgres, c.client, round(c.postgres + c.client, 3)]);
    }
  }
  if (bench && ceiling) {
    const ratio = (tps: number) => round(tps / bench.tps, 2);
    rows.push(
      [''],
      ['Round trips/s ÷ tpcb-like tps', 'server', 'replay as sent', 'replay pipelined'],
      [
        `${modes[0]?.accounts ?? ''} accounts`,
        modes[0] ? ratio(modes[0].roundTripsPerSecond) : '',
        ratio(ceiling.asSent.tps),
        ratio(ceiling.pipelined.tps),
      ],
    );
  }
  rows.push([''], ['Server connections (average)', 'row lock', 'idle in tx', 'active', 'idle']);
  for (const m of modes) {
    const c = m.connections;
    rows.push([
      `${m.accounts} account${m.accounts === 1 ? '' : 's'}`,
      c.rowLock,
      c.idleInTransaction,
      c.active,
      c.idle,
    ]);
  }
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells.map((r) => r.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

async function main() {
  const buildFile = join(root, 'apps/web/build/server/index.js');
  if (args.build || !existsSync(buildFile)) {
    // main.ts serves the site too, so it needs a web build even though the bench only calls the API.
    log('building the web app (npm run build)…');
    const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) throw new Error('web build failed');
  }
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const serverDb = `croupier_bench_${runId}`;
  const pgbenchDb = `croupier_pgbench_${runId}`;
  const version = await postgresVersion();
  const loadBefore = loadavg()[0]!;
  if (loadBefore > cpus().length / 2) log(`warning: load average ${round(loadBefore)} on ${cpus().length} CPUs`);
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-bench-wallet-'));
  let server: ChildProcess | null = null;
  await admin(adminUrl, `CREATE DATABASE ${serverDb}`);
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    log(`starting the server on PostgreSQL ${version}, database ${serverDb}…`);
    server = await startServer(port, dataDir, urlOf(serverDb));
    if (args['notify-trigger']) await admin(urlOf(serverDb), NOTIFY_TRIGGER);
    if (args.bonus) await admin(urlOf(serverDb), BONUS_DEFINITION);
    for (const statement of args.sql) {
      log(`--sql: ${statement}`);
      await admin(urlOf(serverDb), statement);
    }
    const tokens: string[] = [];
    for (let n = 0; n < opts.players; n++) tokens.push(await seatPlayer(origin, n, runId));
    log(`${tokens.length} players seated`);

    const modes: ModeResult[] = [];
    /** The first mode's first round (a warm-up round), recorded for the ceiling. */
    const recordedRound = `${runId}-${opts.modes[0]}-r1`;
    let recording: RecordedStatement[][] = [];
    if (!args['no-ceiling']) startRecording(server, recordedRound);
    for (const mode of opts.modes) {
      const playing = mode === 'hot' ? tokens.slice(0, 1) : tokens;
      log(`${mode}: ${opts.concurrency} clients on ${playing.length} account(s), ${opts.warmup} s warm-up…`);
      const stopSampling = await sampleWaits(adminUrl, serverDb);
      const child = server;
      const counts = { before: await queryCounts(child), after: await queryCounts(child) };
      const cpu = { postgres: 0, loadGenerator: 0 };
      const ownCpuMs = () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };
      const result = await runRoundTrips({
        origin,
        provider,
        tokens: playing,
        concurrency: opts.concurrency,
        warmupSeconds: opts.warmup,
        seconds: opts.seconds,
        maxRoundTrips: opts.maxRoundTrips,
        bet: BET,
        win: WIN,
        runId: `${runId}-${mode}`,
        serverCpuMs: () => cpuMsOf(server?.pid),
        beforeTimed: async () => {
          counts.before = await queryCounts(child);
          cpu.postgres = postgresCpuMs();
          cpu.loadGenerator = ownCpuMs();
        },
        afterTimed: async () => {
          cpu.postgres = postgresCpuMs() - cpu.postgres;
          cpu.loadGenerator = ownCpuMs() - cpu.loadGenerator;
          counts.after = await queryCounts(child);
        },
      });
      const connections = await stopSampling();
      const statements = statementProfile(counts.before, counts.after, result.requests);
      const perTrip = (ms: number) => round(ms / Math.max(1, result.roundTrips), 3);
      const cpuMsPerRoundTrip = { postgres: perTrip(cpu.postgres), loadGenerator: perTrip(cpu.loadGenerator) };
      modes.push({ ...result, mode, accounts: playing.length, connections, statements, cpuMsPerRoundTrip });
      log(`${mode}: ${result.roundTripsPerSecond} round trips/s, ${result.errors} errors`);
      if (!args['no-ceiling'] && modes.length === 1) recording = await recorded(child);
    }
    const exitCode = await stopServer(server);
    server = null;

    let ceiling: CeilingResult | null = null;
    if (!args['no-ceiling']) {
      log(`replaying round ${recordedRound} with pgbench, as sent and pipelined, -c ${opts.concurrency}…`);
      ceiling = await runCeiling(urlOf(serverDb), recording, recordedRound, opts.concurrency, opts.seconds);
    }

    let bench: PgbenchResult | null = null;
    if (!args['no-pgbench']) {
      await admin(adminUrl, `CREATE DATABASE ${pgbenchDb}`);
      try {
        log(`pgbench -i -s 1, then tpcb-like -c ${opts.concurrency} -T ${opts.seconds} (database ${pgbenchDb})…`);
        bench = runPgbench(urlOf(pgbenchDb), opts.concurrency, opts.seconds);
      } finally {
        await admin(adminUrl, `DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
      }
    }

    const results = {
      at: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model,
        cores: cpus().length,
        memoryGiB: round(totalmem() / 2 ** 30, 1),
        node: process.version,
        postgres: version,
        loadAverage: { before: round(loadBefore), after: round(loadavg()[0]!) },
      },
      options: {
        ...opts,
        bet: BET,
        win: WIN,
        notifyTrigger: args['notify-trigger'],
        limits: args.limits,
        bonus: args.bonus,
      },
      serverExitCode: exitCode,
      seamless: modes,
      pgbench: bench,
      ceiling,
    };
    console.log(table(modes, bench, ceiling));
    console.log(
      `\n${opts.concurrency} clients, ${opts.seconds} s after ${opts.warmup} s warm-up; load average ` +
        `${results.machine.loadAverage.before} before, ${results.machine.loadAverage.after} after; server exit ${exitCode}`,
    );
    console.log(`\n${JSON.stringify(results, null, 2)}`);
    if (args.out) writeFileSync(args.out, JSON.stringify(results, null, 2));
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${serverDb} WITH (FORCE)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
