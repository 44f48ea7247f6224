// The cluster's PostgreSQL under Patroni (CLUSTER_FAILOVER=patroni, decision 0119): a single-member etcd, two Patroni
// nodes on the Debian PostgreSQL 15 binaries, and the faults a failover test needs. Patroni bootstraps both: initdb on
// the first node to take the leader lock, pg_basebackup on the other; after a failover it rewinds the old primary
// (pg_rewind) and makes it a replica. The apps reach the primary through HAProxy's `postgres_primary` listener, which
// checks each node's Patroni REST API (deploy/haproxy.cfg), so they keep one DATABASE_URL across a failover.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  alive,
  isRoot,
  log,
  PG_BIN,
  paths,
  ports,
  psql,
  readPid,
  sh,
  sleep,
  spawnDetached,
  stopProcess,
  waitFor,
} from './common.mjs';

export const NODES = [1, 2];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// ── etcd: one member (production runs three, for a quorum that survives one host: deploy/patroni/etcd) ──

const etcdUrl = `http://127.0.0.1:${ports.etcd}`;
export const etcdHealthy = () =>
  fetch(`${etcdUrl}/health`, { signal: AbortSignal.timeout(2000) }).then(
    async (r) => r.ok && (await r.json()).health === 'true',
    () => false,
  );

export async function startEtcd() {
  if (alive(readPid('etcd'))) return;
  const peer = `http://127.0.0.1:${ports.etcdPeer}`;
  spawnDetached('etcd', 'etcd', [
    ...['--name', 'croupier-etcd', '--data-dir', paths.etcd],
    ...['--listen-client-urls', etcdUrl, '--advertise-client-urls', etcdUrl],
    ...['--listen-peer-urls', peer, '--initial-advertise-peer-urls', peer],
    ...['--initial-cluster', `croupier-etcd=${peer}`, '--initial-cluster-state', 'new'],
    ...['--initial-cluster-token', `croupier-${ports.etcd}`],
  ]);
  await waitFor('etcd', etcdHealthy, 30_000);
}

// ── Patroni ──

/**
 * Node n's Patroni configuration. JSON is YAML, so no YAML library: deploy/patroni/config.yml is the same in YAML
 * with production's values and comments.
 */
function patroniConfig(n) {
  const address = (port) => ({ listen: `127.0.0.1:${port}`, connect_address: `127.0.0.1:${port}` });
  return {
    scope: 'croupier',
    namespace: '/croupier/',
    name: `pg${n}`,
    restapi: address(ports.patroniRest(n)),
    etcd3: { hosts: [`127.0.0.1:${ports.etcd}`] },
    bootstrap: {
      dcs: {
        // A test bed's timings: a dead primary's leader key expires within ttl, so a failover takes about ttl plus
        // a loop. Patroni's defaults (production, deploy/patroni/config.yml): ttl 30, loop_wait 10, retry_timeout 10.
        // Patroni's rule: loop_wait + 2 × retry_timeout ≤ ttl.
        ttl: 10,
        loop_wait: 2,
        retry_timeout: 4,
        // A replica more than 1 MiB behind is not promoted (it would lose more than that).
        maximum_lag_on_failover: 1048576,
        // CLUSTER_SYNCHRONOUS=1: every commit waits for the replica (Patroni sets synchronous_standby_names), so a
        // failover loses no acknowledged commit; to measure what it costs (decision 0119).
        ...(process.env.CLUSTER_SYNCHRONOUS === '1' ? { synchronous_mode: true } : {}),
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on', // pg_rewind needs it (or data checksums, which initdb also turns on below)
            max_connections: 200,
            max_wal_senders: 5,
            max_replication_slots: 5,
            wal_keep_size: '256MB',
            shared_buffers: '128MB',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, 'data-checksums'],
    },
    postgresql: {
      ...address(ports.node(n)),
      data_dir: paths.patroniData(n),
      bin_dir: PG_BIN,
      pgpass: join(paths.run, `pgpass-${n}`),
      // The clone starts at once instead of waiting for a spread checkpoint (minutes on an idle primary).
      basebackup: [{ checkpoint: 'fast' }],
      // trust on loopback only: a test bed (deploy/patroni/config.yml uses scram and passwords).
      authentication: { superuser: { username: 'postgres' }, replication: { username: 'replicator' } },
      pg_hba: ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'],
      parameters: { unix_socket_directories: paths.run, log_line_prefix: '%m [%p] %q%a ' },
    },
    watchdog: { mode: 'off' },
  };
}

