import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childrenCpuMs, postgresCpuMs } from '../lib/process.ts';
import { quantile, round } from '../ssr/load.ts';
import type { Latency } from './load.ts';

export interface PgbenchResult {
  clients: number;
  threads: number;
  seconds: number;
  transactions: number;
  tps: number;
  latencyMs: Latency;
  /** PostgreSQL's CPU per transaction and pgbench's own (the client), ms: where the machine's CPU went. */
  cpuMsPerTransaction: { postgres: number; client: number };
  /** pgbench's own summary lines, for the record. */
  summary: string[];
}

function pgbench(args: string[], cwd: string): string {
  const result = spawnSync('pgbench', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`pgbench: ${result.error.message} (is postgresql-client installed?)`);
  if (result.status !== 0) throw new Error(`pgbench ${args[0]} failed:\n${result.stderr}`);
  return `${result.stdout}\n${result.stderr}`;
}

/**
 * PostgreSQL's own yardstick on the same server: `pgbench -i -s 1` into `url` (a scratch database the
 * caller creates and drops), then the built-in TPC-B-like script at `clients` connections on 2 threads
 * for `seconds`.
 */
export function runPgbench(url: string, clients: number, seconds: number): PgbenchResult {
  pgbench(['-i', '-s', '1', '-q', url], tmpdir());
  return runPgbenchScript(url, clients, seconds, ['-b', 'tpcb-like']);
}

/**
 * One timed pgbench run of `script` (pgbench's own arguments: `-b tpcb-like`, or `-n -f file` and more) at
 * `clients` connections on 2 threads for `seconds`. Latency percentiles come from the per-transaction log
 * (`-l`), read from a temporary directory. An aborted client fails the run.
 */
export function runPgbenchScript(url: string, clients: number, seconds: number, script: string[]): PgbenchResult {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-pgbench-'));
  try {
    const threads = Math.min(2, clients);
    const cpuBefore = { postgres: postgresCpuMs(), client: childrenCpuMs() };
    const out = pgbench(
      [...script, '-c', String(clients), '-j', String(threads), '-T', String(seconds), '-l', url],
      dir,
    );
    const cpu = { postgres: postgresCpuMs() - cpuBefore.postgres, client: childrenCpuMs() - cpuBefore.client };
    const latencies: number[] = [];
    for (const file of readdirSync(dir).filter((f) => f.startsWith('pgbench_log'))) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        // client_id transaction_no time script_no time_epoch time_us; time is the latency in µs.
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    }
    const sorted = Float64Array.from(latencies).sort();
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? Number.NaN);
    return {
      clients,
      threads,
      seconds,
      transactions: sorted.length,
      tps: round(tps, 1),
      latencyMs: {
        p50: round(quantile(sorted, 0.5)),
        p95: round(quantile(sorted, 0.95)),
        p99: round(quantile(sorted, 0.99)),
        max: round(sorted.at(-1) ?? Number.NaN),
      },
      cpuMsPerTransaction: {
        postgres: round(cpu.postgres / Math.max(1, sorted.length), 3),
        client: round(cpu.client / Math.max(1, sorted.length), 3),
      },
      summary: out.split('\n').filter((l) => /^(tps|latency|number of|scaling|query mode)/.test(l)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
