import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

const PREFERENCES_KEY = 'croupier:preferences';

describe('page shell', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(() => closeBrowser(context));

  it('the preloader covers the first paint, hides 500 ms after mount and leaves the DOM at 1000 ms', async () => {
    const { page, errors } = await newPage(context);
    // The page's own clock is driven by the test (spec §9 timings), so a busy machine cannot bend them.
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
    const response = await page.goto('/main', { waitUntil: 'load' });
    expect(await response?.text()).toContain('class="preloader"');
    await waitForHydration(page, { polling: 50 });
    const preloader = page.locator('.preloader');
    await page.clock.runFor(499);
    expect(await preloader.getAttribute('class')).toBe('preloader');
    await page.clock.runFor(1);
    await expect.poll(() => preloader.getAttribute('class')).toBe('preloader preloader--hidden');
    await page.clock.runFor(499);
    expect(await preloader.count()).toBe(1);
    await page.clock.runFor(1);
    await preloader.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the drawer compact toggle persists across a reload through localStorage', async () => {
    const { page, errors } = await newPage(context);
    await page.goto('/main');
    await waitForHydration(page);
    const toggle = page.locator('nav#drawer button.drawer__compact');
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    const wide = await page.locator('nav#drawer').evaluate((el) => el.getBoundingClientRect().width);

    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.dataset.drawer)).toBe('compact');
    const stored = await page.evaluate((key) => localStorage.getItem(key), PREFERENCES_KEY);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ drawerCompact: true });
    await page.waitForFunction((w) => document.querySelector('nav#drawer')!.getBoundingClientRect().width < w, wide);

    // After a reload the saved state applies before hydration (boot script) and after it.
    const response = await page.reload({ waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(200);
    expect(await page.evaluate(() => document.documentElement.dataset.drawer)).toBe('compact');
    await waitForHydration(page);
    await page.waitForFunction(
      () => document.querySelector('nav#drawer button.drawer__compact')?.getAttribute('aria-pressed') === 'true',
    );
    expect(await page.locator('nav#drawer').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(wide);

    // And back.
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.dataset.drawer ?? 'full')).toBe('full');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });
});
