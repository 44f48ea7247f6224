import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, visit } from './browser.ts';
import { frontMatter } from './content.ts';

describe('static content page in two languages', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('/static/about-us and /de/static/about-us show their own title and language', async () => {
    const en = frontMatter('en', 'static', 'about-us');
    const de = frontMatter('de', 'static', 'about-us');
    expect(en.title).toBeTruthy();
    expect(de.title).toBeTruthy();
    expect(de.title).not.toBe(en.title);

    const { page, errors } = await newPage(context);
    const enResponse = await visit(page, '/static/about-us');
    expect(enResponse.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('main h1').textContent()).toBe(en.title);
    expect(await page.title()).toContain(en.title!);

    const deResponse = await visit(page, '/de/static/about-us');
    expect(deResponse.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.locator('main h1').textContent()).toBe(de.title);
    expect(await page.locator('main article').getAttribute('lang')).toBe('de');
    expect(await page.title()).toContain(de.title!);
    expect(errors).toEqual([]);
    await page.close();
  });
});
