// What several benchmarks need around the server they measure: a port, readiness, a clean stop, CPU time.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';

/** A free loopback port (the OS picks it; a tiny race with other processes is acceptable for a bench). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

/** Polls /api/health/ready until the server answers, or fails if it exits or takes over 90 s. */
export async function waitForReady(child: ChildProcess, port: number): Promise<ChildProcess> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited during start (code ${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server not ready after 90 s');
}

/** SIGTERM, then SIGKILL after 20 s; answers the exit code. */
export async function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/** CPU time (user + system, all threads) a process has used, in ms; Linux only. */
export function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return Number.NaN;
  }
}

/** CPU time of every PostgreSQL process on this machine (postmaster, backends, workers), in ms; Linux only. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      // utime + stime, and cutime + cstime: a backend that exits (pgbench's, at the end of its run) leaves
      // its CPU in the postmaster's children times, so it is still counted after it is gone.
      total += ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / 100;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** CPU time this process's waited-for children used (cutime + cstime), in ms: e.g. pgbench after spawnSync. */
export function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

/** One statement on a fresh connection (CREATE/DROP DATABASE cannot run inside a pool's transaction). */
export async function admin(connectionString: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Drops a bench's scratch database once its connections are gone: a pool's end() resolves before its sockets
 * close, and FORCE would then kill a closing client (the harness's freshDatabase waits the same way).
 */
export async function dropScratchDatabase(adminUrl: string, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    await c.end();
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Nearest-rank percentile of an ascending array (NaN when empty). */
export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Two decimals: how the benches print milliseconds and gibibytes. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The machine a bench ran on, for its JSON record beside the figures (machines differ by 2–4×). */
export const machineOf = () => ({
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  memoryGiB: round2(totalmem() / 2 ** 30),
});
