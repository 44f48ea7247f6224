import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, collectErrors, openBrowser, waitForHydration } from './browser.ts';
import { attributeMismatches } from './hydration-attributes.ts';
import { type ServerProcess, startServer } from './server.ts';

// Issue 30: the pages Lighthouse measures log no console error (its best-practices score drops for any), hydrate
// every attribute as the server sent it, and shift their layout by at most 0.05. React logs a hydration attribute
// mismatch only in its development build, so the attributes are read too (the production build keeps the server's
// value silently). A layout-shift score is not a timing: it is the same for the same layout.
//
// E2E_CONSOLE_CLEAN_BUILD=<web build inside the repo> runs the same checks on a server of that build instead of the
// shared one, e.g. a development build (`NODE_ENV=development WEB_BUILD_OUT=$PWD/tmp/dev-build npx react-router
// build` in apps/web), where React's own hydration warnings reach the console.

const PAGES = ['/', '/categories/slots', '/games/neon-fruits', '/de'];
// Lighthouse's mobile preset is 412 × 823; the tests' desktop window is 1280 × 800.
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 800 },
];
const MAX_CLS = 0.05;

// Registered before any page script: every layout shift of the load, with what moved, as Lighthouse counts them.
const LAYOUT_SHIFTS = `
  window.__layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const rect = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
      const name = (node) => !node ? '(removed)' : node.nodeType !== 1 ? '#text in ' + name(node.parentElement) :
        node.localName + (node.id ? '#' + node.id : '') + (node.classList.length ? '.' + [...node.classList].join('.') : '');
      window.__layoutShifts.push({
        value: entry.value,
        time: entry.startTime,
        sources: (entry.sources || []).map((s) => name(s.node) + ' ' + rect(s.previousRect) + ' -> ' + rect(s.currentRect)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Shift {
  value: number;
  time: number;
  sources: string[];
}

/** CLS as Lighthouse and web-vitals define it: the largest session window (gaps < 1 s, at most 5 s long). */
function cumulativeLayoutShift(shifts: Shift[]): { cls: number; window: Shift[] } {
  let best: Shift[] = [];
  let bestSum = 0;
  let current: Shift[] = [];
  let sum = 0;
  for (const shift of shifts) {
    const first = current[0];
    const last = current.at(-1);
    if (first && last && shift.time - last.time < 1000 && shift.time - first.time < 5000) {
      current.push(shift);
      sum += shift.value;
    } else {
      current = [shift];
      sum = shift.value;
    }
    if (sum > bestSum) {
      bestSum = sum;
      best = [...current];
    }
  }
  return { cls: bestSum, window: best };
}

/** Scrolls to the bottom a screen at a time, so what loads below the fold loads (and may shift) too. */
async function scrollThrough(page: Page): Promise<void> {
  for (let screens = 0; screens < 20; screens++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    if (atBottom) break;
  }
  await page.waitForLoadState('networkidle');
}

describe.each(VIEWPORTS)('the four measured pages at $width px', (viewport) => {
  let context: BrowserContext;
  let own: ServerProcess | undefined;
  let base: string;
  beforeAll(async () => {
    const build = process.env.E2E_CONSOLE_CLEAN_BUILD;
    if (build) {
      own = await startServer({ WEB_BUILD_DIR: build });
      await own.ready();
    }
    base = own?.url ?? baseUrl();
    context = await openBrowser({ viewport: { width: viewport.width, height: viewport.height } });
    await context.addInitScript({ content: LAYOUT_SHIFTS });
  });
  afterAll(async () => {
    await closeBrowser(context);
    await own?.stop();
  });

  it.each(PAGES)('%s: no console error, every attribute hydrated as sent, CLS ≤ 0.05', async (path) => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    // A failed resource logs "Failed to load resource" without its address: the response names it.
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${r.url()}`);
    });
    const response = await page.goto(base + path, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    const mismatches = await attributeMismatches(page);
    // What loads after hydration (the real-time layer, the activity boards) and below the fold.
    await page.waitForLoadState('networkidle');
    await scrollThrough(page);
    const shifts = (await page.evaluate('window.__layoutShifts')) as Shift[];
    const { cls, window: session } = cumulativeLayoutShift(shifts);

    expect.soft(errors).toEqual([]);
    expect.soft(mismatches).toEqual([]);
    const moved = session.map((s) => `${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join('\n');
    expect.soft(cls, `the largest session window of layout shifts:\n${moved}`).toBeLessThanOrEqual(MAX_CLS);
    await page.close();
  });
});