const rest = (n, path, init = {}) =>
  fetch(`http://127.0.0.1:${ports.patroniRest(n)}${path}`, { signal: AbortSignal.timeout(2000), ...init });
/** 200 from a node's /primary or /replica: what HAProxy checks. */
const answers = (n, path) =>
  rest(n, path).then(
    (r) => r.ok,
    () => false,
  );

/** Patroni's view of the cluster (`GET /cluster` on any live node): members with their role, state and lag. */
export async function clusterView() {
  for (const n of NODES) {
    try {
      const res = await rest(n, '/cluster');
      if (res.ok) return (await res.json()).members ?? [];
    } catch {}
  }
  return [];
}

const nodeOf = (member) => Number(member.name.slice(2));
export const leaderNode = async () => {
  const leader = (await clusterView()).find((m) => m.role === 'leader');
  return leader ? nodeOf(leader) : undefined;
};

/** The primary through HAProxy's listener: the address the apps use. */
const listenerIsPrimary = () => psql(ports.pgPrimaryListener, 'select pg_is_in_recovery()') === 'f';
export const waitForPrimaryListener = (timeoutMs = 60_000) =>
  waitFor('the primary through HAProxy', listenerIsPrimary, timeoutMs);

function spawnPatroni(n) {
  if (!existsSync(paths.patroniData(n))) {
    mkdirSync(paths.patroniData(n), { recursive: true, mode: 0o700 });
    if (isRoot) sh('chown', ['postgres:postgres', paths.patroniData(n)]);
  }
  writeFileSync(paths.patroniConfig(n), `${JSON.stringify(patroniConfig(n), null, 2)}\n`);
  spawnDetached(`patroni-${n}`, 'patroni', [paths.patroniConfig(n)], {
    env: { PATH: process.env.PATH, HOME: paths.run, LANG: 'C.UTF-8' },
    cwd: paths.run,
    asPostgres: true,
  });
}

/** Node 1 first, so it bootstraps (initdb) and leads; node 2 then clones it. The database `croupier` after. */
export async function startPatroniCluster() {
  const t0 = performance.now();
  await startEtcd();
  log(`etcd on ${ports.etcd} (${seconds(performance.now() - t0)})`);
  let t = performance.now();
  if (!alive(readPid('patroni-1'))) spawnPatroni(1);
  let primary;
  await waitFor(
    'a Patroni leader',
    async () => {
      primary = await leaderNode();
      return primary !== undefined && answers(primary, '/primary');
    },
    120_000,
  );
  const exists = () => psql(ports.node(primary), "select 1 from pg_database where datname = 'croupier'") === '1';
  if (!exists()) psql(ports.node(primary), 'create database croupier');
  if (!exists()) throw new Error(`could not create the database croupier on node ${primary}`);
  log(`Patroni node ${primary} leads on ${ports.node(primary)}, database croupier (${seconds(performance.now() - t)})`);
  t = performance.now();
  for (const n of NODES) if (!alive(readPid(`patroni-${n}`))) spawnPatroni(n);
  await waitFor(
    'both Patroni nodes',
    async () => (await Promise.all(NODES.map((n) => running(n)))).every(Boolean),
    180_000,
  );
  log(`Patroni replica running (${seconds(performance.now() - t)})`);
}

/** A node serves its role: the leader on /primary, a replica on /replica. */
const running = async (n) => (await answers(n, '/primary')) || (await answers(n, '/replica'));

