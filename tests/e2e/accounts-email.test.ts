import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessCookie,
  dialog,
  expectGuest,
  expectLoggedIn,
  headerSignIn,
  linkIn,
  logoutFromMenu,
  registerPlayer,
  signInWithDialog,
  t,
  uniqueEmail,
  uniqueIp,
  waitForMessage,
} from './accounts-helpers.ts';
import { closeBrowser, newPage, openBrowser, pathOf, resetContext, visit } from './browser.ts';

const YEAR_SECONDS = 31_536_000;

/** The wrong-credentials hint of the sign-in dialog (api-contract §3.1: 401). */
const wrongCredentials = (page: Page) =>
  dialog(page, 'global-components.auth.signInTitle').locator('.notice--error', {
    hasText: t('alerts.wrongCredentials.text'),
  });

describe('accounts by e-mail (spec §4 Session, api-contract §3.1, §3.4, §4)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('registers through the sign-up modal, confirms the e-mail, logs out and signs in again', async () => {
    // Own client IP: the per-IP limits of registration and login are not shared with other tests.
    await resetContext(context, { headers: { 'cf-connecting-ip': uniqueIp() } });
    const { page, errors } = await newPage(context);
    const email = uniqueEmail('signup');
    const password = 'First-pass-1';
    await visit(page, '/');
    await expectGuest(page);

    await page.locator('header .header__auth .button--primary').click();
    const signUp = dialog(page, 'global-components.auth.signUpTitle');
    await signUp.waitFor();
    await signUp.locator('input[name="email"]').fill(email);
    await signUp.locator('input[name="password"]').fill(password);
    await signUp.locator('select[name="currency"]').selectOption('EUR');
    await signUp.locator('select[name="country"]').selectOption('DE');
    await signUp.locator('input[name="agreements"]').check();
    const registered = page.waitForResponse(
      (r) => r.url().endsWith('/api/player/register') && r.request().method() === 'POST',
    );
    await signUp.locator('button[type="submit"]').click();
    expect((await registered).status()).toBe(200);

    // Logged in: the header shows the name derived from the e-mail and the guest-only modal is gone.
    await expectLoggedIn(page, email.split('@')[0]!);
    await signUp.waitFor({ state: 'detached' });
    await page.waitForURL((url) => !url.searchParams.has('sign-up'));
    const token = await accessCookie(context);
    expect(token?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // One year (spec §9: 31536000 s), give or take the test's own time.
    expect(Math.abs(token!.expires - (Date.now() / 1000 + YEAR_SECONDS))).toBeLessThan(120);
    expect(token!.httpOnly).toBe(false);
    expect(token!.path).toBe('/');

    // The confirmation e-mail → /verify/<code> → home with the profile-confirmed dialog.
    const mail = await waitForMessage(email, (m) => m.channel === 'email' && /confirm/i.test(m.subject ?? ''));
    const verify = linkIn(mail, '/verify/');
    await visit(page, verify.pathname);
    expect(pathOf(page)).toBe('/?profile-confirmed=true');
    const confirmed = dialog(page, 'global-components.profileConfirmed.title');
    await confirmed.waitFor();
    await page.keyboard.press('Escape');
    await confirmed.waitFor({ state: 'detached' });
    await expectLoggedIn(page, email.split('@')[0]!);

    // Log out from the user menu: the server session is closed, the cookie goes, the header shows Sign in.
    const logoutCall = page.waitForRequest(
      (r) => r.url().endsWith('/api/player/sessions/logout') && r.method() === 'POST',
    );
    await logoutFromMenu(page);
    await logoutCall;
    await expectGuest(page);
    expect(await accessCookie(context)).toBeUndefined();

    // Sign in again: a wrong password first shows the wrong-credentials hint, then the right one works.
    await headerSignIn(page).click();
    await signInWithDialog(page, email, 'Wrong-pass-1');
    await wrongCredentials(page).waitFor();
    expect(await userMenuCount(page)).toBe(0);
    await signInWithDialog(page, email, password);
    await expectLoggedIn(page, email.split('@')[0]!);
    await dialog(page, 'global-components.auth.signInTitle').waitFor({ state: 'detached' });
    expect((await accessCookie(context))?.value).toBeTruthy();
    expect(errors.filter((e) => !isExpected401(e))).toEqual([]);
    await page.close();
  });

  it('resets a forgotten password through the e-mailed link; the new password works, the old one not', async () => {
    await resetContext(context, { headers: { 'cf-connecting-ip': uniqueIp() } });
    const player = await registerPlayer({ email: uniqueEmail('forgot'), password: 'Old-pass-1' });
    const { page, errors } = await newPage(context);
    await visit(page, '/?sign-in=true');
    const signIn = dialog(page, 'global-components.auth.signInTitle');
    await signIn.getByRole('button', { name: t('global-components.auth.forgotPassword') }).click();
    const forgot = dialog(page, 'global-components.auth.forgotTitle');
    await forgot.waitFor();
    await forgot.locator('input[name="email"]').fill(player.email);
    await forgot.locator('button[type="submit"]').click();
    await forgot.locator('.notice--success', { hasText: t('alerts.passwordResetSent.text') }).waitFor();

    const mail = await waitForMessage(player.email, (m) => /reset/i.test(m.subject ?? ''));
    const link = linkIn(mail, '/password/reset/');
    const code = link.pathname.split('/').pop()!;
    await visit(page, link.pathname);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('reset-pass')).toBe('true');
    expect(url.searchParams.get('resetCode')).toBe(code);

    const reset = dialog(page, 'global-components.auth.resetTitle');
    await reset.waitFor();
    await reset.locator('input[name="newPassword"]').fill('New-pass-2');
    await reset.locator('input[name="repeatNewPassword"]').fill('New-pass-2');
    await reset.locator('button[type="submit"]').click();
    await reset.locator('.notice--success', { hasText: t('alerts.passwordChanged.text') }).waitFor();
    await reset.locator('button.button--primary').click();
    // Closing reset-pass clears resetCode too (spec §2 Modal dialogs).
    await dialog(page, 'global-components.auth.signInTitle').waitFor();
    expect(new URL(page.url()).searchParams.has('resetCode')).toBe(false);

    await signInWithDialog(page, player.email, 'Old-pass-1');
    await wrongCredentials(page).waitFor();
    await signInWithDialog(page, player.email, 'New-pass-2');
    await expectLoggedIn(page, player.email.split('@')[0]!);
    expect(errors.filter((e) => !isExpected401(e))).toEqual([]);
    await page.close();
  });
});

const userMenuCount = (page: Page) => page.locator('header .user-menu__button').count();

/** The browser logs a refused login (HTTP 401) as a failed resource load; that one is expected here. */
const isExpected401 = (error: string) => /status of 401/.test(error) && error.includes('/api/player/sessions');
