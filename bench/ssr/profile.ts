import { readFileSync } from 'node:fs';
import { round } from './load.ts';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a part of the repo, a Node subsystem, or a V8 pseudo-frame. */
function bucketOf(url: string, functionName: string): string {
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

/** Self time of a Node --cpu-prof profile, grouped by bucket and by function (idle time left out). */
export function summarizeProfile(file: string, top = 12) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (!us || functionName === '(idle)') continue;
    busy += us;
    const bucket = bucketOf(url, functionName);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${bucket}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: round(us / 1000, 0), share: round(us / busy, 3) }));
  const result = { file, busyMs: round(busy / 1000, 0), buckets: rank(buckets), functions: rank(functions) };
  const lines = (rows: { name: string; share: number }[]) =>
    rows.map((r) => `  ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`).join('\n');
  return {
    ...result,
    text: `busy ${result.busyMs} ms; self time by package/area:\n${lines(result.buckets)}\nby function:\n${lines(result.functions)}`,
  };
}
