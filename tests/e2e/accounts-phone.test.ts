import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessCookie,
  codeIn,
  dialog,
  expectGuest,
  expectLoggedIn,
  t,
  uniqueIp,
  uniquePhone,
  waitForMessage,
} from './accounts-helpers.ts';
import { baseUrl, closeBrowser, newPage, openBrowser, visit } from './browser.ts';

describe('registration by phone with a one-time code (api-contract §3.1, §3.3)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser({ headers: { 'cf-connecting-ip': uniqueIp() } });
  });
  afterAll(() => closeBrowser(context));

  it('sends a code to the phone, takes it from the SMS and lands logged in', async () => {
    const { page, errors } = await newPage(context);
    // A number of its own: the server sends one code per number per minute and five per hour.
    const phone = uniquePhone();
    await visit(page, '/');
    await expectGuest(page);
    await page.locator('header .header__auth .button--primary').click();
    const signUp = dialog(page, 'global-components.auth.signUpTitle');
    await signUp.waitFor();
    await signUp.getByRole('tab', { name: t('global-components.auth.tabPhone') }).click();
    await signUp.locator('input[name="phone"]').waitFor();
    // The phone tab asks for the phone instead of the e-mail.
    expect(await signUp.locator('input[name="email"]').count()).toBe(0);
    await signUp.locator('input[name="phone"]').fill(`+${phone}`);
    await signUp.locator('input[name="password"]').fill('Phone-pass-1');
    await signUp.locator('select[name="currency"]').selectOption('EUR');
    await signUp.locator('select[name="country"]').selectOption('DE');
    await signUp.locator('input[name="agreements"]').check();
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/player/otp/send'));
    await signUp.locator('button[type="submit"]').click();
    const sendCall = await sent;
    expect(sendCall.status()).toBe(200);
    expect(sendCall.request().postDataJSON()).toMatchObject({ phone, reason: 'registration' });

    const codeInput = signUp.locator('input[name="code"]');
    await codeInput.waitFor();
    const sms = await waitForMessage(phone, (m) => m.channel === 'sms');
    await codeInput.fill(codeIn(sms));
    const registered = page.waitForResponse((r) => r.url().endsWith('/api/player/register/phone'));
    await signUp.locator('button[type="submit"]').click();
    expect((await registered).status()).toBe(200);

    await page.locator('header .user-menu__button').waitFor();
    await signUp.waitFor({ state: 'detached' });
    const token = await accessCookie(context);
    expect(token?.value).toBeTruthy();
    // The header shows the name the profile gives (nickname, else from the e-mail, else "Unknown").
    const profile = (await (
      await fetch(`${baseUrl()}/api/player/profile`, { headers: { authorization: `Bearer ${token!.value}` } })
    ).json()) as { data: { phone: string | null; nickname: string | null; email: string | null } };
    expect(profile.data.phone).toBe(phone);
    const expected =
      profile.data.nickname?.trim() || profile.data.email?.split('@')[0] || t('global-components.account.unknown');
    await expectLoggedIn(page, expected);
    expect(errors).toEqual([]);
    await page.close();
  });
});
