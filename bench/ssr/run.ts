// SSR benchmark: the real server under HTTP load next to a bare render of the same route tree.
//   node --import tsx bench/ssr/run.ts [--concurrency 16] [--seconds 15] [--warmup 2] [--max-requests 200000]
//     [--render-seconds 4] [--max-renders 20000] [--build] [--cpu-prof] [--out /tmp/ssr.json]
//     [--encoding br|gzip|none] [--postgres]
// --encoding sends that Accept-Encoding with every page request (default none: the page goes out plain, as
// in the runs before compression). --postgres runs the server on a scratch PostgreSQL database (created on
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; dropped at the
// end) instead of the embedded PGlite.
// Progress goes to stderr; the table and then the JSON results go to stdout.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ServerBuild } from 'react-router';
import { admin, cpuMsOf, freePort, stopServer, waitForReady } from '../lib/process.ts';
import { type LoadResult, round, runLoad } from './load.ts';
import { summarizeProfile } from './profile.ts';
import type { Page, RenderResult } from './render.ts';

process.env.NODE_ENV = 'production'; // before React loads (the build and render.ts are imported lazily)

const { values: args } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '2' },
    'max-requests': { type: 'string', default: '200000' },
    'render-seconds': { type: 'string', default: '4' },
    'max-renders': { type: 'string', default: '20000' },
    build: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    out: { type: 'string' },
    encoding: { type: 'string', default: 'none' },
    postgres: { type: 'boolean', default: false },
  },
});
if (!['br', 'gzip', 'none'].includes(args.encoding!)) throw new Error('--encoding must be br, gzip or none');
const num = (name: keyof typeof args, min = 1) => {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}`);
  return n;
};
const opts = {
  concurrency: num('concurrency'),
  seconds: num('seconds'),
  warmup: num('warmup', 0),
  maxRequests: num('max-requests'),
  renderSeconds: num('render-seconds'),
  maxRenders: num('max-renders'),
};

const root = resolve(import.meta.dirname, '../..');
const buildFile = join(root, 'apps/web/build/server/index.js');
const log = (message: string) => process.stderr.write(`[bench:ssr] ${message}\n`);

/** A desktop Chrome user-agent, so isbot() is false and the page streams from the shell like for a person. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PAGES: Page[] = [
  { name: '/', path: '/', headers: { 'user-agent': BROWSER_UA } },
  { name: '/de (cf-ipcountry DE)', path: '/de', headers: { 'user-agent': BROWSER_UA, 'cf-ipcountry': 'DE' } },
];

async function startServer(
  port: number,
  dataDir: string,
  profileDir?: string,
  databaseUrl?: string,
): Promise<ChildProcess> {
  const nodeArgs = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 2, 2], // the server's output goes to our stderr, keeping stdout for results
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: `${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The production guards (decision 0037) want https and a JWT secret; this is a loopback bench.
      TLS_TERMINATED_BY_PROXY: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex') } : {}),
    },
  });
  return waitForReady(child, port);
}

/** --cpu-prof writes one file per thread (tsx's loader hooks run in their own); thread 0 is the main one. */
const mainThreadProfile = (dir: string) => join(dir, readdirSync(dir).find((f) => /\.0\.\d+\.cpuprofile$/.test(f))!);

const microseconds = () => Number(process.hrtime.bigint() / 1000n);

type HttpResult = LoadResult & { page: string; path: string; serverCpuMsPerRequest: number };

