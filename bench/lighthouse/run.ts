// Lighthouse benchmark: the mobile preset (Lighthouse's default: Moto G Power, slow 4G, 4x CPU slowdown,
// simulated throttling) on four pages of a production start (`node scripts/start.mjs`, the `npm start` demo).
//   node --import tsx bench/lighthouse/run.ts [--pages /,/categories/slots,/games/neon-fruits,/de] [--runs 1]
//     [--root .] [--url http://127.0.0.1:3000] [--out /tmp/lighthouse.json] [--keep-reports DIR]
// --root starts the server of another checkout (e.g. a `git archive` of an older commit); --url measures a
// server that is already running instead of starting one. With --runs N each page is measured N times and
// the run with the median performance score is reported. Needs Chromium: CHROME_PATH, else /usr/bin/chromium.
// Progress goes to stderr; the markdown table and then the JSON results go to stdout.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, stopServer, waitForReady } from '../lib/process.ts';
import { assertProductionBuild } from './production-build.ts';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '/,/categories/slots,/games/neon-fruits,/de' },
    runs: { type: 'string', default: '1' },
    root: { type: 'string' },
    url: { type: 'string' },
    out: { type: 'string' },
    'keep-reports': { type: 'string' },
  },
});
const here = resolve(import.meta.dirname, '../..');
const root = resolve(args.root ?? here);
const pages = args.pages.split(',').map((p) => p.trim());
const runs = Math.max(1, Number(args.runs) || 1);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const lighthouseCli = join(here, 'node_modules/lighthouse/cli/index.js');
const log = (message: string) => process.stderr.write(`[bench:lighthouse] ${message}\n`);
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}
interface Lhr {
  lighthouseVersion: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: NetworkItem[] } }>;
  runtimeError?: { message: string };
}

export interface PageResult {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Lighthouse's time to interactive: when the main thread goes quiet with the page's scripts run (not scored). */
  interactiveMs: number;
  /** Scripts the page loaded: bytes on the wire (compressed when the server compresses) and decoded. */
  jsFiles: number;
  jsTransferBytes: number;
  jsDecodedBytes: number;
  /** Every response of the load, on the wire. */
  totalTransferBytes: number;
  documentTransferBytes: number;
}

function summarise(page: string, lhr: Lhr): PageResult {
  const score = (id: string) => round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const sum = (items: NetworkItem[], key: 'transferSize' | 'resourceSize') =>
    items.reduce((total, r) => total + (r[key] ?? 0), 0);
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: round(value('largest-contentful-paint')),
    fcpMs: round(value('first-contentful-paint')),
    tbtMs: round(value('total-blocking-time')),
    cls: round(value('cumulative-layout-shift'), 3),
    speedIndexMs: round(value('speed-index')),
    interactiveMs: round(value('interactive')),
    jsFiles: scripts.length,
    jsTransferBytes: sum(scripts, 'transferSize'),
    jsDecodedBytes: sum(scripts, 'resourceSize'),
    totalTransferBytes: sum(requests, 'transferSize'),
    documentTransferBytes: sum(
      requests.filter((r) => r.resourceType === 'Document'),
      'transferSize',
    ),
  };
}

