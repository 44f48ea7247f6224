import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, pathOf, redirectChain, visit } from './browser.ts';
import { text } from './content.ts';

describe('prefixed and unprefixed routes', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('/providers is the English page, /es/providers the Spanish one', async () => {
    const { page, errors } = await newPage(context);
    const en = await visit(page, '/providers');
    expect(en.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect((await page.locator('main h1').textContent())?.trim()).toBe(
      text('en', 'global-components', 'pages.providers'),
    );

    const es = await visit(page, '/es/providers');
    expect(es.status()).toBe(200);
    expect(pathOf(page)).toBe('/es/providers');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    const spanish = text('es', 'global-components', 'pages.providers');
    expect(spanish).not.toBe(text('en', 'global-components', 'pages.providers'));
    expect((await page.locator('main h1').textContent())?.trim()).toBe(spanish);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/en/providers redirects permanently to /providers (no prefix for the default locale)', async () => {
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/en/providers');
    const chain = await redirectChain(response);
    expect(chain.map((c) => [new URL(c.url).pathname, c.status])).toEqual([
      ['/en/providers', 301],
      ['/providers', 200],
    ]);
    expect(pathOf(page)).toBe('/providers');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/xx/providers (a locale-shaped prefix we do not serve) is 404', async () => {
    const page = await context.newPage();
    const response = await page.goto('/xx/providers');
    expect(response?.status()).toBe(404);
    await page.getByText('Page Not Found: /xx/providers').waitFor();
    await page.close();
  });
});
