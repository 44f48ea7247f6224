import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCookie, dialog, expectGuest, logoutFromMenu, t, uniqueIp } from './accounts-helpers.ts';
import { baseUrl, closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

/**
 * The server builds the provider's addresses (issuer, redirect_uri) from PUBLIC_URL, which the shared
 * e2e server sets to the address the browser uses: the flow runs on the public address.
 */
const site = () => baseUrl();

describe('social sign-in through the local OpenID provider (api-contract §3.1, §3.4)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser({ headers: { 'cf-connecting-ip': uniqueIp() } });
  });
  afterAll(() => closeBrowser(context));

  /** From /providers: sign-in → the provider button → the provider's form → pick an identity. */
  async function signInAs(identity: string) {
    const { page, errors } = await newPage(context);
    await page.goto(`${site()}/providers?x=1`);
    await waitForHydration(page);
    await expectGuest(page);
    await page.locator('header .header__sign-in').click();
    const signIn = dialog(page, 'global-components.auth.signInTitle');
    const button = signIn.locator('.social__list a', {
      hasText: t('global-components.auth.socialContinue', { provider: 'Croupier ID' }),
    });
    await button.click();
    await page.waitForURL((url) => url.pathname.startsWith('/dev/oidc'));
    const completed = page.waitForResponse((r) => r.url().includes('/api/player/sessions/social?'));
    await page.locator(`button[name="identity"][value="${identity}"]`).click();
    await page.waitForURL((url) => url.pathname === '/auth/social/croupier-id/callback');
    return { page, errors, answer: await completed };
  }

  it('a verified identity comes back to the same page logged in', async () => {
    const { page, errors, answer } = await signInAs('verified');
    expect(answer.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/providers');
    expect(new URL(page.url()).search).toBe('?x=1');
    await page.locator('header .user-menu__button').waitFor();
    expect(await dialog(page, 'global-components.auth.signInTitle').count()).toBe(0);
    expect((await accessCookie(context, site()))?.value).toBeTruthy();
    await logoutFromMenu(page);
    await expectGuest(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an identity without a verified e-mail gets the sign-in modal with the e-mail hint (11001)', async () => {
    const { page, answer } = await signInAs('unverified');
    expect(answer.status()).toBeGreaterThanOrEqual(400);
    expect(((await answer.json()) as { error?: { code?: number } }).error?.code).toBe(11001);
    await page.waitForURL((url) => url.pathname === '/providers' && url.searchParams.has('sign-in'));
    expect(new URL(page.url()).searchParams.get('x')).toBe('1');
    const signIn = dialog(page, 'global-components.auth.signInTitle');
    await signIn.waitFor();
    await signIn.locator('.notice', { hasText: t('alerts.socialEmailNotVerified.text') }).waitFor();
    await expectGuest(page);
    expect(await accessCookie(context, site())).toBeUndefined();
    await page.close();
  });
});
