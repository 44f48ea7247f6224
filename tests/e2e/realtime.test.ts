/**
 * The real-time client in the browser (spec §4 Real-time connection, api-contract §14): a logged-in
 * page connects over /api/connection/websocket, balance publications update the header without a
 * reload, and a messenger message raises the bell count, shows an alert and is cleared by "read all".
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, registerPlayer, t, useToken } from './accounts-helpers.ts';
import { baseUrl, closeBrowser, newPage, openBrowser, realtimeReady, waitForHydration } from './browser.ts';

interface Account {
  id: string;
  currency: string;
  balance: number;
  status: number;
}

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

const activeAccount = async (player: Player) => {
  const { data } = await api<{ data: Account[] }>('GET', '/api/wallet/accounts', player.accessToken);
  const active = data.find((a) => a.status === 1) ?? data[0];
  if (!active) throw new Error('the player has no account');
  return active;
};

/** A successful sandbox card deposit: it credits the account and leaves the player a message. */
const cardDeposit = (player: Player, account: Account, amount: number) =>
  api('POST', '/api/payment/invoices/deposit', player.accessToken, {
    currency: account.currency,
    accountId: account.id,
    method: 'card',
    amount,
    fields: { cardholder: 'Ada Lovelace', card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    redirectSuccessUrl: '/wallet/success',
    redirectErrorUrl: '/wallet/error',
    isBonusDecline: false,
  });

/** Resolves once <html data-realtime> (set by the real-time connector) reads `state`. */
const realtimeState = (page: Page, state: 'connected' | 'connecting' | 'disconnected') =>
  page.waitForFunction((s) => document.documentElement.dataset.realtime === s, state, { timeout: 15_000 });

const bellCount = async (page: Page) => {
  const badge = page.locator('[data-testid="notification-count"]');
  return (await badge.count()) === 0 ? 0 : Number((await badge.textContent())?.trim());
};

describe('real-time client (api-contract §14)', () => {
  let context: BrowserContext;
  let player: Player;

  beforeAll(async () => {
    context = await openBrowser();
    player = await registerPlayer();
    await useToken(context, player.accessToken);
  });
  afterAll(() => closeBrowser(context));

  it('a guest page connects anonymously, without the player listeners (and their schemas)', async () => {
    const guest = await openBrowser();
    try {
      const { page } = await newPage(guest);
      await page.goto('/main');
      await waitForHydration(page);
      await realtimeState(page, 'connected');
      // Decision 0083: the player channels' listeners bring zod; a guest never fetches their chunk.
      const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
      expect(scripts.some((url) => url.includes('/live-listeners-'))).toBe(true);
      expect(scripts.filter((url) => url.includes('/player-listeners-'))).toEqual([]);
    } finally {
      await closeBrowser(guest);
    }
  });

  it('a logged-in page connects, and a dev credit updates the header balance without a reload', async () => {
    const { page, errors } = await newPage(context);
    await page.goto('/main');
    await waitForHydration(page);
    await realtimeReady(page);
    const balance = page.locator('[data-testid="header-balance"]');
    await balance.waitFor();
    const before = (await balance.textContent())?.trim();

    // A marker that a reload would wipe.
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    const account = await activeAccount(player);
    await api('POST', '/api/dev/wallet/credit', null, {
      playerId: player.id,
      currency: account.currency,
      amount: 25,
      idempotencyKey: `e2e-realtime-${player.id}`,
    });
    await page.waitForFunction(
      (old) => document.querySelector('[data-testid="header-balance"]')?.textContent?.trim() !== old,
      before,
      { timeout: 10_000 },
    );
    expect(await balance.textContent()).toContain('25');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a new message raises the bell count and shows an alert; read all clears it', async () => {
    const { page, errors } = await newPage(context);
    await page.goto('/main');
    await waitForHydration(page);
    await realtimeReady(page);
    await page.locator('[data-testid="notification-bell"]').waitFor();
    const before = await bellCount(page);

    // A successful sandbox card deposit leaves the player a message (messenger, server side).
    const account = await activeAccount(player);
    await cardDeposit(player, account, 50);

    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="notification-count"]')?.textContent ?? 0) > n,
      before,
      { timeout: 10_000 },
    );
    const alert = page.locator('.toasts [data-testid="toast"]', { hasText: t('alerts.newNotification.title') });
    await alert.first().waitFor();

    await page.locator('[data-testid="notification-bell"]').click();
    const popover = page.getByRole('dialog', { name: t('global-components.notifications.title') });
    await popover.waitFor();
    expect(await popover.locator('.message').count()).toBeGreaterThan(0);
    expect(await popover.locator('.message').count()).toBeLessThanOrEqual(3);
    await popover.locator('[data-testid="notifications-read-all"]').click();
    await page.locator('[data-testid="notification-count"]').waitFor({ state: 'detached' });
    expect(await popover.locator('.message--unread').count()).toBe(0);

    // Escape closes the popover and gives the focus back to the bell.
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notification-bell');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('what was sent while the socket was away reaches the bell and the balance once it is back', async () => {
    const { page, errors } = await newPage(context);
    // The socket is refused until `away` ends: the page loads its count and balances, then misses the
    // publications of a message and a credit, as a player on a flaky network (or a slow first connect) would.
    let away = true;
    await page.routeWebSocket(/\/api\/connection\/websocket/, (ws) => (away ? ws.close() : ws.connectToServer()));
    const firstCount = page.waitForResponse((r) => r.url().includes('/api/notification/messenger/messages'));
    await page.goto('/main');
    await waitForHydration(page);
    await firstCount;
    const balance = page.locator('[data-testid="header-balance"]');
    await balance.waitFor();
    const balanceBefore = (await balance.textContent())?.trim();
    const countBefore = await bellCount(page);

    const unreadOnServer = async () =>
      (
        await api<{ meta: { totalUnread: number } }>(
          'GET',
          '/api/notification/messenger/messages?page=1&perPage=1',
          player.accessToken,
        )
      ).meta.totalUnread;
    const serverBefore = await unreadOnServer();
    const account = await activeAccount(player);
    await cardDeposit(player, account, 20);
    await api('POST', '/api/dev/wallet/credit', null, {
      playerId: player.id,
      currency: account.currency,
      amount: 5,
      idempotencyKey: `e2e-realtime-away-${player.id}`,
    });
    await expect.poll(unreadOnServer, { timeout: 10_000 }).toBeGreaterThan(serverBefore);
    const serverAfter = await unreadOnServer();
    expect(await bellCount(page)).toBe(countBefore);
    expect((await balance.textContent())?.trim()).toBe(balanceBefore);

    away = false;
    await realtimeState(page, 'connected');
    // Decision 0084: each (re)subscribe fetches the count and the balances again.
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe(serverAfter);
    await expect.poll(async () => (await balance.textContent())?.trim(), { timeout: 10_000 }).not.toBe(balanceBefore);
    expect(errors.filter((e) => !e.includes('/api/connection/websocket'))).toEqual([]);
    await page.close();
  });

  it('logging out reconnects as a guest and drops the bell', async () => {
    const { page } = await newPage(context);
    await page.goto('/main');
    await waitForHydration(page);
    await realtimeState(page, 'connected');
    await page.locator('header .user-menu__button').click();
    await page.locator('header .user-menu__logout').click();
    await page.locator('header .header__sign-in').waitFor();
    expect(await page.locator('[data-testid="notification-bell"]').count()).toBe(0);
    await realtimeState(page, 'connected');
    await page.close();
  });
});
