#!/usr/bin/env node
// `npm run cluster -- up|down|status|kill <n>|start <n>|stop <n>`: the production topology of docs/deployment.md on
// this machine, every part real (issue 31, decision 0119): a PostgreSQL primary and a streaming replica in clusters of
// their own (initdb, pg_basebackup -R), a Redis of its own, N app instances and HAProxy in front. Never the machine's
// own PostgreSQL or Redis: every part has its own port and lives under the work directory, which `down` removes.
// Processes are detached with pid files, so the script can end and `status`/`down` find them again.
//
// Environment: CLUSTER_DIR (/tmp/croupier-cluster), CLUSTER_INSTANCES (3), CLUSTER_DEMO=1 (the demo's dev routes:
// the development credit and launch tokens a load generator needs), CLUSTER_BUILD_LOCK (a file the production build
// is serialized on with flock), LOG_LEVEL (warn).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { buildIsStale } from './build-state.mjs';

const root = new URL('..', import.meta.url).pathname;
const dir = process.env.CLUSTER_DIR ?? '/tmp/croupier-cluster';
const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
const demo = process.env.CLUSTER_DEMO === '1';

/** High ports, far from the machine's own PostgreSQL (5432) and Redis (6379). */
const ports = {
  primary: 54320,
  replica: 54321,
  redis: 63790,
  haproxy: 38080,
  app: (n) => 38080 + n, // app 1 → 38081
};
const PG_BIN = '/usr/lib/postgresql/15/bin';
const paths = {
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
};
const databaseUrl = `postgres://postgres@127.0.0.1:${ports.primary}/croupier`;
const isRoot = process.getuid?.() === 0;

