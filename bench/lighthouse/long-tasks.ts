// Start-up main-thread work (issue 30): loads each page as a first visit in headless Chromium with the CPU
// slowed 4× (CDP `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile preset), records a Chromium trace
// and lists the renderer main thread's long tasks (> 50 ms): how many, their blocking time (the part of each
// over 50 ms, summed; `tbt` counts only tasks after the first contentful paint, as Lighthouse's TBT does, but
// to the end of the window rather than to TTI) and what each mostly ran. No network throttling.
//
// Several builds are measured in one session, alternating (A B B A …), each served by its own server process
// of this checkout (`tests/e2e/server.ts`, `WEB_BUILD_DIR`); the median of the runs is reported per build.
//
//   node --import tsx bench/lighthouse/long-tasks.ts --build-dir <dir> [--build-dir <dir> …] [--runs 5]
//        [--page / …] [--cpu 4] [--settle-ms 3000] [--out file.json] [--profile]
// --profile also samples the JavaScript (V8's CPU profiler in the trace) and names, for each long task, the
// functions that took most of it (self time); with a build made with `WEB_SOURCEMAP=1` the minified names are
// mapped back to their sources through the chunks' `.map` files (the profiler slows the page down a little).
// Without --build-dir it measures apps/web/build. Needs Chromium: CHROME_PATH, else /usr/bin/chromium.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { chromium } from 'playwright-core';
import { type ServerProcess, startServer } from '../../tests/e2e/server.ts';
import { assertProductionBuild } from './production-build.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const many = (name: string) => args.flatMap((a, i) => (args[i - 1] === name ? [a] : []));
const PAGES = many('--page').length ? many('--page') : ['/', '/categories/slots', '/games/neon-fruits', '/de'];
const BUILDS = many('--build-dir');
const RUNS = Number(option('--runs') ?? 5);
const CPU = Number(option('--cpu') ?? 4);
const SETTLE_MS = Number(option('--settle-ms') ?? 3000);
const PROFILE = args.includes('--profile');
const log = (message: string) => process.stderr.write(`[long-tasks] ${message}\n`);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time (µs): CPU the thread got, without the time the OS or the throttling took it away. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}

/** The V8 samples of the thread, as (time µs, leaf node), from the trace's Profile/ProfileChunk events. */
function samplesOf(
  events: TraceEvent[],
  pid: number,
): { nodes: Map<number, ProfileNode>; samples: [number, number][] } {
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  for (const profile of profiles) {
    let time = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts);
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)) {
      const data = chunk.args?.data as {
        cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const ids = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      for (let i = 0; i < ids.length; i++) {
        time += deltas[i] ?? 0;
        samples.push([time, ids[i]!]);
      }
    }
  }
  return { nodes, samples };
}

