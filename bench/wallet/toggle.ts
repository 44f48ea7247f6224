// A configuration switch's cost on the money path, before and after in ONE run: bench/wallet/run.ts started
// alternately with the switch off and on (off, on, on, off, … so a drift of the machine weighs on both), each run
// its own server and scratch database, then a table of both sides and their means.
//   node --import tsx bench/wallet/toggle.ts [--env REPORTS_ENABLED] [--values false,true] [--pairs 3]
//     [--out /tmp/toggle.json]
//     [-- <run.ts options, default: --modes spread --no-pgbench --no-ceiling --seconds 15>]
// "off" is the switch false (the baseline), "on" true. Judge first what does not depend on the machine's load:
// SQL statements per call and off-pool statements per call (counted inside the server), then CPU per round trip
// (server and PostgreSQL), then round trips/s (the VMs' run-to-run spread is ±10–20 %).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { round } from '../ssr/load.ts';

const { values: args, positionals } = parseArgs({
  options: {
    env: { type: 'string', default: 'REPORTS_ENABLED' },
    /** The switch's two values, "off" first (e.g. --env OUTBOX_COALESCE_MS --values 0,20). */
    values: { type: 'string', default: 'false,true' },
    pairs: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
  allowPositionals: true,
});
const pairs = Number(args.pairs);
const [offValue, onValue] = args.values.split(',') as [string, string];
if (!offValue || !onValue) throw new Error('--values takes two values: off,on');
if (!Number.isInteger(pairs) || pairs < 1) throw new Error('--pairs must be a positive integer');
const runArgs =
  positionals.length > 0 ? positionals : ['--modes', 'spread', '--no-pgbench', '--no-ceiling', '--seconds', '15'];

const root = resolve(import.meta.dirname, '../..');
const log = (message: string) => process.stderr.write(`[bench:wallet:toggle] ${message}\n`);

interface Side {
  switch: 'off' | 'on';
  pair: number;
  roundTripsPerSecond: number;
  sqlPerCall: number;
  beginEnd: number;
  offPool: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  errors: number;
  /** Latency of one movement, p50 (ms). */
  betP50: number;
  winP50: number;
  loadBefore: number;
  loadAfter: number;
}

function runOnce(value: string, pair: number, dir: string): Side {
  const out = join(dir, `${pair}-${value}.json`);
  const loadBefore = loadavg()[0]!;
  log(`pair ${pair}: ${args.env}=${value} (load ${round(loadBefore)})…`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/wallet/run.ts'), ...runArgs, '--out', out],
    {
      cwd: root,
      env: { ...process.env, [args.env]: value },
      stdio: ['ignore', 'ignore', 2],
    },
  );
  if (result.status !== 0) throw new Error(`bench/wallet/run.ts failed (${args.env}=${value}, exit ${result.status})`);
  const json = JSON.parse(readFileSync(out, 'utf8'));
  const m = json.seamless[0];
  return {
    switch: value === onValue ? 'on' : 'off',
    pair,
    roundTripsPerSecond: m.roundTripsPerSecond,
    sqlPerCall: m.statements.perRequest,
    beginEnd: m.statements.transactionControl,
    offPool: m.statements.dedicated,
    serverCpuMs: m.serverCpuMsPerRoundTrip,
    postgresCpuMs: m.cpuMsPerRoundTrip.postgres,
    errors: m.errors,
    betP50: m.betMs.p50,
    winP50: m.winMs.p50,
    loadBefore: json.machine.loadAverage.before,
    loadAfter: json.machine.loadAverage.after,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function main() {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-wallet-toggle-'));
  const sides: Side[] = [];
  try {
    for (let pair = 1; pair <= pairs; pair++) {
      // off, on in odd pairs; on, off in even ones.
      const order = pair % 2 === 1 ? [offValue, onValue] : [onValue, offValue];
      for (const value of order) sides.push(runOnce(value, pair, dir));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const cols: (keyof Side)[] = [
    'roundTripsPerSecond',
    'sqlPerCall',
    'beginEnd',
    'offPool',
    'serverCpuMs',
    'postgresCpuMs',
    'errors',
    'betP50',
    'winP50',
    'loadBefore',
  ];
  const lines = [
    `| pair | ${args.env} | round trips/s | SQL per call | BEGIN/END | off-pool per call | server CPU ms / round trip | PostgreSQL CPU ms | errors | bet p50 ms | win p50 ms | load before |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of sides) lines.push(`| ${s.pair} | ${s.switch} | ${cols.map((c) => s[c]).join(' | ')} |`);
  const means = (which: 'off' | 'on') => {
    const of = sides.filter((s) => s.switch === which);
    return Object.fromEntries(cols.map((c) => [c, round(mean(of.map((s) => s[c] as number)), 3)])) as Record<
      keyof Side,
      number
    >;
  };
  const off = means('off');
  const on = means('on');
  for (const [label, m] of [
    ['mean', off],
    ['mean', on],
  ] as const) {
    lines.push(`| ${label} | ${m === off ? 'off' : 'on'} | ${cols.map((c) => m[c]).join(' | ')} |`);
  }
  const change = (c: keyof Side) => `${round(((on[c] - off[c]) / off[c]) * 100, 1)} %`;
  const summary = {
    roundTripsPerSecond: change('roundTripsPerSecond'),
    sqlPerCall: change('sqlPerCall'),
    cpuPerRoundTrip: `${round(off.serverCpuMs + off.postgresCpuMs, 3)} → ${round(on.serverCpuMs + on.postgresCpuMs, 3)} ms (${round(((on.serverCpuMs + on.postgresCpuMs) / (off.serverCpuMs + off.postgresCpuMs) - 1) * 100, 1)} %)`,
  };
  console.log(lines.join('\n'));
  console.log(`\n${args.env} on against off: ${JSON.stringify(summary)}`);
  const results = { at: new Date().toISOString(), env: args.env, runArgs, sides, means: { off, on }, summary };
  console.log(`\n${JSON.stringify(results, null, 2)}`);
  if (args.out) writeFileSync(args.out, JSON.stringify(results, null, 2));
}

main();
