import type { Currency } from '@croupier/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertAmount, formatMoney } from '../../apps/web/app/shared/money/money.ts';
import {
  type OwnServer,
  type Player,
  registerPlayer,
  startOwnServer,
  t,
  uniqueIp,
  useToken,
} from './accounts-helpers.ts';
import { closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

/**
 * The wallet UI (spec §1 Wallet, §4 Wallet account, §9; api-contract §7, §8): header balance and switcher,
 * /profile/wallet (add, switch, hide), the equivalent currency, and the payment history with a cancelled
 * withdrawal. A server of its own keeps sandbox payments pending long enough to act on them.
 */
describe('wallet accounts and history', () => {
  let server: OwnServer;
  let context: BrowserContext;
  let player: Player;
  let page: Page;
  let errors: string[];
  let currencies: Currency[];

  const api = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${player.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: T };
    return { status: res.status, data: json.data };
  };
  const credit = (currency: string, amount: number) =>
    api('POST', '/api/dev/wallet/credit', { playerId: player.id, currency, amount });
  const accountsByCurrency = async () =>
    new Map(
      (await api<{ id: string; currency: string; status: number }[]>('GET', '/api/wallet/accounts')).data.map((a) => [
        a.currency,
        a,
      ]),
    );
  const go = async (path: string) => {
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    await waitForHydration(page);
  };
  const currency = (code: string) => currencies.find((c) => c.code === code) as Currency;
  const headerBalance = () => page.locator('header [data-testid="header-balance"]');
  /** Page errors, leaving out the real-time socket's reconnect attempts (not this feature's concern). */
  const pageErrors = () => errors.filter((e) => !e.includes('/api/connection/websocket'));

  beforeAll(async () => {
    // Bank transfers and crypto confirmations stay pending for the whole file.
    server = await startOwnServer({ BANK_TRANSFER_SECONDS: '3600', CRYPTO_CONFIRMATION_SECONDS: '3600' });
    const ip = uniqueIp();
    player = await registerPlayer({ ip, server: server.url });
    context = await openBrowser({ headers: { 'cf-connecting-ip': ip } });
    await useToken(context, player.accessToken, server.url);
    ({ page, errors } = await newPage(context));
    currencies = ((await (await fetch(`${server.url}/api/settings/currencies`)).json()) as { data: Currency[] }).data;
    expect((await credit('EUR', 100)).status).toBe(200);
  });
  afterAll(async () => {
    await closeBrowser(context);
    await server?.stop();
  });

  it('shows the active account’s balance in the header, with its parts in the menu', async () => {
    await go('/');
    await expect.poll(() => headerBalance().textContent()).toBe('€100.00');
    await page.locator('header .wallet-balance__button').click();
    const eur = page.locator('header .wallet-menu__account[data-currency="EUR"]');
    expect(await eur.getAttribute('aria-current')).toBe('true');
    expect(await eur.textContent()).toContain(`${t('global-components.wallet.real')}: €100.00`);
    expect(await eur.textContent()).toContain(`${t('global-components.wallet.bonus')}: €0.00`);
    await page.keyboard.press('Escape');
    expect(pageErrors()).toEqual([]);
  });

  it('cancels a pending withdrawal from the history: row declined, alert shown, balance back', async () => {
    const eurId = (await accountsByCurrency()).get('EUR')?.id;
    const withdrawal = await api<{ invoiceId: string }>('POST', '/api/payment/invoices/withdrawal', {
      method: 'bank_transfer',
      currency: 'EUR',
      amount: 30,
      accountId: eurId,
      fields: { account_holder: 'Ada Lovelace', iban: 'DE89370400440532013000' },
    });
    expect(withdrawal.status).toBe(200);
    await go('/profile/history');
    const row = page.locator(`main .history-row[data-invoice="${withdrawal.data.invoiceId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('1');
    expect(await row.locator('.history-row__type').textContent()).toBe(t('global-components.history.invoiceType.2'));
    expect(await row.locator('.history-row__amount').textContent()).toBe('€30.00');
    // The locked 30 still counts as real money; the header balance is what can be staked.
    await expect.poll(() => headerBalance().textContent()).toBe('€70.00');

    const unread = page.locator('[data-testid="notification-count"]');
    const bellCount = async () => ((await unread.count()) === 0 ? 0 : Number(await unread.textContent()));
    // The server's count, not the badge's: the badge may not have loaded yet.
    const unreadOnServer = async () =>
      (
        await fetch(`${server.url}/api/notification/messenger/messages?page=1&perPage=1`, {
          headers: { authorization: `Bearer ${player.accessToken}` },
        }).then((r) => r.json() as Promise<{ meta: { totalUnread: number } }>)
      ).meta.totalUnread;
    const unreadBefore = await unreadOnServer();
    const decline = page.waitForResponse((r) => r.url().endsWith(`/${withdrawal.data.invoiceId}/decline`));
    await row.getByRole('button', { name: t('global-components.history.cancelWithdrawal') }).click();
    expect((await decline).status()).toBe(200);
    await expect.poll(() => row.getAttribute('data-status')).toBe('3');
    expect(await row.locator('.badge').textContent()).toBe(t('global-components.history.invoiceStatus.3'));
    expect(await row.getByRole('button').count()).toBe(0);
    await page.locator('[data-testid="toast"]', { hasText: t('alerts.withdrawalCancelled.title') }).waitFor();
    await expect.poll(() => headerBalance().textContent()).toBe('€100.00');
    // The inbox keeps the cancellation (the bell counts it) but the tab that cancelled says it once:
    // no "new message" alert and no "withdrawal failed" alert on top of its own toast.
    // Whether the notifications channel had subscribed before the click or not (decision 0084).
    await expect.poll(unreadOnServer).toBe(unreadBefore + 1);
    await expect.poll(bellCount).toBe(unreadBefore + 1);
    await page.waitForTimeout(500);
    expect(await page.locator('[data-testid="toast"]').allTextContents()).toEqual([
      expect.stringContaining(t('alerts.withdrawalCancelled.title')),
    ]);
  });

  it('adds a BTC account, switches to it (header in mBTC) and hides the EUR one once it is inactive', async () => {
    await go('/profile/wallet');
    await page.locator('main .wallet-account[data-currency="EUR"]').waitFor();
    await page.locator('main .wallet-add select[name="currency"]').selectOption('BTC');
    await page.locator('main .wallet-add button[type="submit"]').click();
    const btc = page.locator('main .wallet-account[data-currency="BTC"]');
    await btc.waitFor();
    expect(await btc.locator('[data-testid="account-balance"]').textContent()).toBe('0.00 mBTC');
    // BTC is no longer offered once held.
    expect(await page.locator('main .wallet-add option[value="BTC"]').count()).toBe(0);

    // The active account has no hide button; the server refuses to hide it anyway.
    const eur = page.locator('main .wallet-account[data-currency="EUR"]');
    expect(await eur.getByRole('button', { name: t('global-components.wallet.hide') }).count()).toBe(0);
    const eurId = (await accountsByCurrency()).get('EUR')?.id;
    expect((await api('PUT', `/api/wallet/accounts/${eurId}/hide`)).status).toBe(422);

    await btc.getByRole('button', { name: t('global-components.wallet.switch') }).click();
    await expect.poll(() => headerBalance().textContent()).toBe('0.00 mBTC');
    await btc.locator('.badge', { hasText: t('global-components.wallet.active') }).waitFor();

    // Accounts are re-fetched when the tab becomes visible again (api-contract §7). Live publications on
    // wallet:accounts need the real-time server; this checks the fallback, which needs nothing else.
    expect((await credit('BTC', 0.00123)).status).toBe(200);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => headerBalance().textContent(), { timeout: 15_000 }).toBe('1.23 mBTC');

    await eur.getByRole('button', { name: t('global-components.wallet.hideNamed', { currency: 'EUR' }) }).click();
    await eur.waitFor({ state: 'detached' });
    expect([...(await accountsByCurrency()).keys()]).toEqual(['BTC']);
    expect(pageErrors()).toEqual([]);
  });

  it('shows the equivalent of the crypto balance in the chosen currency', async () => {
    await go('/profile/wallet');
    expect(await page.locator('main [data-testid="account-equivalent"]').count()).toBe(0);
    await page.locator('header .wallet-balance__button').click();
    await page
      .getByRole('button', { name: t('global-components.wallet.equivalentCurrency'), exact: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('select[name="equivalentCurrency"]').selectOption('USD');
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });

    const expected = `≈ ${formatMoney(convertAmount(0.00123, currency('BTC'), currency('USD')), currency('USD'), 'en')}`;
    expect(expected).toMatch(/^≈ \$\d+\.\d\d$/);
    await expect.poll(() => page.locator('header [data-testid="header-equivalent"]').textContent()).toBe(expected);
    expect(await page.locator('main [data-testid="account-equivalent"]').textContent()).toBe(expected);

    // Kept locally: still there after a reload; removing it hides it.
    await go('/profile/wallet');
    await expect.poll(() => page.locator('header [data-testid="header-equivalent"]').textContent()).toBe(expected);
    await go('/profile/wallet?equivalent-currency=true');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('global-components.wallet.removeEquivalent') })
      .click();
    await expect.poll(() => page.locator('header [data-testid="header-equivalent"]').count()).toBe(0);
  });

  it('lists a confirmed crypto deposit in the history, and filters by type', async () => {
    const btcId = (await accountsByCurrency()).get('BTC')?.id;
    const methods = await api<{ method: string; fields: { key: string; options?: { id: string }[] }[] }[]>(
      'GET',
      '/api/payment/methods/deposit?currency=BTC',
    );
    const crypto = methods.data.find((m) => m.method === 'crypto');
    const network = crypto?.fields.find((f) => f.key === 'crypto_network')?.options?.[0]?.id ?? null;
    const deposit = await api<{ invoiceId: string }>('POST', '/api/payment/invoices/deposit', {
      method: 'crypto',
      currency: 'BTC',
      amount: 0.001,
      accountId: btcId,
      redirectSuccessUrl: '/',
      redirectErrorUrl: '/',
      isBonusDecline: false,
      fields: { crypto_network: network },
    });
    expect(deposit.status).toBe(200);
    const confirmed = await fetch(`${server.url}/api/dev/payment/invoices/${deposit.data.invoiceId}/confirm`, {
      method: 'POST',
    });
    expect(confirmed.status).toBe(200);

    await go('/profile/history');
    const row = page.locator(`main .history-row[data-invoice="${deposit.data.invoiceId}"]`);
    await row.waitFor();
    expect(await row.locator('.history-row__amount').textContent()).toBe('1.00 mBTC');
    expect(await row.locator('.badge').textContent()).toBe(t('global-components.history.invoiceStatus.2'));
    expect(await page.locator('main .history-row').count()).toBe(2);

    const listed = page.waitForResponse(
      (r) => r.url().includes('/api/payment/invoices?') && r.url().includes('type=1'),
    );
    await page.locator('main .history-filters select[name="type"]').selectOption('1');
    await listed;
    await expect.poll(() => page.locator('main .history-row').count()).toBe(1);
    await page.locator('main .history-filters select[name="type"]').selectOption('2');
    await expect.poll(() => page.locator('main .history-row').count()).toBe(1);
    await expect
      .poll(() => page.locator('main .history-row').first().getAttribute('data-invoice'))
      .not.toBe(deposit.data.invoiceId);

    // A date range in the future finds nothing: the honest empty state.
    await page.locator('main .history-filters select[name="type"]').selectOption('');
    await page.locator('main .history-filters input[name="dateFrom"]').fill('2999-01-01');
    await page.locator('main [data-testid="empty-state"]', { hasText: t('global-components.history.empty') }).waitFor();
    expect(pageErrors()).toEqual([]);
  });
});