const log = (message) => console.log(`[cluster] ${message}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function sh(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${result.status}):\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/** PostgreSQL refuses to run as root: as root its commands run as the `postgres` user the Debian package creates. */
const pg = (tool, args, options) =>
  isRoot
    ? sh('runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args], options)
    : sh(join(PG_BIN, tool), args, options);

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** What is missing, from Debian: HAProxy, the PostgreSQL 15 server binaries, Redis. Installing needs root. */
function ensurePackages() {
  const missing = [];
  if (!has('haproxy')) missing.push('haproxy');
  if (!existsSync(join(PG_BIN, 'initdb')) || !existsSync(join(PG_BIN, 'pg_basebackup'))) missing.push('postgresql-15');
  if (!has('redis-server')) missing.push('redis-server');
  if (missing.length === 0) return;
  if (!isRoot) throw new Error(`missing: ${missing.join(', ')}; install them (apt-get install ${missing.join(' ')})`);
  if (missing.includes('postgresql-15') && !existsSync('/etc/postgresql-common/createcluster.conf')) {
    // The package would create and start a "main" cluster on 5432: the machine's own database, which this script
    // never makes. Debian's postgresql-common reads this before it creates one.
    mkdirSync('/etc/postgresql-common', { recursive: true });
    writeFileSync('/etc/postgresql-common/createcluster.conf', 'create_main_cluster = false\n');
  }
  log(`installing ${missing.join(', ')} with apt-get`);
  sh('apt-get', ['update', '-q']);
  sh('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** The production build, when it is missing or older than its sources (the server refuses a development one). */
function ensureBuild() {
  if (!buildIsStale(root)) return;
  log('building the web app, the back office and the studio UI (NODE_ENV=production)');
  const lock = process.env.CLUSTER_BUILD_LOCK;
  const [cmd, args] = lock
    ? ['flock', [lock, 'npm', 'run', 'build', '--silent']]
    : ['npm', ['run', 'build', '--silent']];
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error('the build failed');
}

/** Keys every instance must share (tokens signed by one are checked by another): made once per cluster. */
function secrets() {
  if (!existsSync(paths.secrets)) {
    const key = () => randomBytes(32).toString('hex');
    const lines = ['JWT_SECRET', 'STAFF_SECRET_KEY', 'AUDIT_ANCHOR_KEY', 'STUDIO_SECRET', 'PAYMENT_WEBHOOK_SECRET'];
    writeFileSync(paths.secrets, `${lines.map((k) => `${k}=${key()}`).join('\n')}\n`, { mode: 0o600 });
  }
  return Object.fromEntries(
    readFileSync(paths.secrets, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('=')),
  );
}

function readPid(name) {
  try {
    return Number(readFileSync(paths.pid(name), 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

const readyAt = (port) =>
  fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

// ── PostgreSQL: a primary and a streaming replica ──

function pgConf(port) {
  return [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${paths.run}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'wal_keep_size = 256MB',
    'hot_standby = on',
    'max_connections = 200',
    'shared_buffers = 128MB',
    `log_directory = '${paths.logs}'`,
    "log_line_prefix = '%m [%p] %q%a '",
  ]
    .map((line) => `${line}\n`)
    .join('');
}

async function startPrimary() {
  if (!existsSync(join(paths.primary, 'PG_VERSION'))) {
    mkdirSync(paths.primary, { recursive: true, mode: 0o700 });
    if (isRoot) sh('chown', ['postgres:postgres', paths.primary]);
    // trust on loopback only: the cluster listens on 127.0.0.1 and is a test bed (deploy/ uses scram).
    pg('initdb', ['-D', paths.primary, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-instructions']);
    writeFileSync(join(paths.primary, 'postgresql.auto.conf'), pgConf(ports.primary), { flag: 'a' });
  }
  pg('pg_ctl', ['-D', paths.primary, '-l', join(paths.logs, 'pg-primary.log'), '-w', '-t', '60', 'start']);
  const exists = pg('psql', pgArgs(ports.primary, "select 1 from pg_database where datname = 'croupier'"));
  if (!exists.trim()) pg('psql', pgArgs(ports.primary, 'create database croupier'));
}

/** pg_basebackup -R writes standby.signal and primary_conninfo: the replica streams from the primary. */
async function startReplica() {
  if (!existsSync(join(paths.replica, 'PG_VERSION'))) {
    mkdirSync(paths.replica, { recursive: true, mode: 0o700 });
    if (isRoot) sh('chown', ['postgres:postgres', paths.replica]);
    pg('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', `${ports.primary}`, '-U', 'postgres'],
      ...['-D', paths.replica, '-R', '-X', 'stream', '-c', 'fast'],
    ]);
    // The copy carries the primary's port: the last setting wins.
    writeFileSync(join(paths.replica, 'postgresql.auto.conf'), `port = ${ports.replica}\n`, { flag: 'a' });
  }
  pg('pg_ctl', ['-D', paths.replica, '-l', join(paths.logs, 'pg-replica.log'), '-w', '-t', '60', 'start']);
}

const pgArgs = (port, sql, db = 'postgres') => [
  '-h',
  '127.0.0.1',
  '-p',
  `${port}`,
  '-U',
  'postgres',
  '-d',
  db,
  '-Atc',
  sql,
];

/** `pg_ctl status` (as the postgres user: pg_ctl refuses root). */
function pgRunning(dataDir) {
  if (!existsSync(join(dataDir, 'postmaster.pid'))) return false;
  const [cmd, args] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), '-D', dataDir, 'status']]
    : [join(PG_BIN, 'pg_ctl'), ['-D', dataDir, 'status']];
  return spawnSync(cmd, args).status === 0;
}

function stopPg(dataDir) {
  if (!existsSync(join(dataDir, 'postmaster.pid'))) return;
  try {
    pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  } catch (error) {
    log(`pg_ctl stop ${dataDir}: ${error.message.split('\n')[0]}`);
  }
}

// ── Redis ──

function startRedis() {
  mkdirSync(paths.redis, { recursive: true });
  sh('redis-server', [
    ...['--port', `${ports.redis}`, '--bind', '127.0.0.1', '--daemonize', 'yes'],
    ...['--pidfile', paths.pid('redis'), '--logfile', join(paths.logs, 'redis.log'), '--dir', paths.redis],
    // The real-time fan-out and presence only: nothing in it must survive a restart.
    ...['--save', '', '--appendonly', 'no'],
  ]);
}

// ── App instances ──

function appEnv(n) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: `${ports.app(n)}`,
    HOST: '127.0.0.1',
    DATA_DIR: paths.appData(n),
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    PUBLIC_URL: `http://127.0.0.1:${ports.haproxy}`,
    TLS_TERMINATED_BY_PROXY: 'true',
    TRUSTED_PROXIES: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...secrets(),
    ...(demo ? { DEMO: 'true', DEV_MAILBOX: 'true' } : { DEV_MAILBOX: 'false', DEV_OIDC_PROVIDER: 'false' }),
  };
}

