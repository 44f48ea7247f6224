// Real-time fan-out benchmark: the server in a child process, N websocket clients (raw Centrifuge JSON
// frames) in client processes, all subscribed to global:online; then ONE publication through Redis (the
// path an outbox event takes in a cluster) and its delivery latency to every client.
//   node --import tsx bench/realtime/run.ts [--connections 10000] [--workers 2] [--parallel 200]
//     [--redis-url redis://127.0.0.1:6379] [--timeout 180]
// Progress goes to stderr; the table and then the JSON results go to stdout.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, percentile } from '../lib/process.ts';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '2' },
    parallel: { type: 'string', default: '200' },
    'redis-url': { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    timeout: { type: 'string', default: '180' },
  },
});
const connections = Number(args.connections);
const workers = Number(args.workers);
const parallel = Number(args.parallel);
const redisUrl = args['redis-url'];
const log = (message: string) => process.stderr.write(`[bench:realtime] ${message}\n`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const now = () => performance.timeOrigin + performance.now();

// Bounded time: whatever happens, the bench and its children end.
const deadline = setTimeout(() => {
  log(`gave up after ${args.timeout} s`);
  process.exit(1);
}, Number(args.timeout) * 1000);
deadline.unref();

/** The next IPC message of `child` that `accept` takes. */
function message<T>(child: ChildProcess, accept: (m: unknown) => m is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (!accept(m)) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`child exited (code ${code})`)));
  });
}

type Memory = { rss: number; heapUsed: number; sockets: number };
const isMemory = (m: unknown): m is Memory => typeof m === 'object' && m !== null && 'rss' in m;
const memoryOf = (server: ChildProcess) => {
  server.send('memory');
  return message(server, isMemory);
};

async function main() {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().catch((error) => {
    throw new Error(`Redis at ${redisUrl} is needed (--redis-url): ${error.message}`);
  });
  const prefix = `croupier-bench:${randomBytes(4).toString('hex')}:`;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-bench-realtime-'));
  const server = fork(join(import.meta.dirname, 'server.ts'), [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 2, 2, 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: `${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      REDIS_URL: redisUrl,
      REALTIME_REDIS_PREFIX: prefix,
    },
  });
  const clients: ChildProcess[] = [];
  try {
    await message(server, (m): m is 'ready' => m === 'ready');
    const before = await memoryOf(server);
    log(`server ready on port ${port}; opening ${connections} connections from ${workers} client processes…`);

    const url = `ws://127.0.0.1:${port}/api/connection/websocket`;
    const started = now();
    const perWorker = Array.from(
      { length: workers },
      (_, i) => Math.floor(connections / workers) + (i < connections % workers ? 1 : 0),
    );
    type Ready = { type: 'ready'; ready: number; failed: number };
    const readies = await Promise.all(
      perWorker.map((count) => {
        const child = fork(
          join(import.meta.dirname, 'clients.ts'),
          [url, `${count}`, `${Math.ceil(parallel / workers)}`],
          {
            execArgv: ['--import', 'tsx'],
            stdio: ['ignore', 2, 2, 'ipc'],
          },
        );
        clients.push(child);
        return message(child, (m): m is Ready => (m as Ready)?.type === 'ready');
      }),
    );
    const connectSeconds = (now() - started) / 1000;
    const subscribed = readies.reduce((n, r) => n + r.ready, 0);
    const failed = readies.reduce((n, r) => n + r.failed, 0);
    log(`${subscribed} subscribed (${failed} failed) in ${round(connectSeconds, 1)} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await memoryOf(server);

    // ONE publication, as an outbox event reaches every instance in a cluster.
    const sentAt = now();
    await redis.publish(
      `${prefix}publications`,
      JSON.stringify({ channel: 'global:online', data: { event: 'bench.publication', sentAt } }),
    );
    type Report = { type: 'report'; latencies: number[] };
    let latencies: number[] = [];
    const waitUntil = now() + 30_000;
    while (now() < waitUntil) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const reports = await Promise.all(
        clients.map((child) => {
          child.send('report');
          return message(child, (m): m is Report => (m as Report)?.type === 'report');
        }),
      );
      latencies = reports.flatMap((r) => r.latencies);
      if (latencies.length >= subscribed) break;
    }
    latencies.sort((a, b) => a - b);

    for (const child of clients) child.send('close');
    const stopStarted = now();
    const exited = new Promise<number | null>((ok) => server.once('exit', (code) => ok(code)));
    server.kill('SIGTERM');
    const exitCode = await exited;
    const shutdownMs = now() - stopStarted;

    const n = after.sockets || subscribed;
    const results = {
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model,
        memoryGiB: round(totalmem() / 2 ** 30, 1),
        node: process.version,
        loadavg1: round(loadavg()[0] ?? 0),
      },
      connections: {
        requested: connections,
        subscribed,
        failed,
        serverSockets: after.sockets,
        connectSeconds: round(connectSeconds, 1),
      },
      delivery: {
        delivered: latencies.length,
        minMs: round(latencies[0] ?? Number.NaN),
        p50Ms: round(percentile(latencies, 50)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(latencies.at(-1) ?? Number.NaN),
      },
      memoryPerConnection: {
        rssKiB: round((after.rss - before.rss) / n / 1024),
        heapKiB: round((after.heapUsed - before.heapUsed) / n / 1024),
        rssBeforeMiB: round(before.rss / 2 ** 20, 1),
        rssAfterMiB: round(after.rss / 2 ** 20, 1),
      },
      shutdown: { exitCode, ms: round(shutdownMs, 0) },
    };
    const d = results.delivery;
    const m = results.memoryPerConnection;
    process.stdout.write(
      [
        `connections subscribed   ${subscribed} / ${connections} in ${results.connections.connectSeconds} s (${failed} failed)`,
        `delivered                ${d.delivered}`,
        `latency min / p50 / p99 / max  ${d.minMs} / ${d.p50Ms} / ${d.p99Ms} / ${d.maxMs} ms`,
        `memory per connection    RSS ${m.rssKiB} KiB, heap ${m.heapKiB} KiB (RSS ${m.rssBeforeMiB} → ${m.rssAfterMiB} MiB)`,
        `SIGTERM with ${n} sockets open: exit ${exitCode} after ${results.shutdown.ms} ms`,
        '',
        JSON.stringify(results, null, 2),
        '',
      ].join('\n'),
    );
  } finally {
    for (const child of clients) if (child.exitCode === null) child.kill('SIGKILL');
    if (server.exitCode === null) server.kill('SIGKILL');
    await redis.quit().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
