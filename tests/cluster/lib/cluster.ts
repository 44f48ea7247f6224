// The cluster of scripts/cluster.mjs seen from a test: its commands, HAProxy's admin socket, pid files and
// secrets. One place for the smoke test, the fault runner and the load generator (issue 31, decision 0119).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const root = new URL('../../..', import.meta.url).pathname;
export const clusterDir = process.env.CLUSTER_DIR ?? '/tmp/croupier-cluster';
const offset = Number(process.env.CLUSTER_PORT_OFFSET ?? 0);
export const ports = {
  haproxy: 38080 + offset,
  primary: 54320 + offset,
  replica: 54321 + offset,
  app: (n: number) => 38080 + offset + n,
};
export const origin = `http://127.0.0.1:${ports.haproxy}`;
export const wsUrl = `ws://127.0.0.1:${ports.haproxy}/api/connection/websocket`;
export const now = () => performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `npm run cluster -- <args>` with this process's environment (CLUSTER_INSTANCES, CLUSTER_DEMO, …). */
export const cluster = (...args: string[]) =>
  run(process.execPath, [join(root, 'scripts/cluster.mjs'), ...args], {
    cwd: root,
    timeout: 300_000,
    maxBuffer: 16 << 20,
  });

/** One command on the cluster's HAProxy admin socket. */
export function haproxy(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = createConnection(join(clusterDir, 'run/haproxy.sock'), () => socket.end(`${command}\n`));
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      out += chunk;
    });
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

/** HAProxy's rows of one backend: server name → status and current sessions. */
export async function backend(name: string): Promise<Map<string, { status: string; sessions: number }>> {
  // The checked servers only (app1…), not their fail-open backup twins (app1-open).
  const rows = (await haproxy('show stat')).split('\n').filter((line) => new RegExp(`^${name},app\\d,`).test(line));
  return new Map(
    rows.map((line) => {
      const f = line.split(',');
      return [f[1]!, { status: f[17]!, sessions: Number(f[4]) }];
    }),
  );
}

export const appPid = (n: number) => Number(readFileSync(join(clusterDir, `run/app-${n}.pid`), 'utf8'));

/** The cluster's generated secrets (secrets.env): the load generator signs as the studio with STUDIO_SECRET. */
export function clusterSecrets(): Record<string, string> {
  return Object.fromEntries(
    readFileSync(join(clusterDir, 'secrets.env'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)];
      }),
  );
}

/** PostgreSQL URL of the cluster's current primary (port given by the caller after a failover). */
export const primaryUrl = (port = ports.primary) => `postgres://postgres@127.0.0.1:${port}/croupier`;
