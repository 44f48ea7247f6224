import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, visit } from './browser.ts';
import { text } from './content.ts';

const LOCALES = ['en', 'de', 'es', 'fr', 'it', 'pt-br'];

describe('home in two locales', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('renders / in English with alternates for every locale and og:url', async () => {
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/');
    expect(response.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const drawer = page.locator('nav#drawer');
    await drawer.getByText(text('en', 'layout', 'nav.home'), { exact: true }).waitFor();
    expect(await page.locator('footer').textContent()).toContain(text('en', 'layout', 'footer.ageNotice'));

    const alternates = await page
      .locator('head link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
    const byLang = Object.fromEntries(alternates);
    for (const code of LOCALES) expect(byLang, `alternate for ${code}`).toHaveProperty(code);
    expect(new URL(byLang.en!).pathname).toBe('/');
    expect(new URL(byLang.de!).pathname).toBe('/de');
    expect(new URL(byLang['pt-br']!).pathname).toBe('/pt-br');
    const ogUrl = await page.locator('head meta[property="og:url"]').getAttribute('content');
    expect(ogUrl).toBeTruthy();
    expect(new URL(ogUrl!).pathname).toBe('/');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('renders /de in German', async () => {
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/de');
    expect(response.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    const german = text('de', 'layout', 'nav.categories');
    expect(german).not.toBe(text('en', 'layout', 'nav.categories'));
    await page.locator('nav#drawer').getByText(german, { exact: true }).waitFor();
    expect(await page.locator('footer').textContent()).toContain(text('de', 'layout', 'footer.ageNotice'));
    expect(await page.locator('h1').first().textContent()).toBe(text('de', 'global-components', 'home.heroTitle'));

    const hreflangs = await page
      .locator('head link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
    expect(hreflangs).toEqual(expect.arrayContaining(LOCALES));
    const ogUrl = await page.locator('head meta[property="og:url"]').getAttribute('content');
    expect(new URL(ogUrl!).pathname).toBe('/de');
    expect(errors).toEqual([]);
    await page.close();
  });
});