function lighthouse(url: string, outputPath: string): Promise<Lhr> {
  return new Promise((ok, fail) => {
    const child = spawn(
      process.execPath,
      [
        lighthouseCli,
        url,
        '--output=json',
        `--output-path=${outputPath}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        // This machine's Chromium needs the background services off (its network is closed).
        '--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => {
      if (code !== 0 || !existsSync(outputPath)) return fail(new Error(`lighthouse exited ${code}: ${stderr}`));
      const lhr = JSON.parse(readFileSync(outputPath, 'utf8')) as Lhr;
      if (lhr.runtimeError) return fail(new Error(`lighthouse: ${lhr.runtimeError.message}`));
      ok(lhr);
    });
  });
}

async function startProduction(port: number, dataDir: string): Promise<ChildProcess> {
  // `npm start` exactly: scripts/start.mjs builds when the build is stale, then runs the server as the demo.
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, PORT: `${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  return waitForReady(child, port);
}

/**
 * This Chromium build now and then records a trace without its navigation start (Lighthouse's NO_NAVSTART,
 * about one page in ten here): nothing was measured, so the run is repeated, at most twice, and the retry
 * is logged. Any other error ends the bench.
 */
let traceRetries = 0;
async function lighthouseRetryingTrace(url: string, outputPath: string): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, outputPath);
    } catch (error) {
      if (attempt > 2 || !String(error).includes('NO_NAVSTART')) throw error;
      traceRetries++;
      log(`${url}: no navigation start in the trace (NO_NAVSTART); measuring again`);
    }
  }
}

async function main() {
  if (!existsSync(chrome)) throw new Error(`No Chromium at ${chrome}: apt-get install -y chromium, or set CHROME_PATH`);
  const loadBefore = loadavg()[0]!;
  const work = mkdtempSync(join(tmpdir(), 'croupier-lighthouse-'));
  let server: ChildProcess | undefined;
  const results: PageResult[] = [];
  let version = '';
  try {
    let base = args.url;
    if (!base) {
      const port = await freePort();
      log(`starting ${join(root, 'scripts/start.mjs')} on port ${port}…`);
      server = await startProduction(port, join(work, 'data'));
      base = `http://127.0.0.1:${port}`;
    }
    await assertProductionBuild(base);
    // One visit first, so the server's lazy first-use work is not in the first measured page.
    for (const page of pages) await fetch(new URL(page, base)).then((r) => r.arrayBuffer());
    for (const page of pages) {
      const measured: { result: PageResult; lhr: Lhr }[] = [];
      for (let run = 1; run <= runs; run++) {
        log(`${page}: run ${run}/${runs}…`);
        const output = join(work, `report-${results.length}-${run}.json`);
        const lhr = await lighthouseRetryingTrace(new URL(page, base).href, output);
        version = lhr.lighthouseVersion;
        measured.push({ result: summarise(page, lhr), lhr });
        if (args['keep-reports']) {
          mkdirSync(args['keep-reports'], { recursive: true });
          const name = `${page.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${run}.json`;
          writeFileSync(join(args['keep-reports'], name), readFileSync(output));
        }
      }
      measured.sort((a, b) => a.result.performance - b.result.performance);
      const median = measured[Math.floor((measured.length - 1) / 2)]!.result;
      results.push(median);
      log(`${page}: performance ${median.performance}, LCP ${median.lcpMs} ms, JS ${median.jsTransferBytes} B`);
    }
  } finally {
    if (server) log(`server stopped (exit code ${await stopServer(server)})`);
    rmSync(work, { recursive: true, force: true });
  }

  const kb = (n: number) => `${round(n / 1024)} KB`;
  console.log(
    '| page | performance | accessibility | best practices | SEO | LCP | FCP | TBT | CLS | TTI | JS files | JS on the wire | JS decoded | page total on the wire |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| \`${r.page}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${round(r.lcpMs / 1000, 1)} s | ${round(r.fcpMs / 1000, 1)} s | ${r.tbtMs} ms | ${r.cls} | ${round(r.interactiveMs / 1000, 1)} s | ${r.jsFiles} | ${kb(r.jsTransferBytes)} | ${kb(r.jsDecodedBytes)} | ${kb(r.totalTransferBytes)} |`,
    );
  }
  const out = {
    when: new Date().toISOString(),
    lighthouse: version,
    chromium: chrome,
    preset: 'mobile (default)',
    runs,
    machine: { cpu: cpus()[0]?.model, cores: cpus().length, memoryGiB: round(totalmem() / 2 ** 30, 1) },
    node: process.version,
    loadAverage: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
    traceRetries,
    results,
  };
  console.log(JSON.stringify(out, null, 2));
  if (args.out) writeFileSync(args.out, JSON.stringify(out, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
