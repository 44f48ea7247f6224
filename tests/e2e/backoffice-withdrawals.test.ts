import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, playerApi, registerPlayer, t, uniqueEmail, uniqueIp, useToken } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { cardDeposit, demoStaff, diceRound, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { closeBrowser, newPage, openBrowser, visit, waitForHydration } from './browser.ts';

// Issue 26, decision 0115: the withdrawals queue as staff and a player use it together, in Chromium against the
// real server (demo thresholds: auto-approval below 100 EUR, four-eyes above 1,000 EUR). The player deposits,
// plays and asks a bank-transfer withdrawal on the player site; it appears in the payments member's queue with
// its flags without a reload (the live count); payments rejects it with a message; the player sees the money
// back and the message. The player asks again, above the four-eyes threshold: payments approves (1 of 2), is
// refused a second time (20004), the admin approves, and the sandbox pays it. Axe and screenshots on each screen.

const SHOTS = '/tmp/helpers/shots';

interface Invoice {
  id: string;
  invoiceType: number;
  status: number;
  amount: number;
}

describe('back office, the withdrawals queue with a player', () => {
  let player: Player;
  let playerSite: BrowserContext;
  let site: Page;
  let siteErrors: string[];
  let payments: BrowserContext;
  let office: Page;
  let officeErrors: string[];
  const playerIp = uniqueIp();
  const violations: string[] = [];
  const rejection = 'e2e: the bank account is not in your name; use the account you deposited from.';

  const check = async (page: Page, screen: string) => {
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    for (const v of await audit(page)) violations.push(`${screen}: ${v}`);
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text }).first();
  const headerBalance = () => site.locator('header [data-testid="header-balance"]');
  const queue = (page: Page, caption = 'Withdrawals in review, newest first') =>
    page.getByRole('table', { name: caption });
  const rowOf = (page: Page, amount: string, caption?: string): Locator =>
    queue(page, caption)
      .locator('tbody tr')
      .filter({ has: page.getByRole('link', { name: player.email }) })
      .filter({
        hasText: amount,
      });
  const withdrawable = async () =>
    (
      await playerApi<{ currency: string; withdrawalBalance: number }[]>(player, 'GET', '/api/wallet/accounts')
    ).data.find((a) => a.currency === 'EUR')?.withdrawalBalance ?? Number.NaN;
  let before = 0;
  const invoices = async () => (await playerApi<Invoice[]>(player, 'GET', '/api/payment/invoices')).data;

  /** The player asks a bank-transfer withdrawal in the wallet modal; answers the new invoice's id. */
  const askWithdrawal = async (amount: string) => {
    const before = new Set((await invoices()).map((i) => i.id));
    await visit(site, '/?wallet=withdraw');
    const modal = site.getByRole('dialog', { name: t('global-components.payment.title') });
    await modal.waitFor();
    await modal.locator('input[name="amount"]').fill(amount);
    await modal.locator('[name="account_holder"]').fill('Ada Lovelace');
    await modal.locator('[name="iban"]').fill('DE89370400440532013000');
    await modal.getByRole('button', { name: t('global-components.payment.withdrawButton') }).click();
    await site.locator('[data-testid="toast"]', { hasText: t('alerts.withdrawalProcessed.title') }).waitFor();
    const created = (await invoices()).find((i) => i.invoiceType === 2 && !before.has(i.id));
    expect(created).toBeTruthy();
    return created!.id;
  };

  beforeAll(async () => {
    player = await registerPlayer({ email: uniqueEmail('withdraw'), ip: playerIp });
    expect((await playerApi(player, 'POST', '/api/wallet/accounts', { currency: 'EUR' })).status).toBe(200);
    // A deposit, staked once (the turn-over rule holds withdrawals until it is), then money to withdraw.
    await cardDeposit(player, 20);
    await diceRound(player, 2000);
    const credited = await playerApi(player, 'POST', '/api/dev/wallet/credit', {
      playerId: player.id,
      currency: 'EUR',
      amount: 1500,
    });
    expect(credited.status).toBe(200);
    playerSite = await openBrowser({ headers: { 'cf-connecting-ip': playerIp } });
    await useToken(playerSite, player.accessToken);
    ({ page: site, errors: siteErrors } = await newPage(playerSite));
    payments = await openBrowser();
    ({ page: office, errors: officeErrors } = await newPage(payments));
  });
  afterAll(async () => {
    await closeBrowser(playerSite);
    await closeBrowser(payments);
  });

  it('a withdrawal the player asks appears in the open queue with its flags, without a reload', async () => {
    await office.goto('/backoffice/withdrawals');
    await office.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(office);
    await signInOnPage(office, demoStaff('payments'));
    await office.waitForURL((url) => url.pathname === '/backoffice/withdrawals');
    await office.getByRole('heading', { name: 'Withdrawals', level: 1 }).waitFor();
    // The status filter's default is the review queue; payments sees the entry, not KYC or flags.
    expect(await office.getByRole('button', { name: 'In review' }).getAttribute('aria-pressed')).toBe('true');
    const nav = office.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: /Withdrawals/ }).waitFor();
    expect(await nav.getByRole('link', { name: 'KYC' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: /Flags/ }).count()).toBe(0);
    await office.waitForFunction(
      () => document.querySelector('[data-testid="live-status"]')?.getAttribute('data-state') === 'live',
      undefined,
      { timeout: 15_000 },
    );
    await office.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    before = await withdrawable();
    const invoiceId = await askWithdrawal('150');
    await expect.poll(withdrawable, { timeout: 10_000 }).toBeCloseTo(before - 150, 2);

    // The live count moved, so the queue was read again: the row is there, with readable flags.
    const row = rowOf(office, '150.00 EUR');
    await row.waitFor({ timeout: 10_000 });
    expect(await office.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await office.getByTestId('nav-count-withdrawalsWaiting').waitFor();
    expect(await row.getByTestId('approvals').textContent()).toBe('0 of 1 approval');
    expect(await row.textContent()).toContain('Bank transfer');
    const flags = row.getByRole('list', { name: 'Risk flags' }).getByRole('listitem');
    expect(await flags.count()).toBeGreaterThan(0);
    // Keyboard: a flag's badge takes focus and shows its explanation, tied to it as its description.
    const badge = flags.first().getByRole('button');
    await badge.focus();
    const described = office.locator(`[id="${await badge.getAttribute('aria-describedby')}"]`);
    const tip = office.getByRole('tooltip');
    await tip.waitFor();
    expect(await tip.textContent()).toBe(await described.textContent());
    expect((await tip.textContent())?.length).toBeGreaterThan(10);
    // Inside the window, not clipped by the table's scroll box.
    const box = (await tip.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual((office.viewportSize()?.height ?? 720) + 1);
    await shot(office, 'withdrawals-queue');
    await check(office, 'withdrawals queue');
    // Escape dismisses the tip and leaves focus on the badge.
    await office.keyboard.press('Escape');
    await tip.waitFor({ state: 'detached' });
    expect(await badge.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(invoiceId).toBeTruthy();
  });

  it('payments rejects it with a message; the player sees the money back and the message', async () => {
    const row = rowOf(office, '150.00 EUR');
    const reject = row.getByRole('button', { name: /^Reject/ });
    // Keyboard: Enter opens the dialog, Escape closes it and gives focus back.
    await reject.focus();
    await office.keyboard.press('Enter');
    const dialog = office.getByRole('dialog', { name: 'Reject the withdrawal' });
    await dialog.waitFor();
    await office.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await reject.evaluate((el) => el === document.activeElement)).toBe(true);

    await reject.click();
    // Too short: the browser holds the form back (3 to 500 characters) and nothing is sent.
    const message = dialog.getByLabel('Message to the player');
    await message.fill('no');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    expect(await message.evaluate((el) => (el as HTMLTextAreaElement).validity.tooShort)).toBe(true);
    await dialog.waitFor();
    await dialog.getByLabel('Message to the player').fill(rejection);
    expect(await dialog.getByTestId('player-preview').textContent()).toBe(rejection);
    await shot(office, 'withdrawals-reject-dialog');
    await check(office, 'withdrawals, reject dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await toast(office, /rejected: the money is back/).waitFor();
    await row.waitFor({ state: 'detached' });

    await office.getByRole('button', { name: 'Rejected' }).click();
    await office.waitForURL((url) => url.searchParams.get('status') === 'rejected');
    const rejected = rowOf(office, '150.00 EUR', 'Withdrawals rejected, newest first');
    await rejected.waitFor();
    expect(await rejected.textContent()).toContain(rejection);

    // The player: the balance back, the invoice failed, and the reason in the messenger.
    await expect.poll(withdrawable, { timeout: 10_000 }).toBeCloseTo(before, 2);
    await visit(site, '/main');
    const shown = `€${before.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect.poll(() => headerBalance().textContent(), { timeout: 10_000 }).toBe(shown);
    expect((await invoices()).some((i) => i.invoiceType === 2 && i.status === 3)).toBe(true);
    await visit(site, '/profile/notifications');
    await site.getByText(rejection, { exact: false }).first().waitFor({ timeout: 10_000 });
  });

  it('above the four-eyes threshold: one approval of two, the same person refused, a second person pays it', async () => {
    await office.getByRole('button', { name: 'In review' }).click();
    const invoiceId = await askWithdrawal('1200');
    const row = rowOf(office, '1,200.00 EUR');
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getByTestId('approvals').textContent()).toContain('0 of 2 approvals');

    await row.getByRole('button', { name: /^Approve/ }).click();
    const approve = office.getByRole('dialog', { name: 'Approve the withdrawal' });
    await approve.getByLabel('Reason (optional)').fill('e2e: deposits and play checked');
    await check(office, 'withdrawals, approve dialog');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await toast(office, /Approval 1 of 2 recorded/).waitFor();
    await expect.poll(() => row.getByTestId('approvals').textContent()).toContain('1 of 2 approvals');
    await row.getByText('You approved: another person must give the second.').waitFor();
    await shot(office, 'withdrawals-one-of-two');

    // The same person again: the server refuses (20004), and the dialog says why.
    await row.getByRole('button', { name: /^Approve/ }).click();
    // A new opening starts blank.
    expect(await approve.getByLabel('Reason (optional)').inputValue()).toBe('');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve
      .getByRole('alert')
      .getByText(/another person must approve it/)
      .waitFor();
    await shot(office, 'withdrawals-four-eyes-refused');
    await office.keyboard.press('Escape');
    expect(unexpectedErrors(officeErrors).filter((e) => !/status of 409|status of 422/.test(e))).toEqual([]);

    // A second person gives the second approval: the demo admin (backoffice.test.ts enrols the owner itself, and
    // signInOnPage copes with an admin enrolled by backoffice-password.test.ts or not).
    const second = await openBrowser();
    try {
      const { page } = await newPage(second);
      await page.goto('/backoffice/withdrawals');
      await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
      await waitForHydration(page);
      await signInOnPage(page, demoStaff('admin'));
      await page.waitForURL((url) => url.pathname === '/backoffice/withdrawals');
      const secondRow = rowOf(page, '1,200.00 EUR');
      await secondRow.getByRole('button', { name: /^Approve/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve the withdrawal' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await toast(page, /approved: it goes on to the payment provider/).waitFor();
      await secondRow.waitFor({ state: 'detached' });
    } finally {
      await closeBrowser(second);
    }

    // The sandbox pays a bank transfer after BANK_TRANSFER_SECONDS: the player sees it paid.
    await expect
      .poll(async () => (await invoices()).find((i) => i.id === invoiceId)?.status, {
        timeout: 45_000,
        interval: 1_000,
      })
      .toBe(2);
    await visit(site, '/profile/history');
    await site.locator(`main .history-row[data-invoice="${invoiceId}"][data-status="2"]`).waitFor();
    // Staff see it paid too (the approved or paid list, by the time the page reads it).
    await office.getByRole('button', { name: 'Paid' }).click();
    await rowOf(office, '1,200.00 EUR', 'Withdrawals paid, newest first').waitFor({ timeout: 15_000 });
    await shot(office, 'withdrawals-paid');
  });

  it('settings: payments reads the thresholds, and may not change them', async () => {
    await office.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
    await office.getByRole('heading', { name: 'Withdrawal thresholds' }).waitFor();
    await office.getByTestId('four-eyes-above').getByText('1,000.00 EUR').waitFor();
    expect(await office.getByRole('button', { name: 'Save thresholds' }).count()).toBe(0);
    await shot(office, 'settings-read-only');
    await check(office, 'settings (payments, read-only)');
  });

  it('has no serious accessibility violation and no page error', () => {
    expect(violations).toEqual([]);
    // The refusals the test provoked (422, 409) are logged by Chromium as failed requests.
    expect(unexpectedErrors(officeErrors).filter((e) => !/status of 409|status of 422/.test(e))).toEqual([]);
    expect(siteErrors).toEqual([]);
  });
});

describe('back office, issue 26 screens as the admin', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const violations: string[] = [];

  beforeAll(async () => {
    context = await openBrowser();
    ({ page, errors } = await newPage(context));
  });
  afterAll(() => closeBrowser(context));

  it('opens KYC, flags, interactions and settings with no serious accessibility violation', async () => {
    await page.goto('/backoffice/settings');
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(page);
    await signInOnPage(page, demoStaff('admin'));
    await page.getByRole('heading', { name: 'Withdrawal thresholds' }).waitFor();
    await page.getByRole('button', { name: 'Save thresholds' }).waitFor();
    await page.getByRole('button', { name: 'Save KYC settings' }).waitFor();
    const screens: [string, string, string][] = [
      ['settings', '/backoffice/settings', 'Settings'],
      ['kyc', '/backoffice/kyc', 'KYC documents'],
      ['flags-rg', '/backoffice/flags', 'Flags'],
      ['flags-aml', '/backoffice/flags?list=aml', 'Flags'],
      ['interactions', '/backoffice/interactions', 'Interactions'],
      ['dashboard', '/backoffice/', 'Dashboard'],
    ];
    for (const [name, path, heading] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton'));
      for (const v of await audit(page)) violations.push(`${name}: ${v}`);
      await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    }
    // On a phone the queue scrolls sideways inside its region, the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/backoffice/withdrawals?status=paid');
    await page.getByRole('heading', { name: 'Withdrawals', level: 1 }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/withdrawals-phone.png`, fullPage: true });
    expect(violations).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
