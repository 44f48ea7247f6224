import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, uniqueIp } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { type DemoStaff, demoStaff, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

// Decision 0111: an admin gives a new colleague a password; the colleague signs in, enrols the second factor,
// and sees nothing but "Choose your own password" until they do; then the dashboard. The same form is in the
// account menu. Keyboard only where a person would use it; axe on both screens.

describe('back office, a password chosen by someone else', () => {
  let admin: BrowserContext | undefined;
  let colleague: BrowserContext | undefined;
  const violations: string[] = [];
  const errors: string[] = [];
  const newcomer: DemoStaff = {
    email: uniqueEmail('colleague').replace('@example.com', '@staff.croupier.test'),
    password: 'chosen-by-the-admin',
  };
  const own = 'only I know this one';

  const check = async (page: Page, screen: string) => {
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    for (const v of await audit(page)) violations.push(`${screen}: ${v}`);
  };
  const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text }).first();

  beforeAll(async () => {
    admin = await openBrowser({ headers: { 'cf-connecting-ip': uniqueIp() } });
    colleague = await openBrowser({ headers: { 'cf-connecting-ip': uniqueIp() } });
  });
  afterAll(async () => {
    await closeBrowser(admin);
    await closeBrowser(colleague);
  });

  // The demo's admin: no other e2e file signs it in, and backoffice.test.ts expects to enrol the owner itself.
  it('an admin creates the account with a password', async () => {
    const { page, errors: pageErrors } = await newPage(admin!);
    await page.goto('/backoffice/staff');
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(page);
    await signInOnPage(page, demoStaff('admin'));
    await page.getByRole('button', { name: 'New staff member…' }).click();
    const create = page.getByRole('dialog', { name: 'New staff member' });
    await create.getByLabel('Name').fill('E2E Colleague');
    await create.getByLabel('E-mail').fill(newcomer.email);
    await create.getByLabel('Role').selectOption('support');
    await create.getByLabel('Password').fill(newcomer.password);
    await create.getByLabel('Reason').fill('e2e: a new colleague');
    await create.getByRole('button', { name: 'Create account' }).click();
    await toast(page, 'E2E Colleague can now sign in').waitFor();
    errors.push(...pageErrors);
  });

  it('signs the colleague in, enrols the second factor, and holds them at the password change', async () => {
    const { page, errors: pageErrors } = await newPage(colleague!);
    await page.goto('/backoffice/');
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(page);
    const secret = await signInOnPage(page, newcomer);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    const heading = page.getByRole('heading', { name: 'Choose your own password', level: 1 });
    await heading.waitFor();
    // Nothing else: no navigation, no dashboard, until the change.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByTestId('tile-players-online').count()).toBe(0);
    await check(page, 'forced password change');

    // The server's refusals land under their fields.
    const form = page.getByRole('form', { name: 'Choose your own password' });
    await form.getByLabel('Current password').fill('not the password');
    await form.getByLabel('New password', { exact: true }).fill(own);
    await form.getByLabel('Repeat the new password').fill(own);
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await form.getByText('The current password is wrong.').waitFor();
    expect(await form.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    const name = newcomer.email.split('@')[0]!;
    await form.getByLabel('Current password').fill(newcomer.password);
    await form.getByLabel('New password', { exact: true }).fill(`${name}-forever`);
    await form.getByLabel('Repeat the new password').fill(`${name}-forever`);
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await form.getByText(/may not contain your e-mail address/).waitFor();
    await check(page, 'forced password change, errors');

    // By keyboard: each field in turn, Enter sends.
    await form.getByLabel('Current password').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(newcomer.password);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(own);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(own);
    await page.keyboard.press('Enter');
    await toast(page, 'Your password was changed.').waitFor();

    // Through to the dashboard.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByTestId('tile-players-online').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Players' }).waitFor();
    errors.push(...pageErrors);
  });

  it('offers the change from the account menu, and the new password signs in', async () => {
    const { page, errors: pageErrors } = await newPage(colleague!);
    await page.goto('/backoffice/');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.locator('.topbar__me').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.waitForURL((url) => url.pathname === '/backoffice/password');
    await page.getByRole('heading', { name: 'Change password', level: 1 }).waitFor();
    await check(page, 'change password');

    await page.locator('.topbar__me').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    // The admin's password is gone; the colleague's own opens the back office with its screens, no detour.
    await page.getByLabel('E-mail').fill(newcomer.email);
    await page.getByLabel('Password').fill(newcomer.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' }).waitFor();
    await signInOnPage(page, { email: newcomer.email, password: own });
    // Back where the sign-out was asked from (the dashboard, or the password screen the page was on).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Players' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Choose your own password' }).count()).toBe(0);
    errors.push(...pageErrors);
  });

  it('has no serious accessibility violation and no page error', () => {
    expect(violations).toEqual([]);
    // The 422s of the refused changes above are answers the form shows, not page errors.
    expect(unexpectedErrors(errors).filter((e) => !/status of 422/.test(e))).toEqual([]);
  });
});
