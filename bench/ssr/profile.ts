import { readFileSync } from 'node:fs';
import { round } from './load.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface CpuProfile {
  startTime: number;
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Subtrees worth a total of their own (time spent in the function and everything it calls, synchronously). */
const SUBTREES: [string, (f: CallFrame) => boolean][] = [
  ['React render (react-dom performWork)', (f) => f.functionName === 'performWork' && f.url.includes('react-dom')],
  [
    'loader data handoff encode (turbo-stream)',
    (f) => (f.functionName === 'stringify' || f.functionName === 'start') && f.url.includes('/react-router/'),
  ],
  ['route matching (matchRoutes)', (f) => f.functionName === 'matchRoutesImpl'],
  ['route tree per request (createServerRoutes)', (f) => f.functionName === 'createServerRoutes'],
];

/** Where a frame's code lives: a package, a part of the repo, a Node subsystem, or a V8 pseudo-frame. */
function bucketOf({ url, functionName }: CallFrame): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 14).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  if (url.startsWith('node:')) {
    const parts = url.replace(/^node:(internal\/)?/, '').split('/');
    return `node:${parts[0] === 'deps' ? parts[1] : parts[0]}`;
  }
  const repo = url.match(/\/(apps\/web\/build|apps\/server\/src\/[^/]+|packages\/[^/]+)\//);
  return repo ? repo[1]! : url;
}

/**
 * Self time of a Node --cpu-prof profile by package/area and by function, plus the SUBTREES totals,
 * idle time left out. `windows` ([start, end] in µs of the monotonic clock, as from process.hrtime)
 * keeps only the samples taken inside them: V8 profile timestamps use the same clock on Linux.
 */
export function summarizeProfile(file: string, windows?: [number, number][], top = 12) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows && !windows.some(([start, end]) => at >= start && at <= end)) return;
    self.set(id, (self.get(id) ?? 0) + delta);
  });

  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  const subtrees = new Map<string, number>(SUBTREES.map(([name]) => [name, 0]));
  let busy = 0;
  const add = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += us;
    const bucket = bucketOf(frame);
    add(buckets, bucket, us);
    const file = frame.url.split('/').pop();
    add(
      functions,
      `${frame.functionName || '(anonymous)'} ${bucket}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`,
      us,
    );
    for (const [name, matches] of SUBTREES) {
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
        if (matches(byId.get(n)!.callFrame)) {
          add(subtrees, name, us);
          break;
        }
      }
    }
  }

  const rank = (m: Map<string, number>, limit = top) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({ name, ms: round(us / 1000, 0), share: round(us / busy, 3) }));
  const result = {
    file,
    /** The sampled windows (µs, monotonic clock), to summarise the same samples again another way. */
    windows,
    busyMs: round(busy / 1000, 0),
    subtrees: rank(subtrees),
    buckets: rank(buckets),
    functions: rank(functions),
  };
  const lines = (rows: { name: string; share: number }[]) =>
    rows.map((r) => `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`).join('\n');
  const text = [
    `busy ${result.busyMs} ms (idle left out); subtrees (inclusive, synchronous part):`,
    lines(result.subtrees),
    'self time by package/area:',
    lines(result.buckets),
    'self time by function:',
    lines(result.functions),
  ].join('\n');
  return { summary: result, text };
}
