// SSR benchmark: the real server under HTTP load next to a bare render of the same route tree.
//   node --import tsx bench/ssr/run.ts [--concurrency 16] [--seconds 15] [--warmup 2] [--max-requests 200000]
//     [--render-seconds 4] [--max-renders 20000] [--build] [--cpu-prof] [--out /tmp/ssr.json]
// Progress goes to stderr; the table and then the JSON results go to stdout.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type LoadResult, round, runLoad } from './load.ts';
import { summarizeProfile } from './profile.ts';
import type { Page, RenderResult } from './render.ts';

process.env.NODE_ENV = 'production'; // before React is imported (render.ts imports it lazily)

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
  },
});
const num = (name: keyof typeof args) => {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
const opts = {
  concurrency: num('concurrency'),
  seconds: num('seconds'),
  warmup: Number(args.warmup),
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
  { name: 'home /', path: '/', headers: { 'user-agent': BROWSER_UA } },
  { name: 'home /de (cf-ipcountry: DE)', path: '/de', headers: { 'user-agent': BROWSER_UA, 'cf-ipcountry': 'DE' } },
];

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

async function startServer(port: number, dataDir: string, profileDir?: string): Promise<ChildProcess> {
  const nodeArgs = [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 2, 2], // the server's output goes to our stderr, keeping stdout for results
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited during start (code ${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server not ready after 60 s');
}

async function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

function table(http: (LoadResult & { page: string })[], renders: RenderResult[]): string {
  const rows: string[][] = [];
  const row = (...cells: (string | number)[]) => rows.push(cells.map(String));
  row('HTTP SSR', 'req/s', 'TTFB p50', 'p90', 'p99', 'max', 'full p50', 'full p99', 'bytes', 'errors');
  for (const h of http) {
    const t = h.ttfbMs;
    row(h.page, h.requestsPerSecond, t.p50, t.p90, t.p99, t.max, h.latencyMs.p50, h.latencyMs.p99, h.bytesPerPage, h.errors);
  }
  row('');
  row('no HTTP (ms per call)', '/s', 'p50', 'p99', 'mean', '', '', '', 'bytes', '');
  for (const r of renders) {
    for (const [label, t] of [
      ['renderToString', r.renderToString],
      ['handler in-process', r.handler],
    ] as const) {
      row(`${r.page}: ${label}`, t.perSecond, t.ms.p50, t.ms.p99, t.ms.mean, '', '', '', t.bytes, '');
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

async function main() {
  if (args.build || !existsSync(buildFile)) {
    log('building the web app (npm run build)…');
    const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) throw new Error('web build failed');
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-bench-ssr-'));
  const profileDir = args['cpu-prof'] ? mkdtempSync(join(tmpdir(), 'croupier-bench-ssr-prof-')) : undefined;
  const started = performance.now();
  const server = await startServer(port, dataDir, profileDir);
  log(`server ready at ${origin} in ${round((performance.now() - started) / 1000, 1)} s`);

  const http: (LoadResult & { page: string; path: string })[] = [];
  const renders: RenderResult[] = [];
  try {
    for (const page of PAGES) {
      const load = { url: origin + page.path, headers: page.headers, concurrency: opts.concurrency, maxRequests: opts.maxRequests };
      if (opts.warmup > 0) await runLoad({ ...load, seconds: opts.warmup });
      log(`GET ${page.path}: ${opts.concurrency} connections for ${opts.seconds} s…`);
      http.push({ page: page.name, path: page.path, ...(await runLoad({ ...load, seconds: opts.seconds })) });
    }
    const { renderBaseline } = await import('./render.ts');
    for (const page of PAGES) {
      log(`render baseline for ${page.path}…`);
      renders.push(
        await renderBaseline({ buildFile, origin, page, seconds: opts.renderSeconds, maxIterations: opts.maxRenders }),
      );
    }
  } finally {
    const code = await stopServer(server);
    log(`server stopped (exit code ${code})`);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const comparison = http.map((h, i) => {
    const r = renders[i]!;
    const serverMsPerRequest = 1000 / h.requestsPerSecond;
    return {
      page: h.page,
      /** Server time per request when saturated (single-threaded server: 1 / throughput). */
      serverMsPerRequest: round(serverMsPerRequest, 3),
      renderToStringMs: r.renderToString.ms.mean,
      handlerMs: r.handler.ms.mean,
      renderShareOfRequest: round(r.renderToString.ms.mean / serverMsPerRequest, 3),
      handlerShareOfRequest: round(r.handler.ms.mean / serverMsPerRequest, 3),
    };
  });
  const profile = profileDir ? summarizeProfile(join(profileDir, readdirSync(profileDir)[0]!)) : undefined;

  const results = {
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGiB: round(totalmem() / 2 ** 30, 1),
      node: process.version,
    },
    options: { ...opts, cpuProf: Boolean(profileDir) },
    http,
    render: {
      method:
        'loader data fetched once through the built request handler (real typed API client against the running server), ' +
        'then <ServerRouter> with that EntryContext rendered by renderToString N times; "handler" = the whole built ' +
        'request handler in-process (loaders, turbo-stream handoff, streaming entry.server) with API answers from memory',
      pages: renders,
    },
    comparison,
    profile: profile && { file: profile.file, busyMs: profile.busyMs, buckets: profile.buckets, functions: profile.functions },
  };
  console.log(table(http, renders));
  console.log('');
  for (const c of comparison) {
    console.log(
      `${c.page}: server ${c.serverMsPerRequest} ms/request at saturation; renderToString ${c.renderToStringMs} ms ` +
        `(${round(c.renderShareOfRequest * 100, 1)}%), whole handler without HTTP/API ${c.handlerMs} ms (${round(c.handlerShareOfRequest * 100, 1)}%)`,
    );
  }
  if (profile) console.log(`\nServer CPU profile (${profile.file}):\n${profile.text}`);
  console.log('');
  console.log(JSON.stringify(results, null, 2));
  if (args.out) writeFileSync(args.out, JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0), // the streaming entry leaves 6 s abort timers behind; don't wait for them
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
