import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialog,
  expectGuest,
  expectLoggedIn,
  headerSignIn,
  type Player,
  registerPlayer,
  signInWithDialog,
  t,
  uniqueEmail,
  uniqueIp,
  useToken,
} from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { demoStaff, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { closeBrowser, newPage, openBrowser, visit, waitForHydration } from './browser.ts';

// Issue 25, decision 0109: the back office as staff use it, in Chromium against the real server — sign in and
// enrol the second factor, find a player, block and unblock them and see it on the player site, add a note,
// an adjustment above the maker's cap approved by a second person, the audit chain verified; axe on each screen.

describe('back office', () => {
  let owner: BrowserContext;
  let office: Page;
  let officeErrors: string[];
  let player: Player;
  let playerSite: BrowserContext;
  const playerIp = uniqueIp();
  const violations: string[] = [];
  const name = () => player.email.split('@')[0]!;

  const check = async (page: Page, screen: string) => {
    // Audit what is shown once loaded, not a table between two pages.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    for (const v of await audit(page)) violations.push(`${screen}: ${v}`);
  };
  const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text }).first();

  beforeAll(async () => {
    player = await registerPlayer({ email: uniqueEmail('office'), ip: playerIp });
    owner = await openBrowser();
    playerSite = await openBrowser({ headers: { 'cf-connecting-ip': playerIp } });
    ({ page: office, errors: officeErrors } = await newPage(owner));
  });
  afterAll(async () => {
    await closeBrowser(owner);
    await closeBrowser(playerSite);
  });

  it('signs the owner in: password, then the QR code and its secret, then a code computed from it', async () => {
    // Not signed in: any address of the app goes to sign-in, and comes back after it.
    const response = await office.goto('/backoffice/audit');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await office.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(office);
    expect(new URL(office.url()).searchParams.get('next')).toBe('/audit');
    await check(office, 'sign-in');

    // A wrong password is a form message, not a field's.
    await office.getByLabel('E-mail').fill(demoStaff('owner').email);
    await office.getByLabel('Password').fill('not-the-password');
    await office.getByRole('button', { name: 'Continue' }).click();
    await office.getByRole('alert').filter({ hasText: /.+/ }).first().waitFor();

    const secret = await signInOnPage(office, demoStaff('owner'), async () => {
      // The enrolment step: the QR code drawn in the page beside the secret as text.
      await office.getByRole('img', { name: /QR code/ }).waitFor();
      await check(office, 'sign-in, enrolment');
    });
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await office.getByRole('heading', { name: 'Audit log' }).waitFor();

    // The shell names the staff member and their role; the owner sees every screen.
    await office.locator('.topbar__me', { hasText: 'owner' }).waitFor();
    const nav = office.getByRole('navigation', { name: 'Main' });
    for (const label of ['Dashboard', 'Players', 'Adjustments', 'Audit log', 'Staff']) {
      await nav.getByRole('link', { name: label }).waitFor();
    }
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await office.getByTestId('tile-players-online').waitFor();
    await check(office, 'dashboard');
  });

  it('finds the player, blocks login (the player site signs them out and refuses them), then unblocks', async () => {
    // The player is signed in on the player site, in a browser of their own.
    await useToken(playerSite, player.accessToken);
    const site = await newPage(playerSite);
    await visit(site.page, '/main');
    await expectLoggedIn(site.page, name());

    await office.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Players' }).click();
    await office.getByRole('heading', { name: 'Players' }).waitFor();
    await office.getByLabel('E-mail, phone, nickname or id').fill(player.email);
    await office.getByRole('button', { name: 'Search' }).click();
    await office.waitForURL((url) => url.searchParams.get('search') === player.email);
    const link = office.getByRole('link', { name: name() });
    await link.waitFor();
    await check(office, 'players');
    await link.click();
    await office.waitForURL((url) => url.pathname === `/backoffice/players/${player.id}`);
    await office.getByRole('heading', { name: name(), level: 1 }).waitFor();
    await office.getByRole('heading', { name: 'Accounts' }).waitFor();
    await check(office, 'player 360, overview');

    // Keyboard: the action opens its dialog, Escape closes it and gives focus back.
    const blocksButton = office.getByRole('button', { name: 'Blocks…' });
    await blocksButton.focus();
    await office.keyboard.press('Enter');
    const blocks = office.getByRole('dialog', { name: 'Blocks' });
    await blocks.waitFor();
    await check(office, 'blocks dialog');
    await office.keyboard.press('Escape');
    await blocks.waitFor({ state: 'detached' });
    expect(await blocksButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await blocksButton.click();
    await blocks.getByRole('switch', { name: /Login/ }).check();
    await blocks.getByLabel('Reason').fill('e2e: suspected account takeover');
    await blocks.getByRole('button', { name: 'Save blocks' }).click();
    await toast(office, 'Blocks saved: login blocked.').waitFor();
    await blocks.waitFor({ state: 'detached' });

    // On the player site the session is gone, and signing in again is refused as blocked.
    await visit(site.page, '/main');
    await expectGuest(site.page);
    await headerSignIn(site.page).click();
    await signInWithDialog(site.page, player.email, player.password);
    await dialog(site.page, 'global-components.auth.signInTitle').getByText(t('alerts.accountBlocked.text')).waitFor();

    // Lifted: the player signs in again.
    await blocksButton.click();
    await expect.poll(() => blocks.getByRole('switch', { name: /Login/ }).isChecked()).toBe(true);
    await blocks.getByRole('switch', { name: /Login/ }).uncheck();
    await blocks.getByLabel('Reason').fill('e2e: the player proved who they are');
    await blocks.getByRole('button', { name: 'Save blocks' }).click();
    await toast(office, 'Blocks saved: nothing is blocked.').waitFor();
    await visit(site.page, '/main');
    await headerSignIn(site.page).click();
    await signInWithDialog(site.page, player.email, player.password);
    await expectLoggedIn(site.page, name());
    await site.page.close();
  });

  it('adds a note, and shows the transactions, sessions and the audit trail', async () => {
    const tabs = office.getByRole('tablist', { name: 'Player sections' });
    await tabs.getByRole('tab', { name: 'Notes' }).click();
    await office.waitForURL((url) => url.searchParams.get('tab') === 'notes');
    await office.getByLabel('New note').fill('Called the player: the block was at their request.');
    await office.getByRole('button', { name: 'Add note' }).click();
    await toast(office, 'Note added.').waitFor();
    await office.getByRole('list', { name: 'Notes, newest first' }).getByText('Called the player').waitFor();
    await check(office, 'player 360, notes');

    await tabs.getByRole('tab', { name: 'Sessions' }).click();
    await office
      .getByRole('table', { name: /Sessions/ })
      .locator('tbody tr')
      .first()
      .waitFor();
    await check(office, 'player 360, sessions');

    await tabs.getByRole('tab', { name: 'Transactions' }).click();
    await office.getByRole('table', { name: /Transactions/ }).waitFor();
    await check(office, 'player 360, transactions');

    await tabs.getByRole('tab', { name: 'Audit trail' }).click();
    const trail = office.getByRole('table', { name: /Audit log/ });
    await trail.getByText('player.blocks', { exact: true }).first().waitFor();
    await trail.getByText('player.note', { exact: true }).first().waitFor();
    await check(office, 'player 360, audit trail');
  });

  it('an adjustment above the cap of payments waits, and the owner approves it', async () => {
    const payments = await openBrowser();
    try {
      const { page, errors } = await newPage(payments);
      await page.goto(`/backoffice/players/${player.id}`);
      await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
      await waitForHydration(page);
      await signInOnPage(page, demoStaff('payments'));
      await page.waitForURL((url) => url.pathname === `/backoffice/players/${player.id}`);
      // Payments may not see the audit log nor manage staff: the nav leaves them out.
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Adjustments' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Adjust balance…' }).click();
      const adjust = page.getByRole('dialog', { name: 'Adjust the balance' });
      await adjust.getByLabel('Amount').fill('150');
      await adjust.getByLabel('Currency').selectOption('EUR');
      await adjust.getByLabel('Reason').fill('e2e: goodwill for a broken round');
      await check(page, 'adjustment dialog');
      await adjust.getByRole('button', { name: 'Request adjustment' }).dblclick();
      await toast(page, /above your cap/).waitFor();

      // Pending, and payments cannot decide it (no approve permission).
      await nav.getByRole('link', { name: 'Adjustments' }).click();
      const pending = page.getByRole('table', { name: 'Pending adjustments, newest first' });
      const row = pending.locator('tr', { hasText: '+150.00 EUR' });
      await row.waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await check(page, 'adjustments (payments)');
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await closeBrowser(payments);
    }

    await office.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Adjustments' }).click();
    const row = office
      .getByRole('table', { name: 'Pending adjustments, newest first' })
      .locator('tr', { hasText: 'e2e: goodwill for a broken round' });
    await row.getByRole('button', { name: 'Approve' }).click();
    const approve = office.getByRole('dialog', { name: 'Approve the adjustment' });
    await check(office, 'adjustments, approve dialog');
    await approve.getByLabel('Reason (optional)').fill('e2e: checked the round');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await toast(office, 'Adjustment of +150.00 EUR approved and applied.').waitFor();
    await office.getByRole('button', { name: 'Applied' }).click();
    await office
      .getByRole('table', { name: 'Applied adjustments, newest first' })
      .locator('tr', { hasText: 'e2e: goodwill for a broken round' })
      .waitFor();
    await check(office, 'adjustments');

    // The money moved: one adjustment in the player's ledger.
    await office.goto(`/backoffice/players/${player.id}?tab=transactions`);
    await office
      .getByRole('table', { name: /Transactions/ })
      .locator('tr', { hasText: 'adjustment' })
      .filter({ hasText: '+150.00 EUR' })
      .waitFor();
  });

  it('verifies the audit chain, filters the log, and lists the staff', async () => {
    await office.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await office.getByRole('heading', { name: 'Audit log' }).waitFor();
    await office.getByRole('button', { name: 'Verify chain' }).click();
    const result = office.getByTestId('audit-verify');
    await result.getByText('holds').waitFor();
    await toast(office, /The audit chain holds/).waitFor();

    await office.getByLabel('Player id').fill(player.id);
    await office.getByRole('button', { name: 'Apply' }).click();
    await office.waitForURL((url) => url.searchParams.get('playerId') === player.id);
    const rows = office.getByRole('table', { name: /Audit log/ }).locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(3);
    await check(office, 'audit log');

    await office.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff' }).click();
    const staffTable = office.getByRole('table', { name: 'Staff accounts' });
    await staffTable.getByText('payments@staff.croupier.test').waitFor();
    await check(office, 'staff');

    // A new support account, then disabled from its row's menu.
    const email = uniqueEmail('support').replace('@example.com', '@staff.croupier.test');
    await office.getByRole('button', { name: 'New staff member…' }).click();
    const create = office.getByRole('dialog', { name: 'New staff member' });
    await create.getByLabel('Name').fill('E2E Support');
    await create.getByLabel('E-mail').fill(email);
    await create.getByLabel('Role').selectOption('support');
    await create.getByLabel('Password').fill('a-long-enough-password');
    await create.getByLabel('Reason').fill('e2e: a new support agent');
    await check(office, 'staff, new account dialog');
    await create.getByRole('button', { name: 'Create account' }).click();
    await toast(office, 'E2E Support can now sign in').waitFor();
    const row = staffTable.locator('tr', { hasText: email });
    await row.getByRole('button', { name: 'Change E2E Support' }).click();
    await office.getByRole('menuitem', { name: 'Disable…' }).click();
    const disable = office.getByRole('dialog', { name: 'Disable account' });
    await disable.getByLabel('Reason').fill('e2e: left the company');
    await disable.getByRole('button', { name: 'Disable' }).click();
    await toast(office, 'E2E Support: saved.').waitFor();
    await row.getByText('disabled').waitFor();

    await office.goto('/backoffice/no-such-screen');
    await office.getByRole('heading', { name: 'Not found' }).waitFor();
    await check(office, 'not found');
  });

  it('signs out, and the cookie no longer opens anything', async () => {
    await office.locator('.topbar__me').click();
    await office.getByRole('menuitem', { name: 'Sign out' }).click();
    await office.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await office.goto('/backoffice/players');
    await office.waitForURL((url) => url.pathname === '/backoffice/sign-in');
  });

  it('has no serious accessibility violation and no page error on any screen', () => {
    expect(violations).toEqual([]);
    expect(unexpectedErrors(officeErrors)).toEqual([]);
  });
});
