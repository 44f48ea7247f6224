/**
 * A real Croupier server process for end-to-end tests: `apps/server/src/main.ts` on a free port with
 * its own temporary DATA_DIR (embedded PGlite) and the sandboxes on. The shared server of a run
 * (global-setup.ts), servers a test needs with other settings, and the process tests all start here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

// A loaded machine (CI on 2 cores with the whole suite) can take a minute to build and migrate.
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

/** Server settings of the caller's shell that must not leak in: every run starts from the defaults. */
const LEAKING =
  /^(NODE_ENV|PORT|HOST|PUBLIC_URL|DATABASE_URL|DATA_DIR|LOG_LEVEL|REDIS_URL|JWT_SECRET|INTERNAL_API_URL|WEB_BUILD_DIR|RESTRICTED_COUNTRIES|TRUST_GEO_HEADERS|TRUSTED_PROXIES|DEMO|TLS_TERMINATED_BY_PROXY|SEED_DEMO_DATA|ACCESS_TOKEN_TTL_SECONDS|SESSION_REFRESH_WINDOW_DAYS|AFFILIATE_COOKIE_DAYS|RELOAD_GUARD_SECONDS|MANIFEST_POLL_SECONDS|LOYALTY_ENABLED|QUESTS_ENABLED|BETTING_CLIENT_\w+|CDN_BASE_URL|GAME_HUB_CDN_BASE_URL|HIDE_DOCUMENTS_PAGE|DEV_\w+|SMTP_URL|MAIL_FROM|SMS_PROVIDER|TWILIO_\w+|SOCIAL_\w+|STORAGE_DRIVER|S3_\w+|DOCUMENT_MAX_BYTES|SUMSUB_\w+|KYC_\w+)$/;

export function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      server.close(() => done(address.port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The last 64 KB the process wrote (pino logs on stdout, crashes on stderr). */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves once `/api/health/ready` answers; rejects with the output if the process dies first. */
  ready: () => Promise<void>;
  /** SIGTERM (SIGKILL after 20 s), then the data directory is removed. */
  stop: () => Promise<void>;
}

/** Starts a server; `env` overrides the defaults below. Call `ready()` before using it. */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-e2e-'));
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !LEAKING.test(key)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...base,
      PORT: String(port),
      // Links in e-mails and the OIDC issuer must name the address the browser uses.
      PUBLIC_URL: url,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // The demo start's mode: dev sandboxes allowed over http, loopback proxies trusted (decision 0037).
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      RESTRICTED_COUNTRIES: 'IR:1',
      // The sandboxes the account flows go through: captured e-mail/SMS and the local identity provider.
      DEV_MAILBOX: 'true',
      DEV_OIDC_PROVIDER: 'true',
      KYC_SANDBOX_DECISION_SECONDS: '2',
      // The demo start turns loyalty on (issue 13).
      LOYALTY_ENABLED: 'true',
      // And quests (issue 13).
      QUESTS_ENABLED: 'true',
      ...env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  // If the runner dies without teardown, do not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const running = () => child.exitCode === null && child.signalCode === null;

  const stop = async () => {
    if (running()) {
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const ready = async () => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let last = '';
    while (Date.now() < deadline) {
      if (!running())
        throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
      try {
        const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
        last = `HTTP ${res.status}`;
      } catch (error) {
        last = String(error);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server not ready after ${READY_TIMEOUT_MS / 1000} s (last: ${last}):\n${output}`);
  };

  return { url, child, output: () => output, exited, ready, stop };
}
