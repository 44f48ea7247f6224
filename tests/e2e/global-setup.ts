/**
 * One real server for the whole e2e run: builds the web app when its build is stale, starts
 * `apps/server/src/main.ts` as a child process on a free port with a fresh data directory (embedded
 * PGlite unless E2E_DATABASE_URL asks for TEST_DATABASE_URL), waits until it is ready and hands its
 * base URL to the tests (`inject('baseUrl')`). Teardown stops it with SIGTERM and removes the data.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = resolve(import.meta.dirname, '../..');
const buildEntry = join(root, 'apps/web/build/server/index.js');
/** What the web build is made from; a file newer than the build means it must be rebuilt. */
const sources = ['apps/web/app', 'apps/web/public', 'packages/contracts/src', 'apps/web/vite.config.ts'];

/** Settings of the server (apps/server/src/config.ts) that must not leak in from the caller's shell. */
const CONFIG_KEYS = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATABASE_URL',
  'DATA_DIR',
  'LOG_LEVEL',
  'REDIS_URL',
  'RESTRICTED_COUNTRIES',
  'TRUST_GEO_HEADERS',
  'AFFILIATE_COOKIE_DAYS',
  'RELOAD_GUARD_SECONDS',
  'MANIFEST_POLL_SECONDS',
  'LOYALTY_ENABLED',
  'QUESTS_ENABLED',
  'BETTING_CLIENT_HOST',
  'BETTING_CLIENT_ID',
  'CDN_BASE_URL',
  'GAME_HUB_CDN_BASE_URL',
  'HIDE_DOCUMENTS_PAGE',
  'SEED_DEMO_DATA',
  'INTERNAL_API_URL',
  'WEB_BUILD_DIR',
];

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function buildIfStale(): void {
  const stale =
    !existsSync(buildEntry) ||
    Math.max(...sources.map((s) => newestMtime(join(root, s)))) > statSync(buildEntry).mtimeMs;
  if (!stale) return;
  console.log('[e2e] web build missing or stale: npm run build');
  // vitest runs with NODE_ENV=test; a build under it would bundle React's development code.
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    throw new Error(
      `[e2e] npm run build failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      server.close(() => resolvePort(address.port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `[e2e] server exited (${child.exitCode ?? child.signalCode}) before it was ready. Its output:\n${output()}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = String(error);
    }
    await sleep(200);
  }
  throw new Error(
    `[e2e] server not ready after ${READY_TIMEOUT_MS / 1000} s (last: ${lastError}). Its output:\n${output()}`,
  );
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => {
      console.error('[e2e] server did not stop after SIGTERM; killing it');
      child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  buildIfStale();

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-e2e-data-'));
  const env: Record<string, string | undefined> = { ...process.env };
  for (const key of CONFIG_KEYS) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    // Links in e-mails and the OIDC issuer must name the address the browser uses.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RESTRICTED_COUNTRIES: 'IR:1',
    // The sandboxes the account flows go through: captured e-mail/SMS and the local identity provider.
    DEV_MAILBOX: 'true',
    DEV_OIDC_PROVIDER: 'true',
    KYC_SANDBOX_DECISION_SECONDS: '2',
  });
  if (process.env.E2E_DATABASE_URL) {
    if (!process.env.TEST_DATABASE_URL) throw new Error('[e2e] E2E_DATABASE_URL is set but TEST_DATABASE_URL is not');
    env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    // With PostgreSQL the server requires an explicit signing key in production mode.
    env.JWT_SECRET = 'e2e-only-secret-0123456789abcdef0123456789abcdef';
  }

  // The server logs (pino, warn and above) to stdout and crashes to stderr: keep both for diagnosis.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64_000);
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // If the runner dies without teardown, do not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, child, () => output);
  } catch (error) {
    await stop(child);
    process.off('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    await stop(child);
    process.off('exit', killOnExit);
    if (child.exitCode !== 0) {
      console.error(`[e2e] server exited with ${child.exitCode ?? child.signalCode}. Its output:\n${output}`);
    } else if (output.trim()) {
      // Warnings and errors the server logged during the run (an SSR failure shows up here).
      console.warn(`[e2e] server output during the run:\n${output}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
