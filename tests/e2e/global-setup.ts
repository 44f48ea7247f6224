/**
 * One real server for the whole e2e run: builds the web app when its build is stale, starts
 * `apps/server/src/main.ts` as a child process on a free port with a fresh data directory (embedded
 * PGlite; with E2E_DATABASE_URL set, a scratch database created on TEST_DATABASE_URL's server and dropped at the
 * end, so a run never meets an earlier run's demo staff or players), waits until it is ready and hands its base
 * URL to the tests (`inject('baseUrl')`). Teardown stops it with SIGTERM and removes the data.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { admin, dropScratchDatabase } from '../../bench/lib/process.ts';
import { buildIsStale } from '../../scripts/build-state.mjs';
import { root, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function buildIfStale(): void {
  if (!buildIsStale(root)) return;
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

export default async function setup(project: TestProject) {
  buildIfStale();

  const env: Record<string, string> = {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  let scratch: string | null = null;
  if (process.env.E2E_DATABASE_URL) {
    if (!adminUrl) throw new Error('[e2e] E2E_DATABASE_URL is set but TEST_DATABASE_URL is not');
    scratch = `croupier_e2e_${randomBytes(6).toString('hex')}`;
    await admin(adminUrl, `CREATE DATABASE ${scratch}`);
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    env.DATABASE_URL = url.toString();
    // With PostgreSQL the server requires an explicit signing key in production mode.
    env.JWT_SECRET = 'e2e-only-secret-0123456789abcdef0123456789abcdef';
  }
  const dropScratch = async () => {
    if (scratch && adminUrl) await dropScratchDatabase(adminUrl, scratch);
  };
  const server = await startServer(env);
  try {
    await server.ready();
  } catch (error) {
    await server.stop();
    await dropScratch();
    throw error;
  }
  const baseUrl = server.url;
  project.provide('baseUrl', baseUrl);

  return async () => {
    await server.stop();
    const code = await server.exited;
    await dropScratch();
    if (code !== 0) {
      console.error(`[e2e] server exited with ${code ?? 'a signal'}. Its output:\n${server.output()}`);
    } else if (server.output().trim()) {
      // Warnings and errors the server logged during the run (an SSR failure shows up here).
      console.warn(`[e2e] server output during the run:\n${server.output()}`);
    }
  };
}
