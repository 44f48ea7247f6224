// Best practices (issue 15): loads each page in headless Chromium and lists what Lighthouse's "Issues" and
// "Browser errors" audits would count — CSP violations (`securitypolicyviolation`, e.g. an eval probe) and
// console errors or uncaught exceptions — after the page and its lazy chunks (real time) have settled.
// Exits 1 when any page has one. Not a timing benchmark.
//
//   node --import tsx bench/lighthouse/console-check.ts [--build-dir <web build>] [--url <running server>]
//        [--page /de ...] [--settle-ms 3000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../tests/e2e/server.ts';
import { assertProductionBuild } from './production-build.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const extraPages = args.flatMap((a, i) => (args[i - 1] === '--page' ? [a] : []));
const PAGES = extraPages.length ? extraPages : ['/', '/categories/slots', '/games/neon-fruits', '/de'];
const SETTLE_MS = Number(option('--settle-ms') ?? 3000);

interface PageReport {
  page: string;
  cspViolations: string[];
  consoleErrors: string[];
  realtime: string | null;
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function check(base: string): Promise<PageReport[]> {
  const profile = mkdtempSync(join(tmpdir(), 'croupier-console-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  });
  // Registered before any page script runs, so a violation during module evaluation is caught too.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const reports: PageReport[] = [];
  try {
    for (const path of PAGES) {
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
      page.on('pageerror', (e) => consoleErrors.push(`uncaught: ${e.message}`));
      // "Failed to load resource" names no address: the failing responses do.
      page.on('response', (r) => r.status() >= 400 && consoleErrors.push(`HTTP ${r.status()} ${r.url()}`));
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(SETTLE_MS);
      const cspViolations = await page.evaluate(() => window.__cspViolations ?? []);
      const realtime = await page.evaluate(() => document.documentElement.dataset.realtime ?? null);
      reports.push({ page: path, cspViolations, consoleErrors, realtime });
      await page.close();
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return reports;
}

const url = option('--url');
const buildDir = option('--build-dir');
const server = url ? null : await startServer(buildDir ? { WEB_BUILD_DIR: buildDir } : {});
let failed = false;
try {
  await server?.ready();
  await assertProductionBuild(url ?? server!.url);
  const reports = await check(url ?? server!.url);
  console.log('| page | CSP violations | console errors | real-time connection |');
  console.log('|---|---:|---:|---|');
  for (const r of reports) {
    console.log(`| \`${r.page}\` | ${r.cspViolations.length} | ${r.consoleErrors.length} | ${r.realtime ?? '-'} |`);
    failed ||= r.cspViolations.length > 0 || r.consoleErrors.length > 0;
  }
  console.log(JSON.stringify(reports, null, 2));
} finally {
  await server?.stop();
}
process.exitCode = failed ? 1 : 0;
