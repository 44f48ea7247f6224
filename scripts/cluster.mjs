#!/usr/bin/env node
// `npm run cluster -- <command>`: the production topology of docs/deployment.md on this machine, every part real
// (issue 31, decision 0119): a PostgreSQL primary and a streaming replica in clusters of their own (initdb,
// pg_basebackup -R), or with CLUSTER_FAILOVER=patroni the same two under Patroni with etcd
// (scripts/cluster/patroni.mjs); a Redis of its own, N app instances and HAProxy in front. Never the machine's own
// PostgreSQL or Redis: every part has its own port and lives under the work directory, which `down` removes.
//
// Environment: CLUSTER_DIR (/tmp/croupier-cluster), CLUSTER_INSTANCES (3), CLUSTER_DEMO=1 (the demo's dev routes:
// the development credit and launch tokens a load generator needs), CLUSTER_FAILOVER=patroni, CLUSTER_PORT_OFFSET
// (0: every port shifts by it, so two clusters can run side by side), CLUSTER_SYNCHRONOUS=1 (Patroni mode:
// synchronous replication), CLUSTER_BUILD_LOCK (a file the production build is serialized on with flock),
// LOG_LEVEL (warn). `up` writes the settings to the work directory; later commands use them unless the variable is
// set.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { buildIsStale } from './build-state.mjs';
import {
  alive,
  dir,
  has,
  isRoot,
  log,
  PG_BIN,
  paths,
  patroniMode,
  pg,
  pgArgs,
  ports,
  psql,
  readPid,
  root,
  saveSettings,
  settings,
  sh,
  sleep,
  spawnDetached,
  stopProcess,
  waitFor,
} from './cluster/common.mjs';
import {
  failover,
  nodeStart,
  patroniStatus,
  restartPrimary,
  startPatroniCluster,
  stopPatroniCluster,
  waitForPrimaryListener,
} from './cluster/patroni.mjs';

const { instances, demo } = settings;
/** The apps' database: the plain primary, or in Patroni mode HAProxy's listeners that follow Patroni's leader. */
const databaseUrl = patroniMode
  ? `postgres://postgres@127.0.0.1:${ports.pgPrimaryListener}/croupier`
  : `postgres://postgres@127.0.0.1:${ports.primary}/croupier`;
/** Reads that tolerate a second of lag go to the streaming replica (decision 0128); the primary while it lags. */
const replicaUrl = patroniMode
  ? `postgres://postgres@127.0.0.1:${ports.pgReplicaListener}/croupier`
  : `postgres://postgres@127.0.0.1:${ports.replica}/croupier`;

/** What is missing, from Debian: HAProxy, PostgreSQL 15, Redis (and Patroni, etcd). Installing needs root. */
function ensurePackages() {
  const missing = [];
  if (!has('haproxy')) missing.push('haproxy');
  if (!existsSync(join(PG_BIN, 'initdb')) || !existsSync(join(PG_BIN, 'pg_basebackup'))) missing.push('postgresql-15');
  if (!has('redis-server')) missing.push('redis-server');
  // Patroni mode: Debian's patroni (3.0) and etcd-server (3.4). On a host with systemd the etcd package starts a
  // default etcd on 2379; the cluster's own runs on its own ports and does not care.
  if (patroniMode && !has('patroni')) missing.push('patroni');
  if (patroniMode && !has('etcd')) missing.push('etcd-server');
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

/** `pg_ctl status` (as the postgres user: pg_ctl refuses root). */
function pgRunning(dataDir) {
  if (!existsSync(join(dataDir, 'postmaster.pid'))) return false;
  const [cmd, args] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), '-D', dataDir, 'status']]
    : [join(PG_BIN, 'pg_ctl'), ['-D', dataDir, 'status']];
  return spawnSync(cmd, args).status === 0;
}

