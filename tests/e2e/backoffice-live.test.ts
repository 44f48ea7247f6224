import type { BrowserContext, Page, Request, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, registerPlayer } from './accounts-helpers.ts';
import { demoStaff, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { baseUrl, closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

// Issue 25, decision 0110: the back office's dashboard follows pushes. Signed in as the demo support member, the
// dashboard's socket goes live and the tiles stop being polled; a player's deposit made through the player API
// then changes the deposits tile within seconds, without a reload — only the push can explain it. Leaving the
// dashboard closes the socket.

/** The tiles are polled every 15 s while the socket is down (use-dashboard-tiles.ts). */
const POLL_MS = 15_000;

const isTilesRead = (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/backoffice/dashboard';

async function playerApi<T>(player: Player, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${player.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/** A sandbox card deposit (4242…), credited at once. */
async function cardDeposit(player: Player, amount: number): Promise<void> {
  const accounts = await playerApi<{ id: string; currency: string; status: number }[]>(
    player,
    'GET',
    '/api/wallet/accounts',
  );
  const account = accounts.find((a) => a.status === 1) ?? accounts[0];
  if (!account) throw new Error('the player has no account');
  await playerApi(player, 'POST', '/api/payment/invoices/deposit', {
    currency: account.currency,
    accountId: account.id,
    method: 'card',
    amount,
    fields: { cardholder: 'Ada Lovelace', card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    redirectSuccessUrl: '/wallet/success',
    redirectErrorUrl: '/wallet/error',
    isBonusDecline: true,
  });
}

describe('back office, live dashboard', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let player: Player;
  const reads: number[] = [];
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    player = await registerPlayer();
    context = await openBrowser();
    ({ page, errors } = await newPage(context));
    page.on('request', (request) => {
      if (isTilesRead(request)) reads.push(Date.now());
    });
    page.on('websocket', (ws) => {
      if (ws.url().endsWith('/api/connection/websocket')) sockets.push(ws);
    });
  });
  afterAll(() => closeBrowser(context));

  it('goes live on the dashboard, and stops polling the tiles', async () => {
    await page.goto('/backoffice/');
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(page);
    // Support: the dashboard asks no permission, and no other e2e file signs the demo support member in.
    await signInOnPage(page, demoStaff('support'));
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    const status = page.getByTestId('live-status');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="live-status"]')?.getAttribute('data-state') === 'live',
      undefined,
      { timeout: 15_000 },
    );
    expect(await status.textContent()).toBe('Live');
    expect(sockets).toHaveLength(1);
    await page.getByTestId('tile-deposits').locator('.tile__value, .tile__list').waitFor();

    // The reads of the mount and of the first subscription are over; then nothing for longer than a poll.
    await page.waitForTimeout(1_000);
    const quietFrom = Date.now();
    await page.waitForTimeout(POLL_MS + 2_000);
    expect(reads.filter((at) => at >= quietFrom)).toEqual([]);
  }, 60_000);

  it('a player’s deposit changes the deposits tile within seconds, pushed, without a reload', async () => {
    const tile = page.getByTestId('tile-deposits');
    const before = (await tile.textContent()) ?? '';
    // A mark on the page: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const readsBefore = reads.length;
    const depositedAt = Date.now();
    await cardDeposit(player, 37);

    await expect.poll(async () => (await tile.textContent()) ?? '', { timeout: 5_000, interval: 100 }).not.toBe(before);
    expect(Date.now() - depositedAt).toBeLessThan(POLL_MS);
    // The tiles were read again because of the push: after the deposit, and no sooner.
    expect(reads.slice(readsBefore).every((at) => at >= depositedAt)).toBe(true);
    expect(reads.length).toBeGreaterThan(readsBefore);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.getByTestId('live-status').getAttribute('data-state')).toBe('live');
  });

  it('leaving the dashboard closes its socket', async () => {
    const [socket] = sockets;
    const closed = socket!.isClosed() ? Promise.resolve() : new Promise<void>((r) => socket!.once('close', () => r()));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Players' }).click();
    await page.getByRole('heading', { name: 'Players' }).waitFor();
    await closed;
    expect(socket!.isClosed()).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
