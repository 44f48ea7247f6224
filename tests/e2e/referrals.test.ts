import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, uniqueEmail, uniqueIp, useToken } from './accounts-helpers.ts';
import { closeBrowser, collectErrors, openBrowser, visit } from './browser.ts';
import { type ServerProcess, startServer } from './server.ts';

/**
 * Referrals (issue 16 item 7, decision 0067): a visitor arrives by the referrer's link, the code waits in a
 * cookie (the address is cleaned), the visitor signs up in the modal, and the referrer's /profile/referral
 * lists the referee as in progress.
 */
describe('referrals', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  beforeAll(async () => {
    server = await startServer({ REFERRALS_ENABLED: 'true' });
    for (let attempt = 1; ; attempt++) {
      try {
        await server.ready();
        break;
      } catch (error) {
        if (attempt === 3 || !String(error).includes('not ready')) {
          await server.stop();
          throw error;
        }
      }
    }
    context = await openBrowser({ headers: { 'cf-connecting-ip': uniqueIp() } });
    context.setDefaultTimeout(20_000);
  }, 200_000);
  afterAll(async () => {
    await closeBrowser(context);
    await server?.stop();
  });

  it('a visitor signs up through the referral link and the referrer sees them', async () => {
    const referrer = await registerPlayer({ ip: uniqueIp(), server: server.url });
    const profile = (await (
      await fetch(`${server.url}/api/player/profile`, { headers: { authorization: `Bearer ${referrer.accessToken}` } })
    ).json()) as { data: { referralCode: string } };
    const code = profile.data.referralCode;
    expect(code).toMatch(/^[A-Z0-9]{8,10}$/);

    const page = await context.newPage();
    const errors = collectErrors(page);
    await visit(page, `${server.url}/?ref=${code}`);
    expect(new URL(page.url()).search).toBe('');
    const cookies = await context.cookies(server.url);
    expect(cookies.find((c) => c.name === 'ref')?.value).toBe(code);

    await page.locator('header .header__auth .button--primary').click();
    const signUp = page.getByRole('dialog');
    await signUp.locator('input[name="email"]').waitFor();
    await signUp.locator('input[name="email"]').fill(uniqueEmail('referee'));
    await signUp.locator('input[name="password"]').fill('Referee-pass-1');
    await signUp.locator('select[name="currency"]').selectOption('EUR');
    await signUp.locator('select[name="country"]').selectOption('DE');
    await signUp.locator('input[name="agreements"]').check();
    const registered = page.waitForResponse(
      (r) => r.url().endsWith('/api/player/register') && r.request().method() === 'POST',
    );
    await signUp.locator('button[type="submit"]').click();
    const response = await registered;
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}').referralCode).toBe(code);
    await page.close();

    // The referrer, in another browser, on the referral tab.
    const other = await openBrowser({ headers: { 'cf-connecting-ip': uniqueIp() } });
    try {
      await useToken(other, referrer.accessToken, server.url);
      const mine = await other.newPage();
      const mineErrors = collectErrors(mine);
      await visit(mine, `${server.url}/profile/referral`);
      await expect.poll(() => mine.locator('[data-testid="referral-row"]').count(), { timeout: 20_000 }).toBe(1);
      expect(await mine.locator('[data-testid="referrals-total"]').textContent()).toBe('1');
      expect(await mine.locator('[data-testid="referral-link"]').inputValue()).toBe(`${server.url}/?ref=${code}`);
      expect(await mine.locator('[data-testid="referral-row"]').textContent()).toContain('In progress');
      expect(mineErrors).toEqual([]);
    } finally {
      await closeBrowser(other);
    }
    expect(errors).toEqual([]);
  });
});