/** `pg-restart` (plain mode): the primary restarted with a fast shutdown; its sessions are cut, the pools reconnect. */
async function restartPlainPrimary() {
  const t0 = performance.now();
  pg('pg_ctl', [
    ...['-D', paths.primary, '-l', join(paths.logs, 'pg-primary.log')],
    ...['-m', 'fast', '-w', '-t', '60', 'restart'],
  ]);
  log(`the primary restarted (fast shutdown) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
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

const redisAnswers = () =>
  spawnSync('redis-cli', ['-p', `${ports.redis}`, 'ping'], { encoding: 'utf8', timeout: 2000 }).stdout?.trim() ===
  'PONG';

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
    // Read by the server once its replica routing lands (decision 0119's plan); harmless before.
    DATABASE_REPLICA_URL: replicaUrl,
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
  return spawnDetached(`app-${n}`, process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    env: appEnv(n),
  });
}

async function startApp(n) {
  if (alive(readPid(`app-${n}`))) return log(`app ${n} already runs`);
  // The test bed's ports are in Linux's ephemeral range (32768–60999): a client's connection (a load generator's)
  // can hold one as its local port for a while. Reserved at `up`; a start that still finds it taken tries again.
  for (let attempt = 1; ; attempt++) {
    const pid = spawnApp(n);
    try {
      return await waitFor(
        `app ${n}`,
        async () => {
          if (!alive(pid)) throw new Error(`app ${n} exited during start; see ${join(paths.logs, `app-${n}.log`)}`);
          return readyAt(ports.app(n));
        },
        120_000,
      );
    } catch (error) {
      const tail = readFileSync(join(paths.logs, `app-${n}.log`), 'utf8').slice(-2000);
      if (attempt >= 10 || !tail.includes(`EADDRINUSE: address already in use 127.0.0.1:${ports.app(n)}`)) throw error;
      log(`app ${n}: port ${ports.app(n)} is some connection's local port; trying again`);
      await sleep(1000);
    }
  }
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
      .replace(/^(\s*)server app(\d)(-open)? 10\.0\.1\.1\d:3001 (.*)\n/gm, (_, indent, n, open = '', rest) =>
        Number(n) <= instances ? `${indent}server app${n}${open} 127.0.0.1:${ports.app(Number(n))} ${rest}\n` : '',
      )
      // PostgreSQL's listeners follow Patroni's leader: only in Patroni mode, on this cluster's nodes.
      .replace(/^listen postgres_\w+\n(?:[ \t]+\S.*\n?)*/gm, (block) => (patroniMode ? block : ''))
      .replace(/bind 10\.0\.1\.10:500([01])/g, (_, r) =>
        r === '0' ? `bind 127.0.0.1:${ports.pgPrimaryListener}` : `bind 127.0.0.1:${ports.pgReplicaListener}`,
      )
      .replace(/server pg(\d) 10\.0\.2\.1\d:5432 (.*)port 8008/g, (_, n, rest) => {
        return `server pg${n} 127.0.0.1:${ports.node(Number(n))} ${rest}port ${ports.patroniRest(Number(n))}`;
      })
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

/**
 * Takes the cluster's ports out of Linux's ephemeral range (root only; until reboot), so that no client connection is
 * given one as its local port while the part that listens there is down or not started yet.
 */
function reservePorts() {
  const file = '/proc/sys/net/ipv4/ip_local_reserved_ports';
  if (!isRoot || !existsSync(file)) return;
  const ours = [
    ...[1, 2, 3].flatMap((i) => [ports.node(i), ports.app(i), ports.patroniRest(i)]),
    ...[ports.haproxy, ports.redis, ports.etcd, ports.etcdPeer, ports.pgPrimaryListener, ports.pgReplicaListener],
  ];
  const current = readFileSync(file, 'utf8').trim();
  const reserved = new Set(
    current
      .split(',')
      .filter(Boolean)
      .flatMap((r) => {
        const [a, b = a] = r.split('-').map(Number);
        return Array.from({ length: b - a + 1 }, (_, i) => a + i);
      }),
  );
  const missing = ours.filter((p) => !reserved.has(p));
  if (missing.length === 0) return;
  try {
    writeFileSync(file, [current, ...missing].filter(Boolean).join(','));
  } catch (error) {
    log(`could not reserve the cluster's ports (${error.message}); a start may find one taken`);
  }
}

// ── Commands ──

