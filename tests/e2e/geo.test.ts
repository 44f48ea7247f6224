import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, pathOf, resetContext, visit } from './browser.ts';
import { text } from './content.ts';

// The e2e server runs with RESTRICTED_COUNTRIES=IR:1 (whole site geo-blocked for Iran).
describe('geo-restricted layout (spec §2, §6)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('a visitor from a restricted country sees the notice and no drawer or navigation', async () => {
    await resetContext(context, { headers: { 'cf-ipcountry': 'IR' } });
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/');
    expect(response.status()).toBe(200);
    const restricted = page.getByTestId('geo-restricted');
    expect(await restricted.isVisible()).toBe(true);
    expect(await restricted.getByRole('heading', { level: 1 }).textContent()).toBe(
      text('en', 'layout', 'geoRestricted.title'),
    );
    expect(await page.locator('#drawer').count()).toBe(0);
    expect(await page.locator('header.header').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);

    // A game page is not reachable either: the same notice.
    await visit(page, '/main');
    expect(await page.getByTestId('geo-restricted').isVisible()).toBe(true);
    expect(await page.locator('main h1').textContent()).toBe(text('en', 'layout', 'geoRestricted.title'));
    expect(errors).toEqual([]);
  });

  it('the contact page stays reachable inside the restricted layout', async () => {
    await resetContext(context, { headers: { 'cf-ipcountry': 'IR' } });
    const { page, errors } = await newPage(context);
    await visit(page, '/');
    await page
      .getByTestId('geo-restricted')
      .getByRole('link', { name: text('en', 'layout', 'geoRestricted.contact') })
      .click();
    await page.waitForURL((url) => url.pathname === '/contact');
    const restricted = page.getByTestId('geo-restricted');
    await restricted.locator('form').waitFor();
    expect(await restricted.locator('h1').textContent()).toBe(text('en', 'global-components', 'contact.title'));
    expect(await page.locator('#drawer').count()).toBe(0);

    // Also on a direct load.
    const response = await visit(page, '/contact');
    expect(response.status()).toBe(200);
    expect(await page.getByTestId('geo-restricted').locator('form textarea[name="message"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('a visitor from a country that is not restricted sees the normal shell', async () => {
    await resetContext(context, { headers: { 'cf-ipcountry': 'IE' } });
    const { page, errors } = await newPage(context);
    await visit(page, '/');
    expect(pathOf(page)).toBe('/');
    expect(await page.getByTestId('geo-restricted').count()).toBe(0);
    expect(await page.locator('nav#drawer').count()).toBe(1);
    expect(await page.locator('header.header').isVisible()).toBe(true);
    expect(await page.locator('.hero').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
