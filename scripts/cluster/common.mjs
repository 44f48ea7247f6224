// What every part of `npm run cluster` shares (scripts/cluster.mjs): the settings, the ports, the paths under the
// work directory, and the process helpers. Processes are detached with pid files, so the script can end and later
// commands find them again.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;
export const dir = process.env.CLUSTER_DIR ?? '/tmp/croupier-cluster';

// `up` writes its settings down, so that later commands (`status`, `failover`, `start 2`, …) act on the cluster that
// runs even without the same environment; a variable that is set still wins.
const settingsFile = join(dir, 'cluster.json');
const saved = existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')) : {};
const setting = (name, key, fallback) => process.env[name] ?? saved[key] ?? fallback;

export const settings = {
  instances: Number(setting('CLUSTER_INSTANCES', 'instances', 3)),
  demo: `${setting('CLUSTER_DEMO', 'demo', '0')}` === '1',
  /** 'patroni': two PostgreSQL nodes under Patroni with etcd; anything else: a plain primary and replica. */
  failover: setting('CLUSTER_FAILOVER', 'failover', 'none') === 'patroni' ? 'patroni' : 'none',
  portOffset: Number(setting('CLUSTER_PORT_OFFSET', 'portOffset', 0)),
};
if (!(Number.isInteger(settings.portOffset) && settings.portOffset >= 0 && 63790 + settings.portOffset <= 65535)) {
  throw new Error(`CLUSTER_PORT_OFFSET must be an integer from 0 to ${65535 - 63790}`);
}
export const patroniMode = settings.failover === 'patroni';
export const saveSettings = () =>
  writeFileSync(settingsFile, `${JSON.stringify({ ...settings, demo: settings.demo ? '1' : '0' })}\n`);

/** High ports, far from the machine's own PostgreSQL (5432) and Redis (6379); all shifted by CLUSTER_PORT_OFFSET. */
const o = settings.portOffset;
export const ports = {
  /** PostgreSQL node 1 and 2: the plain primary and replica, or Patroni's two nodes (either may lead). */
  node: (n) => 54319 + o + n,
  primary: 54320 + o,
  replica: 54321 + o,
  redis: 63790 + o,
  haproxy: 38080 + o,
  app: (n) => 38080 + o + n, // app 1 → 38081
  // Patroni mode only.
  patroniRest: (n) => 38090 + o + n, // node 1 → 38091
  etcd: 23790 + o,
  etcdPeer: 23800 + o,
  /** HAProxy's `postgres_primary` and `postgres_replica` listeners (deploy/haproxy.cfg). */
  pgPrimaryListener: 54330 + o,
  pgReplicaListener: 54331 + o,
};

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const paths = {
  run: join(dir, 'run'),
  logs: join(dir, 'logs'),
  primary: join(dir, 'pg-primary'),
  replica: join(dir, 'pg-replica'),
  redis: join(dir, 'redis'),
  secrets: join(dir, 'secrets.env'),
  haproxyCfg: join(dir, 'haproxy.cfg'),
  haproxySock: join(dir, 'run', 'haproxy.sock'),
  pid: (name) => join(dir, 'run', `${name}.pid`),
  appData: (n) => join(dir, `app-${n}`),
  // Patroni mode only.
  etcd: join(dir, 'etcd'),
  patroniData: (n) => join(dir, `pg-${n}`),
  patroniConfig: (n) => join(dir, `patroni-${n}.yml`),
};
export const isRoot = process.getuid?.() === 0;

export const log = (message) => console.log(`[cluster] ${message}`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function sh(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${result.status}):\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/** PostgreSQL refuses to run as root: as root its commands run as the `postgres` user the Debian package creates. */
export const pg = (tool, args, options) =>
  isRoot
    ? sh('runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args], options)
    : sh(join(PG_BIN, tool), args, options);

export const pgArgs = (port, sql, db = 'postgres') => [
  ...['-h', '127.0.0.1', '-p', `${port}`, '-U', 'postgres', '-d', db],
  ...['-Atc', sql],
];

/** One statement through psql, its output trimmed, or undefined when the server does not answer. */
export function psql(port, sql, db) {
  try {
    return pg('psql', pgArgs(port, sql, db), {
      env: { ...process.env, PGCONNECT_TIMEOUT: '2' },
      timeout: 10_000,
    }).trim();
  } catch {
    return undefined;
  }
}

export const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

export function readPid(name) {
  try {
    return Number(readFileSync(paths.pid(name), 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

export function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

/** The uid and gid processes of PostgreSQL run as when this script runs as root. */
function postgresIds() {
  if (!isRoot) return {};
  const [uid, gid] = [sh('id', ['-u', 'postgres']), sh('id', ['-g', 'postgres'])].map((s) => Number(s.trim()));
  return { uid, gid };
}

/**
 * Starts a long-running process detached (its own process group), its output appended to logs/<name>.log, its pid
 * in run/<name>.pid. `asPostgres`: as the postgres user when root (Patroni starts PostgreSQL, which refuses root).
 */
export function spawnDetached(name, cmd, args, { env = process.env, cwd = root, asPostgres = false } = {}) {
  const out = openSync(join(paths.logs, `${name}.log`), 'a');
  const child = spawn(cmd, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', out, out],
    ...(asPostgres ? postgresIds() : {}),
  });
  closeSync(out);
  writeFileSync(paths.pid(name), `${child.pid}\n`);
  child.unref();
  return child.pid;
}

export async function stopProcess(name, { signal = 'SIGTERM', timeoutMs = 20_000 } = {}) {
  const pid = readPid(name);
  if (!alive(pid)) return rmSync(paths.pid(name), { force: true });
  process.kill(pid, signal);
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(paths.pid(name), { force: true });
}
