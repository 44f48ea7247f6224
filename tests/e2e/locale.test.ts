import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, cookie, newPage, openBrowser, pathOf, resetContext, visit } from './browser.ts';
import { text } from './content.ts';

describe('locale resolution (spec §4)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('a visitor from Germany without a language cookie lands on /de/main', async () => {
    await resetContext(context, { headers: { 'cf-ipcountry': 'DE' } });
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/main');
    expect(pathOf(page)).toBe('/de/main');
    expect(response.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect((await page.locator('main h1').textContent())?.trim()).toBe(text('de', 'global-components', 'pages.main'));
    expect(errors).toEqual([]);
  });

  it('the language cookie wins over the country: language=en stays on /main', async () => {
    await resetContext(context, { headers: { 'cf-ipcountry': 'DE' }, cookies: { language: 'en' } });
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/main');
    expect(response.request().redirectedFrom()).toBeNull();
    expect(pathOf(page)).toBe('/main');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(errors).toEqual([]);
  });

  it('the header language menu works from the keyboard and switches to Italiano', async () => {
    await resetContext(context);
    const { page, errors } = await newPage(context);
    await visit(page, '/main');
    const button = page.locator('header button[aria-haspopup]');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('header button[aria-haspopup]')?.getAttribute('aria-expanded') === 'true',
    );
    const menuId = await button.getAttribute('aria-controls');
    const menu = page.locator(`[id="${menuId}"]`);
    await menu.waitFor();
    // Tab from the button into the menu until Italiano has the focus.
    let focused = '';
    for (let i = 0; i < 10 && focused !== 'Italiano'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(focused).toBe('Italiano');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('hreflang'))).toBe('it');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/it/main');
    await page.waitForFunction(() => document.documentElement.lang === 'it');
    expect((await page.locator('main h1').textContent())?.trim()).toBe(text('it', 'global-components', 'pages.main'));
    const language = await cookie(context, 'language');
    expect(language?.value).toBe('it');
    expect(language?.path).toBe('/');
    // Remembered: an unprefixed visit now resolves to Italian.
    await visit(page, '/providers');
    expect(pathOf(page)).toBe('/it/providers');
    expect(errors).toEqual([]);
  });
});