/** The postmaster of node n, from its pid file, if that process is this node's PostgreSQL. */
function postmasterPid(n) {
  try {
    const pid = Number(readFileSync(join(paths.patroniData(n), 'postmaster.pid'), 'utf8').split('\n')[0]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes(paths.patroniData(n)) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The processes whose parent is `pid` (PostgreSQL's backends and workers: each is a process group of its own). */
function childrenOf(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command's closing parenthesis: state, then the parent's pid.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {}
  }
  return children;
}

/**
 * The host of node n dies: its Patroni and all of its PostgreSQL get SIGKILL at once, nothing is shut down cleanly.
 * The postmaster's children each run in a session of their own (PostgreSQL calls setsid), so they are killed one by
 * one; left alone they would only notice the postmaster's death at their next wait.
 */
function killNode(n) {
  const patroni = readPid(`patroni-${n}`);
  const postmaster = postmasterPid(n);
  const doomed = [patroni, postmaster, ...(postmaster ? childrenOf(postmaster) : [])].filter(alive);
  for (const pid of doomed) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
}

/** `failover`: the primary's host dies; the time until Patroni promoted the other node and HAProxy reaches it. */
export async function failover() {
  const old = await leaderNode();
  if (old === undefined) throw new Error('no Patroni leader to kill');
  const next = NODES.find((n) => n !== old);
  if (!(await running(next))) throw new Error(`node ${next} is not a running replica: it could not take over`);
  const t0 = Date.now();
  killNode(old);
  log(`node ${old} (the primary) killed at ${new Date(t0).toISOString()}: Patroni and PostgreSQL, SIGKILL`);
  await waitFor(`node ${next} promoted`, () => answers(next, '/primary'), 120_000);
  const promoted = Date.now() - t0;
  log(`node ${next} promoted by Patroni after ${seconds(promoted)}`);
  await waitForPrimaryListener(60_000);
  const reachable = Date.now() - t0;
  log(`the primary listener (:${ports.pgPrimaryListener}) reaches node ${next} after ${seconds(reachable)}`);
  console.log(
    JSON.stringify({ killedAt: t0, killed: old, promoted: next, promotedMs: promoted, listenerMs: reachable }),
  );
}

/** `node-start n`: node n comes back; Patroni rewinds it if it was the old primary and makes it a replica. */
export async function nodeStart(n) {
  if (alive(readPid(`patroni-${n}`))) return log(`Patroni node ${n} already runs`);
  const t0 = performance.now();
  if (postmasterPid(n)) throw new Error(`node ${n}'s PostgreSQL still runs without its Patroni: stop it first`);
  const logFile = join(paths.logs, `patroni-${n}.log`);
  const logFrom = existsSync(logFile) ? statSync(logFile).size : 0;
  spawnPatroni(n);
  await waitFor(`node ${n} back`, () => running(n), 180_000);
  const rewound = readFileSync(logFile).subarray(logFrom).toString().includes('pg_rewind exit code=0');
  const role = (await answers(n, '/primary')) ? 'primary' : 'replica';
  log(
    `node ${n} back as ${role}${rewound ? ' (pg_rewind ran, see logs)' : ''} after ${seconds(performance.now() - t0)}`,
  );
}

/** `pg-restart`: the primary restarted by Patroni (a fast shutdown, then start; it keeps the leader lock). */
export async function restartPrimary() {
  const leader = await leaderNode();
  if (leader === undefined) throw new Error('no Patroni leader');
  const t0 = performance.now();
  const res = await rest(leader, '/restart', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`Patroni refused the restart of node ${leader}: ${res.status} ${await res.text()}`);
  await waitForPrimaryListener(60_000);
  log(`node ${leader} (the primary) restarted by Patroni in ${seconds(performance.now() - t0)}`);
}

/** Lines for `status`: etcd, each node's role and state in Patroni's view, the replica's streaming. */
export async function patroniStatus(line) {
  line('etcd', await etcdHealthy(), `:${ports.etcd}`);
  const members = await clusterView();
  const leader = members.find((m) => m.role === 'leader');
  const replication = leader
    ? (psql(ports.node(nodeOf(leader)), 'select application_name, state, replay_lag from pg_stat_replication') ?? '')
    : '';
  for (const n of NODES) {
    const m = members.find((member) => nodeOf(member) === n);
    const stream = replication.split('\n').find((row) => row.startsWith(`pg${n}|`));
    const detail = m
      ? `${m.role === 'leader' ? 'primary' : m.role} ${m.state}, timeline ${m.timeline ?? '-'}` +
        (m.role === 'leader' ? '' : `, lag ${m.lag ?? '-'} B`) +
        (stream ? `, ${stream.split('|')[1]} lag ${stream.split('|')[2] || '0'}` : '')
      : 'not in the cluster';
    line(
      `Patroni node ${n}`,
      alive(readPid(`patroni-${n}`)),
      `:${ports.node(n)} (REST :${ports.patroniRest(n)}) ${detail}`,
    );
  }
}

/** Both Patroni nodes (each stops its PostgreSQL), anything of theirs left killed, then etcd. */
export async function stopPatroniCluster() {
  // Both at once (each takes 4–5 s, a shutdown checkpoint): neither takes the leader lock while it shuts down.
  await Promise.all(NODES.map((n) => stopProcess(`patroni-${n}`, { timeoutMs: 40_000 })));
  for (const n of NODES) {
    const pid = postmasterPid(n);
    if (pid) {
      log(`node ${n}'s PostgreSQL outlived its Patroni: SIGKILL`);
      killNode(n);
      await sleep(200);
    }
  }
  await stopProcess('etcd');
}