/** Starts instance n detached (its own process group), its output in logs/app-n.log, its pid in run/app-n.pid. */
function spawnApp(n) {
  mkdirSync(paths.appData(n), { recursive: true });
  const out = openSync(join(paths.logs, `app-${n}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: appEnv(n),
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  writeFileSync(paths.pid(`app-${n}`), `${child.pid}\n`);
  child.unref();
  return child.pid;
}

async function startApp(n) {
  if (alive(readPid(`app-${n}`))) return log(`app ${n} already runs`);
  const pid = spawnApp(n);
  await waitFor(
    `app ${n}`,
    async () => {
      if (!alive(pid)) throw new Error(`app ${n} exited during start; see ${join(paths.logs, `app-${n}.log`)}`);
      return readyAt(ports.app(n));
    },
    120_000,
  );
}

async function stopProcess(name, { signal = 'SIGTERM', timeoutMs = 20_000 } = {}) {
  const pid = readPid(name);
  if (!alive(pid)) return rmSync(paths.pid(name), { force: true });
  process.kill(pid, signal);
  const deadline = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(paths.pid(name), { force: true });
}

// ── HAProxy ──

/** deploy/haproxy.cfg with this cluster's addresses, pid and admin socket, without TLS. */
function haproxyConfig() {
  if (instances > 3) throw new Error('deploy/haproxy.cfg lists 3 instances: CLUSTER_INSTANCES must be 1 to 3');
  return (
    readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8')
      .replace(/^\s*(user|group|chroot|daemon|log)\b.*\n/gm, '')
      .replace(/stats socket \S+ mode \d+/, `stats socket ${paths.haproxySock} mode 600`)
      // A test bed's descriptor limit, not a host's.
      .replace(/maxconn \d+/, 'maxconn 4000')
      .replace(/bind :80\b.*/, `bind 127.0.0.1:${ports.haproxy}`)
      .replace(
        /^\s*(bind :443|http-request redirect scheme https|http-request set-header cf-connecting-ip %\[src\]$).*\n/gm,
        '',
      )
      .replace(/^(\s*)# cluster: /gm, '$1')
      .replace(/^(\s*)server app(\d) 10\.0\.1\.1\d:3001 (.*)\n/gm, (_, indent, n, rest) =>
        Number(n) <= instances ? `${indent}server app${n} 127.0.0.1:${ports.app(Number(n))} ${rest}\n` : '',
      )
  );
}

function startHaproxy() {
  writeFileSync(paths.haproxyCfg, haproxyConfig());
  sh('haproxy', ['-c', '-q', '-f', paths.haproxyCfg]);
  sh('haproxy', ['-D', '-f', paths.haproxyCfg, '-p', paths.pid('haproxy')]);
}

/** One command on HAProxy's admin socket (`show stat`, `set server api/app1 state drain`, …). */
function haproxyCommand(command) {
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = createConnection(paths.haproxySock, () => socket.end(`${command}\n`));
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      out += chunk;
    });
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

/** "app1 UP", "app2 DOWN", … from HAProxy's own view of the `api` backend. */
async function serverStates() {
  const csv = await haproxyCommand('show stat').catch(() => '');
  return csv
    .split('\n')
    .filter((line) => line.startsWith('api,app'))
    .map((line) => line.split(','))
    .map((f) => `${f[1]} ${f[17]}`);
}

/**
 * A graceful stop as deploy/haproxy.cfg describes it: HAProxy stops sending the instance requests and sockets
 * first, then SIGTERM (in-flight requests finish, sockets close with 3001). A bare SIGTERM is not enough: Fastify
 * answers 503 to a request that reaches a closing server, until HAProxy's checks notice (decision 0119).
 */
async function drainAndStop(n) {
  if (alive(readPid('haproxy'))) {
    await haproxyCommand(`set server api/app${n} state drain`);
    await sleep(500);
  }
  await stopProcess(`app-${n}`);
}

// ── Commands ──

async function up() {
  const started = performance.now();
  ensurePackages();
  ensureBuild();
  const phase = (name, t0) => log(`${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  for (const d of [dir, paths.run, paths.logs]) mkdirSync(d, { recursive: true });
  // The postgres user writes its logs and sockets here.
  if (isRoot) sh('chown', ['postgres:postgres', paths.run, paths.logs]);
  if (isRoot) sh('chmod', ['1777', paths.run, paths.logs]);
  let t0 = performance.now();
  if (!pgRunning(paths.primary)) await startPrimary();
  phase(`PostgreSQL primary on ${ports.primary}`, t0);
  t0 = performance.now();
  if (!pgRunning(paths.replica)) await startReplica();
  phase(`PostgreSQL replica on ${ports.replica} (streaming)`, t0);
  t0 = performance.now();
  if (!alive(readPid('redis'))) startRedis();
  phase(`Redis on ${ports.redis}`, t0);
  // One instance first: it migrates and seeds a fresh database alone; the others start together after it
  // (issue 31: instances started at once on a fresh database can race in pg-boss's schema creation).
  t0 = performance.now();
  await startApp(1);
  phase(`app 1 on ${ports.app(1)} (migrated, seeded)`, t0);
  t0 = performance.now();
  await Promise.all(Array.from({ length: instances - 1 }, (_, i) => startApp(i + 2)));
  if (instances > 1) phase(`apps 2–${instances} (ports up to ${ports.app(instances)})`, t0);
  t0 = performance.now();
  if (!alive(readPid('haproxy'))) startHaproxy();
  await waitFor('HAProxy', () => readyAt(ports.haproxy), 30_000);
  phase(`HAProxy on ${ports.haproxy}`, t0);
  log(`up in ${((performance.now() - started) / 1000).toFixed(1)} s: http://127.0.0.1:${ports.haproxy}/`);
}

async function down() {
  await stopProcess('haproxy');
  await Promise.all(Array.from({ length: 16 }, (_, i) => stopProcess(`app-${i + 1}`)));
  await stopProcess('redis');
  stopPg(paths.replica);
  stopPg(paths.primary);
  rmSync(dir, { recursive: true, force: true });
  log(`down; ${dir} removed`);
}

async function status() {
  const line = (name, ok, detail = '') => console.log(`${ok ? '✔' : '✘'} ${name.padEnd(22)} ${detail}`);
  const primary = pgRunning(paths.primary);
  line(`PostgreSQL primary`, primary, `:${ports.primary}`);
  const replica = pgRunning(paths.replica);
  let replication = '';
  if (primary && replica) {
    try {
      replication = pg('psql', pgArgs(ports.primary, 'select state, replay_lag from pg_stat_replication')).trim();
    } catch {}
  }
  line(`PostgreSQL replica`, replica, `:${ports.replica} ${replication.replace('|', ' lag ')}`);
  line('Redis', alive(readPid('redis')), `:${ports.redis}`);
  const states = await serverStates();
  for (let n = 1; n <= instances; n++) {
    const pid = readPid(`app-${n}`);
    const state = states.find((s) => s.startsWith(`app${n} `))?.split(' ')[1] ?? '';
    line(`app ${n}`, alive(pid), `:${ports.app(n)} pid ${pid ?? '-'} ${state ? `haproxy ${state}` : ''}`);
  }
  const ready = await readyAt(ports.haproxy);
  line(
    'HAProxy',
    alive(readPid('haproxy')),
    `:${ports.haproxy} readiness through it: ${ready ? 'ready' : 'not ready'}`,
  );
  return ready;
}

const [command, arg] = process.argv.slice(2);
const n = Number(arg);
const commands = {
  up,
  down,
  status: async () => {
    if (!(await status())) process.exitCode = 1;
  },
  // One instance, for fault tests: `kill 2` is a kill -9, `stop 2` drains it in HAProxy and sends SIGTERM, `start 2`
  // brings it back and into HAProxy again.
  kill: () => stopProcess(`app-${n}`, { signal: 'SIGKILL' }),
  stop: () => drainAndStop(n),
  start: async () => {
    await startApp(n);
    if (alive(readPid('haproxy'))) await haproxyCommand(`set server api/app${n} state ready`);
  },
};
if (!commands[command] || (['kill', 'stop', 'start'].includes(command) && !(n >= 1 && n <= instances))) {
  console.error('usage: npm run cluster -- up | down | status | kill <n> | stop <n> | start <n>');
  process.exit(2);
}
commands[command]().catch((error) => {
  console.error(`[cluster] ${error.message}`);
  process.exit(1);
});