async function up() {
  const started = performance.now();
  ensurePackages();
  ensureBuild();
  const phase = (name, t0) => log(`${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  for (const d of [dir, paths.run, paths.logs]) mkdirSync(d, { recursive: true });
  saveSettings();
  reservePorts();
  // The postgres user writes its logs and sockets here.
  if (isRoot) sh('chown', ['postgres:postgres', paths.run, paths.logs]);
  if (isRoot) sh('chmod', ['1777', paths.run, paths.logs]);
  let t0 = performance.now();
  if (patroniMode) {
    await startPatroniCluster();
    // HAProxy before the apps: their DATABASE_URL is its postgres_primary listener.
    if (!alive(readPid('haproxy'))) startHaproxy();
    await waitForPrimaryListener();
    phase(`PostgreSQL under Patroni; HAProxy's primary listener on ${ports.pgPrimaryListener}`, t0);
  } else {
    if (!pgRunning(paths.primary)) await startPrimary();
    phase(`PostgreSQL primary on ${ports.primary}`, t0);
    t0 = performance.now();
    if (!pgRunning(paths.replica)) await startReplica();
    phase(`PostgreSQL replica on ${ports.replica} (streaming)`, t0);
  }
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

/** Everything this directory's cluster runs, whichever mode started it. */
async function down() {
  const t0 = performance.now();
  const took = (t) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
  const apps = () => Promise.all(Array.from({ length: 16 }, (_, i) => stopProcess(`app-${i + 1}`)));
  // In Patroni mode the apps reach PostgreSQL through HAProxy: they stop first, or their shutdown waits for a
  // database that is gone until they are killed.
  if (patroniMode) await apps();
  await stopProcess('haproxy');
  if (!patroniMode) await apps();
  const appsTook = took(t0);
  await stopProcess('redis');
  const t1 = performance.now();
  await stopPatroniCluster();
  stopPg(paths.replica);
  stopPg(paths.primary);
  rmSync(dir, { recursive: true, force: true });
  log(`down in ${took(t0)} (HAProxy and apps ${appsTook}, PostgreSQL ${took(t1)}); ${dir} removed`);
}

/** The plain primary and replica: each one's role (a promoted replica shows as a second primary) and its streaming. */
function plainPgStatus(line) {
  const role = (port) => ({ f: 'primary', t: 'replica' })[psql(port, 'select pg_is_in_recovery()')] ?? 'no answer';
  const primary = pgRunning(paths.primary);
  line(`PostgreSQL primary`, primary, `:${ports.primary} ${primary ? role(ports.primary) : ''}`);
  const replica = pgRunning(paths.replica);
  let replication = '';
  if (primary && replica) replication = psql(ports.primary, 'select state, replay_lag from pg_stat_replication') ?? '';
  // Not streaming for a few seconds after a restart of either side (the replica retries every 5 s).
  if (primary && replica && !replication) replication = 'no stream yet';
  line(
    `PostgreSQL replica`,
    replica,
    `:${ports.replica} ${replica ? `${role(ports.replica)} ` : ''}${replication.replace('|', ' lag ')}`,
  );
}

/** The server rows of one HAProxy backend or listener: "app1 UP", "pg2 DOWN", … */
async function serverStates(proxy) {
  const csv = await haproxyCommand('show stat').catch(() => '');
  return csv
    .split('\n')
    .filter((line) => line.startsWith(`${proxy},`) && !/^[^,]+,(FRONTEND|BACKEND),/.test(line))
    .map((line) => line.split(','))
    .map((f) => `${f[1]} ${f[17]}`);
}

async function status() {
  const line = (name, ok, detail = '') => console.log(`${ok ? '✔' : '✘'} ${name.padEnd(22)} ${detail}`);
  if (patroniMode) {
    await patroniStatus(line);
    for (const [listener, port] of [
      ['postgres_primary', ports.pgPrimaryListener],
      ['postgres_replica', ports.pgReplicaListener],
    ]) {
      const up = (await serverStates(listener)).filter((s) => s.endsWith(' UP')).map((s) => s.split(' ')[0]);
      line(
        `HAProxy ${listener.replace('postgres_', 'pg ')}`,
        up.length > 0,
        `:${port} → ${up.join(', ') || 'no node'}`,
      );
    }
  } else {
    plainPgStatus(line);
  }
  line('Redis', alive(readPid('redis')) && redisAnswers(), `:${ports.redis}`);
  const states = await serverStates('api');
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

async function redisStart() {
  if (!alive(readPid('redis'))) startRedis();
  await waitFor('Redis', redisAnswers, 10_000);
  log(`Redis on ${ports.redis} started`);
}

const patroniOnly = (fn) => () => {
  if (!patroniMode) throw new Error('this command needs a cluster started with CLUSTER_FAILOVER=patroni');
  return fn();
};

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
  // Faults of the shared parts: Redis stopped (SIGTERM) and started; the primary restarted with a fast shutdown.
  'redis-stop': async () => {
    await stopProcess('redis');
    log('Redis stopped');
  },
  'redis-start': redisStart,
  'pg-restart': () => (patroniMode ? restartPrimary() : restartPlainPrimary()),
  // Patroni mode: the primary's host dies (kill -9 of its Patroni and PostgreSQL) and the replica takes over;
  // `node-start 1` brings node 1 back as a replica.
  failover: patroniOnly(failover),
  'node-start': patroniOnly(() => nodeStart(n)),
};
const usage = `usage: npm run cluster -- up | down | status | kill <n> | stop <n> | start <n> | redis-stop |
  redis-start | pg-restart | failover | node-start <1|2>  (failover and node-start: CLUSTER_FAILOVER=patroni)`;
if (
  !commands[command] ||
  (['kill', 'stop', 'start'].includes(command) && !(n >= 1 && n <= instances)) ||
  (command === 'node-start' && ![1, 2].includes(n))
) {
  console.error(usage);
  process.exit(2);
}
Promise.resolve()
  .then(() => commands[command]())
  .catch((error) => {
    console.error(`[cluster] ${error.message}`);
    process.exit(1);
  });
