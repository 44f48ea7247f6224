import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueIp } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { demoStaff, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { closeBrowser, newPage, openBrowser, resetContext, visit, waitForHydration } from './browser.ts';

// Issue 27: content per locale and site settings in Chromium. The demo marketing member edits the German cookie
// policy in the back office (the preview shows the site's rendering while typing); the player site's
// /de/static/cookie-policy shows the new title and text at once. The texts and missing-translation tabs open.
// An admin opens the site settings. Axe on each screen. The page is reverted to the shipped one afterwards, for
// the files after this one.

const PAGE = '/api/backoffice/content/de/pages/static/cookie-policy';

describe('back office, content and site settings', () => {
  let staff: BrowserContext;
  let admin: BrowserContext | undefined;
  let visitor: BrowserContext;
  let page: Page;
  let errors: string[];
  const violations: string[] = [];
  const stamp = `e2e-${Date.now()}`;

  const check = async (on: Page, screen: string) => {
    await on.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    for (const v of await audit(on)) violations.push(`${screen}: ${v}`);
  };

  beforeAll(async () => {
    staff = await openBrowser();
    ({ page, errors } = await newPage(staff));
    visitor = await openBrowser();
    await resetContext(visitor, { headers: { 'cf-connecting-ip': uniqueIp() } });
  });
  afterAll(async () => {
    // Whatever happened above, the shipped page comes back.
    await page
      ?.evaluate(async (url) => {
        await fetch(`${url}/revert`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'e2e clean-up' }),
        });
      }, PAGE)
      .catch(() => undefined);
    await closeBrowser(staff);
    await closeBrowser(admin);
    await closeBrowser(visitor);
  });

  it('a marketing member edits a German page; the site shows it at once', async () => {
    await page.goto('/backoffice/');
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(page);
    await signInOnPage(page, demoStaff('marketing'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Content' }).click();
    await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'German' }).click();
    await page.waitForURL((url) => url.searchParams.get('locale') === 'de');
    const row = page.getByRole('row').filter({ hasText: '/static/cookie-policy' });
    await row.waitFor();
    await check(page, 'content pages');

    await row.getByRole('link').click();
    await page.waitForURL((url) => url.pathname.endsWith('/content/de/pages/static/cookie-policy'));
    const title = page.getByLabel('Title');
    await title.waitFor();
    await title.fill(`Cookie-Richtlinie ${stamp}`);
    const text = page.getByLabel('Text (Markdown)');
    await text.fill(`${await text.inputValue()}\n\n## Neu ${stamp}\n\nDieser Absatz ist **neu**.`);
    // The preview is the server's rendering of what was typed.
    await page
      .getByTestId('markdown-preview')
      .locator('h2', { hasText: `Neu ${stamp}` })
      .waitFor();
    expect(await page.getByTestId('markdown-preview').locator('strong', { hasText: 'neu' }).count()).toBe(1);
    await check(page, 'page editor');

    await page.getByLabel('Reason').fill('Cookie policy update (e2e).');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.locator('.page-header [data-origin="edited"]').waitFor();

    const site = await visitor.newPage();
    const res = await visit(site, '/de/static/cookie-policy');
    expect(res.status()).toBe(200);
    expect(await site.locator('main h1').textContent()).toBe(`Cookie-Richtlinie ${stamp}`);
    expect(await site.locator('main h2', { hasText: `Neu ${stamp}` }).count()).toBe(1);
    // The English page is untouched.
    await visit(site, '/static/cookie-policy');
    expect(await site.locator('main h1').textContent()).not.toContain(stamp);
  });

  it('the texts and missing-translation tabs open', async () => {
    await page.goto('/backoffice/content?locale=de&tab=texts&folder=layout&q=signIn');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Texts in German' }).waitFor();
    await page.locator('[data-key="header.signIn"] textarea').waitFor();
    await check(page, 'content texts');

    await page.getByRole('tab', { name: 'Missing translations' }).click();
    await page.getByRole('heading', { name: 'Missing in German' }).waitFor();
    await check(page, 'missing translations');
  });

  it('an admin opens the site settings', async () => {
    admin = await openBrowser();
    const { page: adminPage } = await newPage(admin);
    await adminPage.goto('/backoffice/');
    await adminPage.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(adminPage);
    await signInOnPage(adminPage, demoStaff('admin'));
    await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Site settings' }).click();
    await adminPage.getByRole('heading', { name: 'Site settings', level: 1 }).waitFor();
    await adminPage.getByRole('button', { name: 'Save site settings' }).waitFor();
    expect(await adminPage.getByLabel('Sign-up by e-mail').isChecked()).toBe(true);
    await check(adminPage, 'site settings');
  });

  it('no axe violations and no console errors', () => {
    expect(violations).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