const consumers = new Map<string, SourceMap | null>();
/** `name (source:line)` of a minified frame, when the build beside it has a source map. */
function named(frame: CallFrame): string {
  const file = basename(frame.url.split('?')[0] ?? '');
  if (!BUILD_ASSETS.length || !file.endsWith('.js')) return `${frame.functionName || '(anonymous)'} ${file}`;
  if (!consumers.has(file)) {
    const dir = BUILD_ASSETS.find((d) => existsSync(join(d, `${file}.map`)));
    consumers.set(file, dir ? new SourceMap(JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8'))) : null);
  }
  const consumer = consumers.get(file);
  if (!consumer) return `${frame.functionName || '(anonymous)'} ${file}`;
  // Trace frames count lines and columns from 0, as SourceMap#findEntry does.
  const at = consumer.findEntry(frame.lineNumber, frame.columnNumber) as {
    originalSource?: string;
    originalLine?: number;
    name?: string;
  };
  const source = (at.originalSource ?? '?').replace(/^.*node_modules\//, '').replace(/^.*\/app\//, 'app/');
  return `${at.name ?? frame.functionName ?? '(anonymous)'} ${source}:${(at.originalLine ?? -1) + 1}`;
}
let BUILD_ASSETS: string[] = [];

export interface LongTask {
  startMs: number;
  durationMs: number;
  cpuMs: number;
  what: string;
}

export interface Load {
  build: string;
  page: string;
  run: number;
  fcpMs: number;
  longTasks: LongTask[];
  /** Σ max(0, duration − 50 ms) of the long tasks that start after FCP. */
  tbtMs: number;
  /** The same over every long task from navigation on. */
  blockingMs: number;
  /** Main-thread busy time (all top-level tasks) from navigation to the end of the window. */
  busyMs: number;
  /** The same in thread CPU time (`tdur`): less sensitive to a busy machine than wall time. */
  busyCpuMs: number;
  /** Thread CPU time of the tasks that ran JavaScript (a module evaluation, a function call, microtasks). */
  scriptCpuMs: number;
  /** The largest thread CPU time of one such task. */
  longestScriptCpuMs: number;
}

const CATEGORIES = [
  ...(PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  '__metadata',
];

function describe(task: TraceEvent, children: TraceEvent[]): string {
  // The longest event directly inside the task says what it mostly ran.
  let best: TraceEvent | undefined;
  for (const e of children) if (!best || (e.dur ?? 0) > (best.dur ?? 0)) best = e;
  if (!best) return task.name;
  const data = (best.args?.data ?? best.args?.beginData ?? {}) as Record<string, unknown>;
  const url = typeof data.url === 'string' && data.url ? basename(data.url.split('?')[0]!) : '';
  const fn = typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : '';
  return `${best.name}${url ? ` ${url}` : ''}${fn} (${Math.round((best.dur ?? 0) / 1000)} ms)`;
}

function analyse(events: TraceEvent[], pageUrl: string): Omit<Load, 'build' | 'page' | 'run'> {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(pageUrl.split('#')[0]!),
  );
  if (!parse) throw new Error(`no ParseHTML of ${pageUrl} in the trace`);
  const { pid, tid } = parse;
  const thread = events.filter((e) => e.pid === pid && e.tid === tid);
  const nav = thread.find((e) => e.name === 'navigationStart')?.ts ?? parse.ts;
  const fcp = thread.find((e) => e.name === 'firstContentfulPaint')?.ts ?? nav;
  const tasks = thread.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts + (e.dur ?? 0) >= nav);
  const others = thread.filter((e) => e.ph === 'X' && !e.name.endsWith('RunTask'));
  const profile = PROFILE ? samplesOf(events, pid) : undefined;
  const longTasks: LongTask[] = [];
  let tbt = 0;
  let blocking = 0;
  let busy = 0;
  let busyCpu = 0;
  let scriptCpu = 0;
  let longestScriptCpu = 0;
  const scripts = others.filter((e) => /^(FunctionCall|v8\.evaluateModule|EvaluateScript|RunMicrotasks)$/.test(e.name));
  for (const task of tasks) {
    const dur = task.dur ?? 0;
    busy += dur;
    busyCpu += task.tdur ?? 0;
    if (scripts.some((e) => e.ts >= task.ts && e.ts <= task.ts + dur)) {
      scriptCpu += task.tdur ?? 0;
      longestScriptCpu = Math.max(longestScriptCpu, task.tdur ?? 0);
    }
    if (dur <= 50_000) continue;
    const end = task.ts + dur;
    const inside = others.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    // Direct children: not inside another event of the task.
    const top = inside.filter(
      (e) =>
        !inside.some(
          (o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.dur ?? 0) > (e.dur ?? 0),
        ),
    );
    let what = describe(task, top);
    if (profile) {
      // Self time per function inside the task, from the samples (each sample counts its interval).
      const self = new Map<string, number>();
      let previous = task.ts;
      for (const [time, id] of profile.samples) {
        if (time < task.ts || time > end) continue;
        const node = profile.nodes.get(id);
        const key = node ? (node.callFrame.url ? named(node.callFrame) : node.callFrame.functionName) : '?';
        self.set(key, (self.get(key) ?? 0) + (time - previous));
        previous = time;
      }
      const top5 = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
      what += ` [${top5.map(([k, us]) => `${k} ${Math.round(us / 1000)}`).join(', ')}]`;
      // Inclusive time per frame of the app's own code nearest the leaf (which component or hook ran).
      const app = new Map<string, number>();
      previous = task.ts;
      for (const [time, id] of profile.samples) {
        if (time < task.ts || time > end) continue;
        let node = profile.nodes.get(id);
        let key = '(framework)';
        while (node) {
          if (node.callFrame.url) {
            const name = named(node.callFrame);
            if (name.includes(' app/')) {
              key = name;
              break;
            }
          }
          node = node.parent === undefined ? undefined : profile.nodes.get(node.parent);
        }
        app.set(key, (app.get(key) ?? 0) + (time - previous));
        previous = time;
      }
      const apps = [...app.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6);
      what += ` {${apps.map(([k, us]) => `${k} ${Math.round(us / 1000)}`).join(', ')}}`;
    }
    longTasks.push({ startMs: (task.ts - nav) / 1000, durationMs: dur / 1000, cpuMs: (task.tdur ?? 0) / 1000, what });
    blocking += dur - 50_000;
    if (task.ts >= fcp) tbt += dur - 50_000;
  }
  return {
    fcpMs: (fcp - nav) / 1000,
    longTasks,
    tbtMs: tbt / 1000,
    blockingMs: blocking / 1000,
    busyMs: busy / 1000,
    busyCpuMs: busyCpu / 1000,
    scriptCpuMs: scriptCpu / 1000,
    longestScriptCpuMs: longestScriptCpu / 1000,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  const builds = BUILDS.length ? BUILDS : ['apps/web/build'];
  BUILD_ASSETS = builds.map((b) => join(b, 'client/assets'));
  const servers: ServerProcess[] = [];
  const loads: Load[] = [];
  const loadAverages: number[] = [loadavg()[0]!];
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const dir of builds) {
      const server = await startServer({ WEB_BUILD_DIR: dir });
      servers.push(server);
    }
    for (const [i, server] of servers.entries()) {
      await server.ready();
      await assertProductionBuild(server.url);
      // A first visit of each page, so the server's lazy first-use work is not in a measured load.
      for (const page of PAGES) await fetch(server.url + page).then((r) => r.arrayBuffer());
      log(`${builds[i]} on ${server.url}`);
    }
    for (let run = 1; run <= RUNS; run++) {
      // Alternate the order each run: A B, B A, A B, …
      const order = run % 2 ? [...servers.keys()] : [...servers.keys()].reverse();
      for (const page of PAGES) {
        for (const i of order) {
          const server = servers[i]!;
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
            userAgent:
              'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
          });
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
          await browser.startTracing(tab, { categories: CATEGORIES });
          const url = server.url + page;
          await tab.goto(url, { waitUntil: 'load' });
          await tab.waitForTimeout(SETTLE_MS);
          const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
          await context.close();
          const load = { build: builds[i]!, page, run, ...analyse(trace.traceEvents, url) };
          loads.push(load);
          log(
            `run ${run} ${page} ${basename(builds[i]!)}: ${load.longTasks.length} long tasks, TBT ${Math.round(load.tbtMs)} ms, blocking ${Math.round(load.blockingMs)} ms, busy ${Math.round(load.busyMs)} ms`,
          );
        }
      }
      loadAverages.push(loadavg()[0]!);
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }

  console.log(`load average (1 min) per run: ${loadAverages.map((l) => l.toFixed(2)).join(', ')}`);
  console.log(
    '| build | page | long tasks | TBT after FCP ms | blocking ms | busy ms | busy CPU ms | script CPU ms | longest script task CPU ms | FCP ms | longest task ms | TBT per run |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  // The loads of each page and build, in the order of both tables.
  const cells = PAGES.flatMap((page) =>
    builds.map((build) => ({ page, build, of: loads.filter((l) => l.page === page && l.build === build) })),
  );
  for (const { page, build, of } of cells) {
    const longest = of.map((l) => Math.max(0, ...l.longTasks.map((t) => t.durationMs)));
    console.log(
      `| ${build} | \`${page}\` | ${median(of.map((l) => l.longTasks.length))} | ${Math.round(median(of.map((l) => l.tbtMs)))} | ${Math.round(median(of.map((l) => l.blockingMs)))} | ${Math.round(median(of.map((l) => l.busyMs)))} | ${Math.round(median(of.map((l) => l.busyCpuMs)))} | ${Math.round(median(of.map((l) => l.scriptCpuMs)))} | ${Math.round(median(of.map((l) => l.longestScriptCpuMs)))} | ${Math.round(median(of.map((l) => l.fcpMs)))} | ${Math.round(median(longest))} | ${of.map((l) => Math.round(l.tbtMs)).join(', ')} |`,
    );
  }
  // The long tasks that ran the app's and the framework's code after module evaluation (hydration, its commit and
  // effects, React Router's start): what Suspense boundaries and effects change. Module evaluation apart.
  const RUNS_JS =
    /^(FunctionCall|RunMicrotasks|SimpleWatcher::OnHandleReady|TimerFire|BlinkScheduler_PerformMicrotaskCheckpoint)\b/;
  console.log('\nLong tasks running JavaScript after module evaluation (median per load), and module evaluation:');
  console.log(
    '| build | page | such long tasks per load | their wall ms | their CPU ms | longest CPU ms | module evaluation CPU ms |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|');
  for (const { page, build, of } of cells) {
    const js = of.map((l) => l.longTasks.filter((t) => RUNS_JS.test(t.what)));
    const evaluation = of.map((l) => l.longTasks.filter((t) => t.what.startsWith('v8.evaluateModule')));
    const sum = (ts: LongTask[], key: 'durationMs' | 'cpuMs') => ts.reduce((n, t) => n + t[key], 0);
    console.log(
      `| ${build} | \`${page}\` | ${js.map((x) => x.length).join(', ')} | ${Math.round(median(js.map((x) => sum(x, 'durationMs'))))} | ${Math.round(median(js.map((x) => sum(x, 'cpuMs'))))} | ${Math.round(median(js.map((x) => Math.max(0, ...x.map((t) => t.cpuMs)))))} | ${Math.round(median(evaluation.map((x) => sum(x, 'cpuMs'))))} |`,
    );
  }
  console.log('\nLong tasks of each build and page, run by run (start ms after navigation, duration ms, what):');
  for (const page of PAGES) {
    for (const build of builds) {
      console.log(`- ${build} ${page}`);
      for (const l of loads.filter((x) => x.page === page && x.build === build)) {
        console.log(
          `  - run ${l.run}: ${l.longTasks.map((t) => `${Math.round(t.startMs)}+${Math.round(t.durationMs)} (CPU ${Math.round(t.cpuMs)}) ${t.what}`).join('; ') || 'none'}`,
        );
      }
    }
  }
  const out = option('--out');
  if (out) writeFileSync(out, JSON.stringify({ loadAverages, loads }, null, 2));
}

await main();
