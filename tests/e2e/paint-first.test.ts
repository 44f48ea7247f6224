import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, visit, waitForHydration } from './browser.ts';

// Decision 0131 (issue 30): the page paints before its scripts load. The server sends no modulepreload link and
// a boot in place of React Router's route-modules script; the boot imports the chunks once a frame is painted,
// or at once in a hidden tab (no frame comes), and the page hydrates either way.

const PAGES = ['/', '/games/neon-fruits'];

describe('paint first, then the scripts', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it.each(PAGES)('%s: no script is requested before the first frame; the page hydrates', async (path) => {
    const { page, errors } = await newPage(context);
    // Runs before the page's own scripts: its frame callback is the first of the first frame.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
      });
    });
    await visit(page, path);
    const { firstFrameAt, scripts } = await page.evaluate(() => ({
      firstFrameAt: (window as unknown as { firstFrameAt: number }).firstFrameAt,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/assets/') && e.name.endsWith('.js'))
        .map((e) => ({ name: e.name, startTime: e.startTime })),
    }));
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((s) => s.startTime < firstFrameAt)).toEqual([]);
    const html = await (await page.request.get(path)).text();
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a hidden tab, which paints no frame, still loads and hydrates the page', async () => {
    const { page, errors } = await newPage(context);
    await page.addInitScript(() => {
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
      // No frame ever comes to a hidden tab: a boot that waited for one would never load the scripts.
      window.requestAnimationFrame = () => 0;
    });
    await page.goto('/', { waitUntil: 'load' });
    await waitForHydration(page, { polling: 50 });
    expect(await page.evaluate(() => document.visibilityState)).toBe('hidden');
    expect(errors).toEqual([]);
    await page.close();
  });
});
