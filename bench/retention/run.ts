// Retention benchmark (issue 13 §8): N simulated players bet in one running tournament through the signed
// seamless API (bench/wallet's load loop), on PostgreSQL. Two servers in the same run, one after the other,
// each on its own scratch database: RETENTION_ENABLED=false (no retention event, no consumer: the baseline)
// and the default (every bet feeds the tournament through the retention consumer). Both run with
// FLAGS_ENABLED=false: the compliance flags (decision 0114) would keep the money path's events and add a second
// consumer, in the baseline too; their cost is bench/wallet's (FLAGS_ENABLED=false|true), not this one's.
// Reports bets/s of both and, with retention on, the leaderboard update latency: a probe player's bet answered
// (committed) → its tournament entry shows the points (p50/p95/p99).
//   node --import tsx bench/retention/run.ts [--players 1000] [--concurrency 32] [--seconds 20] [--warmup 2]
//     [--redis redis://127.0.0.1:6379] [--build] [--out /tmp/retention.json]
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
// Progress goes to stderr; the table and then the JSON results go to stdout.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { admin, freePort, stopServer, waitForReady } from '../lib/process.ts';
import { quantile, round } from '../ssr/load.ts';
import { type Provider, type RoundTripResult, runRoundTrips } from '../wallet/load.ts';
import { inParallel, seatPlayer, TOURNAMENT_SQL } from './players.ts';
import { startProbe } from './probe.ts';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    redis: { type: 'string' },
    build: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const num = (name: 'players' | 'concurrency' | 'seconds' | 'warmup', min = 1) => {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
  return n;
};
const opts = {
  players: num('players'),
  concurrency: num('concurrency'),
  seconds: num('seconds'),
  warmup: num('warmup', 0),
};

const root = resolve(import.meta.dirname, '../..');
const log = (message: string) => process.stderr.write(`[bench:retention] ${message}\n`);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const provider: Provider = { id: 'bench', secret: randomBytes(24).toString('hex') };
const urlOf = (database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function startServer(port: number, dataDir: string, databaseUrl: string, retention: boolean) {
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
    DEMO: 'true',
    DEV_MAILBOX: 'true',
    DEV_OIDC_PROVIDER: 'false',
    RETENTION_ENABLED: String(retention),
    // Retention alone, against none (the flags keep the events written with retention off: decision 0114).
    FLAGS_ENABLED: 'false',
    SEAMLESS_PROVIDERS: JSON.stringify([{ ...provider, name: 'Bench', games: [], enabled: true }]),
    ...(args.redis ? { REDIS_URL: args.redis, REALTIME_REDIS_PREFIX: `bench-${randomBytes(3).toString('hex')}:` } : {}),
  };
  if (!args.redis) delete env.REDIS_URL;
  delete env.RATES_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    env,
  });
  return waitForReady(child, port);
}

interface Phase {
  retention: boolean;
  load: RoundTripResult;
  leaderboardMs: { samples: number; timeouts: number; p50: number; p95: number; p99: number; max: number } | null;
}

/** One server: seat the players, start the tournament, load (with the probe when retention is on), stop. */
async function phase(runId: string, retention: boolean): Promise<Phase> {
  const database = `croupier_bench_ret_${retention ? 'on' : 'off'}_${runId}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-bench-retention-'));
  await admin(adminUrl, `CREATE DATABASE ${database}`);
  let server: ChildProcess | null = null;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    log(`retention ${retention ? 'on' : 'off'}: starting the server (database ${database})…`);
    server = await startServer(port, dataDir, urlOf(database), retention);
    const identity = `bench-${runId}`;
    await admin(urlOf(database), TOURNAMENT_SQL(identity));
    const seated = await inParallel(opts.players + 1, 8, (n) => seatPlayer(origin, provider, n, runId));
    log(`${opts.players} players seated (and a probe)`);
    const [probePlayer, ...players] = seated;
    const probe = retention
      ? startProbe({
          origin,
          provider,
          player: probePlayer!,
          tournament: identity,
          intervalMs: 50,
          timeoutMs: 10_000,
          runId: `${runId}-probe`,
        })
      : null;
    const load = await runRoundTrips({
      origin,
      provider,
      tokens: players.map((p) => p.launchToken),
      concurrency: opts.concurrency,
      warmupSeconds: opts.warmup,
      seconds: opts.seconds,
      maxRoundTrips: 10_000_000,
      bet: '1.00',
      win: '0.50',
      runId: `${runId}-${retention ? 'on' : 'off'}`,
    });
    const probed = await probe?.stop();
    log(`retention ${retention ? 'on' : 'off'}: ${load.roundTripsPerSecond} rounds/s, ${load.errors} errors`);
    const s = probed ? Float64Array.from(probed.samples) : null;
    const leaderboardMs =
      s && probed
        ? {
            samples: s.length,
            timeouts: probed.timeouts,
            p50: round(quantile(s, 0.5)),
            p95: round(quantile(s, 0.95)),
            p99: round(quantile(s, 0.99)),
            max: round(s.at(-1) ?? Number.NaN),
          }
        : null;
    return { retention, load, leaderboardMs };
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

function table(phases: Phase[]): string {
  const rows: (string | number)[][] = [
    ['', 'bets/s', 'round p99 ms', 'errors', 'leaderboard p50 ms', 'p95', 'p99', 'samples'],
  ];
  for (const p of phases) {
    const l = p.leaderboardMs;
    rows.push([
      p.retention ? 'retention on (tournament)' : 'retention off',
      p.load.roundTripsPerSecond,
      p.load.roundTripMs.p99,
      p.load.errors,
      l?.p50 ?? '–',
      l?.p95 ?? '–',
      l?.p99 ?? '–',
      l ? `${l.samples} (${l.timeouts} timeouts)` : '–',
    ]);
  }
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells.map((r) => r.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

async function main() {
  if (args.build || !existsSync(join(root, 'apps/web/build/server/index.js'))) {
    log('building the web app (npm run build)…');
    const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) throw new Error('web build failed');
  }
  const load = loadavg()[0]!;
  if (load > cpus().length / 2) log(`warning: load average ${round(load)} on ${cpus().length} CPUs`);
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  // Same run, same machine state: the baseline first, then the same load with the consumer at work.
  const phases = [await phase(runId, false), await phase(runId, true)];
  const results = {
    at: new Date().toISOString(),
    machine: { cpu: cpus()[0]?.model, cores: cpus().length, memoryGiB: round(totalmem() / 2 ** 30, 1), load },
    options: { ...opts, redis: Boolean(args.redis), flags: false },
    // One bet per round: bets/s equals round trips (bet + win) per second.
    phases,
  };
  process.stdout.write(`${table(phases)}\n\n${JSON.stringify(results, null, 2)}\n`);
  if (args.out) writeFileSync(args.out, JSON.stringify(results, null, 2));
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
