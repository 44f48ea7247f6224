#!/usr/bin/env node
// `npm test`: every check a change must pass, in order of cost. Typecheck and lint, the site build, unit and API
// integration tests on embedded PGlite, the API suite again on PostgreSQL when TEST_DATABASE_URL is
// set, then end-to-end tests in Chromium against a real server. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIsStale } from './build-state.mjs';

const root = new URL('..', import.meta.url).pathname;
/** The end-to-end files that run a second time on PostgreSQL. */
const POSTGRES_JOURNEYS = ['tests/e2e/backoffice-withdrawals.test.ts', 'tests/e2e/backoffice-kyc.test.ts'];
const tmp = mkdtempSync(join(tmpdir(), 'croupier-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// Named again at the very end: a CI log cut to its tail still says what broke.
const failures = [];
let failedStages = 0;

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failedStages++;
  return ok;
}

/**
 * Test files at once for the API suites. Vitest's default is one less than the cores: one file at a time on a
 * 2-core machine, where a file spends much of its time waiting on its database; two at once ran the PGlite
 * suite in 18 min instead of about 30 (docs/performance.md, CI time).
 */
const API_WORKERS = String(Math.max(2, availableParallelism() - 1));

function vitest(title, projects, env = {}, files = [], extra = []) {
  const out = join(tmp, `${title.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => (p.startsWith('--') ? [p] : ['--project', p])),
    ...files,
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const ok = run(title, 'npx', args, env);
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults) {
      for (const test of file.assertionResults) {
        if (test.status === 'failed') failures.push(`${title}: ${file.name.replace(root, '')} › ${test.fullName}`);
      }
      if (file.status === 'failed' && file.assertionResults.length === 0) {
        failures.push(`${title}: ${file.name.replace(root, '')} (the file failed to run: ${file.message})`);
      }
    }
    if (report.numTotalTests === 0) {
      console.log(`✘ ${title}: no test ran`);
      failedStages++;
    }
  } catch {
    if (ok) failedStages++;
  }
}

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
run('content translations', 'node', ['content/check.mjs']);
// The site build before the API suite: its tests of the built site (headers, paths, the demo ribbon) skip
// without one, and the end-to-end run needs it anyway. NODE_ENV=production: vitest's `test` would bundle
// React's development code.
if (buildIsStale(root)) run('build', 'npm', ['run', '--silent', 'build'], { NODE_ENV: 'production' });
const apiWorkers = [`--maxWorkers=${API_WORKERS}`];
vitest('unit and API integration (PGlite)', ['contracts', 'server'], { TEST_DATABASE_URL: '' }, [], apiWorkers);
if (process.env.TEST_DATABASE_URL) vitest('API integration (PostgreSQL)', ['server'], {}, [], apiWorkers);
else console.log('\n(TEST_DATABASE_URL unset: the PostgreSQL run of the API suite is skipped)');
vitest('end to end (Chromium)', ['e2e']);
// The journeys where staff and a player act on the same money run on PostgreSQL too (issue 26): row locks and
// the review queue behave there as in production. A scratch database per run (tests/e2e/global-setup.ts).
if (process.env.TEST_DATABASE_URL) {
  vitest('end to end on PostgreSQL (review journeys)', ['e2e'], { E2E_DATABASE_URL: '1' }, POSTGRES_JOURNEYS);
}
// Issue 31's short fault run: a cluster of its own (two instances, HAProxy, a primary and a replica, Redis, from
// Debian's packages, which scripts/cluster.mjs installs when run as root) under load through kill -9, a Redis stop
// and a primary restart, with the invariant checker. About 2 minutes; CLUSTER_TESTS=0 skips it.
const clusterParts = ['haproxy', 'redis-server'].every(
  (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0,
);
const canInstall = process.getuid?.() === 0;
if (process.env.CLUSTER_TESTS === '0') console.log('\n(CLUSTER_TESTS=0: the cluster fault run is skipped)');
else if (!clusterParts && !canInstall)
  console.log('\n(no HAProxy or Redis, and not root to install them: the cluster fault run is skipped)');
else {
  vitest(
    'cluster faults (HAProxy, primary + replica, Redis)',
    ['--config=tests/cluster/vitest.config.ts'],
    { CLUSTER_TEST: '1' },
    ['tests/cluster/faults.test.ts'],
  );
}

rmSync(tmp, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages === 0 && totals.failed === 0 ? 0 : 1);
