import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, pathOf, redirectChain, waitForHydration } from './browser.ts';
import { routeRules, text } from './content.ts';

describe('404 page and route rules (spec §2)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('an unknown page answers 404 with the error page and a Homepage link', async () => {
    const { page, errors } = await newPage(context);
    const response = await page.goto('/definitely-missing');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: text('en', 'global-components', 'errorPage.title') }).waitFor();
    expect(text('en', 'global-components', 'errorPage.title')).toBe('Something went wrong');
    expect(await main.textContent()).toContain('Page Not Found: /definitely-missing');
    const home = main.getByRole('link', { name: 'Homepage' });
    expect(await home.getAttribute('href')).toBe('/');
    // The only console error allowed is the browser's note about the 404 document itself.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);

    await home.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('.hero').waitFor();
    await page.close();
  });

  it('an unknown content page is a 404 too, not a server error', async () => {
    const page = await context.newPage();
    const response = await page.goto('/static/definitely-missing');
    expect(response?.status()).toBe(404);
    expect(await page.locator('main').textContent()).toContain('Page Not Found: /static/definitely-missing');
    await page.close();
  });

  it('a route rule from content/route-rules.json redirects: /faq → /questions', async () => {
    const rule = routeRules().find((r) => r.from === '/faq');
    expect(rule).toEqual({ from: '/faq', to: '/questions', status: 301 });
    const { page, errors } = await newPage(context);
    const response = await page.goto('/faq');
    if (!response) throw new Error('no response');
    const chain = await redirectChain(response);
    expect(chain.map((c) => [new URL(c.url).pathname, c.status])).toEqual([
      ['/faq', 301],
      ['/questions', 200],
    ]);
    expect(pathOf(page)).toBe('/questions');
    await waitForHydration(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('another rule: /terms → /static/terms-and-conditions', async () => {
    const page = await context.newPage();
    const response = await page.goto('/terms');
    expect(response?.status()).toBe(200);
    expect(pathOf(page)).toBe('/static/terms-and-conditions');
    await page.close();
  });
});