function table(http: HttpResult[], renders: RenderResult[]): string {
  const rows: (string | number)[][] = [
    ['HTTP SSR', 'req/s', 'TTFB p50', 'p90', 'p99', 'max', 'full p50', 'p99', 'server CPU ms/req', 'bytes', 'errors'],
  ];
  for (const h of http) {
    const { ttfbMs: t, latencyMs: l } = h;
    rows.push([h.page, h.requestsPerSecond, t.p50, t.p90, t.p99, t.max, l.p50, l.p99, h.serverCpuMsPerRequest]);
    rows.at(-1)!.push(h.bytesPerPage, h.errors);
  }
  rows.push([''], ['No HTTP', 'calls/s', 'p50', 'p99', '', '', '', '', 'CPU ms/call', 'bytes', '']);
  for (const r of renders) {
    for (const [label, t] of [
      ['renderToString', r.renderToString],
      [`handler ×${r.handler.concurrency}`, r.handler],
    ] as const) {
      rows.push([`${r.page} ${label}`, t.perSecond, t.ms.p50, t.ms.p99, '', '', '', '', t.cpuMs, t.bytes, '']);
    }
  }
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells.map((r) => r.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')).join('\n');
}

async function main() {
  if (args.build || !existsSync(buildFile)) {
    log('building the web app (npm run build)…');
    const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) throw new Error('web build failed');
  }
  // Loaded before the server starts, so both use the same build even if it is rebuilt meanwhile.
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const loadBefore = loadavg()[0]!;
  if (loadBefore > cpus().length / 2) log(`warning: load average ${round(loadBefore)} on ${cpus().length} CPUs`);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-bench-ssr-'));
  const profileDir = args['cpu-prof'] ? mkdtempSync(join(tmpdir(), 'croupier-bench-ssr-prof-')) : undefined;
  const started = performance.now();
  const adminUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const scratch = args.postgres ? `croupier_bench_ssr_${randomBytes(4).toString('hex')}` : undefined;
  let databaseUrl: string | undefined;
  if (scratch) {
    await admin(adminUrl, `CREATE DATABASE ${scratch}`);
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    databaseUrl = url.toString();
    log(`PostgreSQL: scratch database ${scratch}`);
  }
  const server = await startServer(port, dataDir, profileDir, databaseUrl);
  log(`server ready at ${origin} in ${round((performance.now() - started) / 1000, 1)} s`);

  const http: HttpResult[] = [];
  const windows: [number, number][] = []; // the timed HTTP runs, for the CPU profile
  const renders: RenderResult[] = [];
  try {
    for (const page of PAGES) {
      const encoding: Record<string, string> = args.encoding === 'none' ? {} : { 'accept-encoding': args.encoding! };
      const load = {
        url: origin + page.path,
        headers: { ...page.headers, ...encoding },
        concurrency: opts.concurrency,
      };
      if (opts.warmup > 0) await runLoad({ ...load, seconds: opts.warmup, maxRequests: opts.maxRequests });
      log(`GET ${page.path}: ${opts.concurrency} connections for ${opts.seconds} s…`);
      const cpuBefore = cpuMsOf(server.pid);
      const start = microseconds();
      const result = await runLoad({ ...load, seconds: opts.seconds, maxRequests: opts.maxRequests });
      windows.push([start, microseconds()]);
      const serverCpuMsPerRequest = round((cpuMsOf(server.pid) - cpuBefore) / (result.requests + result.errors), 3);
      http.push({ page: page.name, path: page.path, serverCpuMsPerRequest, ...result });
    }
    const { renderBaseline } = await import('./render.ts');
    for (const page of PAGES) {
      log(`render baseline for ${page.path}…`);
      const { renderSeconds: seconds, maxRenders: maxIterations, concurrency } = opts;
      renders.push(await renderBaseline({ build, origin, page, seconds, maxIterations, concurrency }));
    }
  } finally {
    log(`server stopped (exit code ${await stopServer(server)})`);
    rmSync(dataDir, { recursive: true, force: true });
    if (scratch) await admin(adminUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }

  // Two views of "what share of a request is rendering": wall time (the server is one JS thread saturated by
  // the load, so 1 / throughput is its time per request) and CPU time (more robust on a shared machine).
  const comparison = http.map((h, i) => {
    const r = renders[i]!;
    const wall = { request: 1000 / h.requestsPerSecond, render: 1000 / r.renderToString.perSecond };
    const handlerWall = 1000 / r.handler.perSecond;
    return {
      page: h.page,
      wallMs: {
        request: round(wall.request, 3),
        renderToString: round(wall.render, 3),
        handler: round(handlerWall, 3),
      },
      cpuMs: { request: h.serverCpuMsPerRequest, renderToString: r.renderToString.cpuMs, handler: r.handler.cpuMs },
      renderShare: {
        wall: round(wall.render / wall.request, 3),
        cpu: round(r.renderToString.cpuMs / h.serverCpuMsPerRequest, 3),
      },
      handlerShare: {
        wall: round(handlerWall / wall.request, 3),
        cpu: round(r.handler.cpuMs / h.serverCpuMsPerRequest, 3),
      },
    };
  });
  const profile = profileDir ? summarizeProfile(mainThreadProfile(profileDir), windows, 20) : undefined;

  const results = {
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGiB: round(totalmem() / 2 ** 30, 1),
      node: process.version,
      /** 1-minute load average before and after: other work on the machine skews every number. */
      loadAverage: { before: round(loadBefore), after: round(loadavg()[0]!) },
    },
    options: {
      ...opts,
      cpuProf: Boolean(profileDir),
      encoding: args.encoding,
      database: scratch ? 'postgres' : 'pglite',
    },
    http,
    render: {
      method:
        'Loader data fetched once through the built request handler (real typed API client against the running ' +
        'server); then renderToString(<ServerRouter> with that EntryContext) N times. "handler": the whole built ' +
        'request handler in-process (loaders, turbo-stream handoff, streaming entry.server), API answers from memory.',
      pages: renders,
    },
    comparison,
    profile: profile?.summary,
  };

  console.log(table(http, renders));
  console.log('');
  const pct = (share: number) => `${round(share * 100, 1)}%`;
  for (const { page, wallMs: w, cpuMs: c, renderShare: r, handlerShare: h } of comparison) {
    console.log(
      `${page}: per request ${w.request} ms wall / ${c.request} ms CPU in the server; ` +
        `renderToString ${w.renderToString} / ${c.renderToString} ms (${pct(r.wall)} / ${pct(r.cpu)}); ` +
        `in-process handler ${w.handler} / ${c.handler} ms (${pct(h.wall)} / ${pct(h.cpu)})`,
    );
  }
  if (profile)
    console.log(`\nServer CPU profile during the timed HTTP runs (${profile.summary.file}):\n${profile.text}`);
  console.log(`\n${JSON.stringify(results, null, 2)}`);
  if (args.out) writeFileSync(args.out, JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0), // entry.server leaves 6 s abort timers behind; don't wait for them
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
