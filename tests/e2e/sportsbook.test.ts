import type { BrowserContext, FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, registerPlayer, t, uniqueIp, useToken } from './accounts-helpers.ts';
import { closeBrowser, collectErrors, openBrowser, visit } from './browser.ts';
import { type ServerProcess, startServer } from './server.ts';

/**
 * The sportsbook (issue 16 item 9, decision 0071): with BETTING_CLIENT_HOST and BETTING_CLIENT_ID set,
 * /betting plays the demo's sandbox sportsbook (provider `betsy`) in the game frame; a bet placed and
 * settled there moves the player's money through the seamless-wallet API.
 */
describe('sportsbook', () => {
  let server: ServerProcess;
  let context: BrowserContext;
  beforeAll(async () => {
    server = await startServer({ BETTING_CLIENT_HOST: 'sandbox', BETTING_CLIENT_ID: 'croupier-demo' });
    // A second server on a loaded machine can take longer than one ready() wait: a few more, then give up.
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
    context = await openBrowser();
    context.setDefaultTimeout(20_000);
  }, 200_000);
  afterAll(async () => {
    await closeBrowser(context);
    await server?.stop();
  });

  const api = async <T>(player: Player, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${player.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, data: ((await res.json()) as { data: T }).data };
  };
  const eurBalance = async (player: Player) =>
    (await api<{ currency: string; balance: number }[]>(player, 'GET', '/api/wallet/accounts')).data.find(
      (a) => a.currency === 'EUR',
    )?.balance;

  it('places a bet in the sandbox sportsbook and settles it; the balance follows', async () => {
    const player = await registerPlayer({ ip: uniqueIp(), server: server.url });
    expect((await api(player, 'POST', '/api/wallet/accounts', { currency: 'EUR' })).status).toBe(200);
    const credit = await api(player, 'POST', '/api/dev/wallet/credit', {
      playerId: player.id,
      currency: 'EUR',
      amount: 50,
    });
    expect(credit.status).toBe(200);
    await useToken(context, player.accessToken, server.url);

    const page = await context.newPage();
    const errors = collectErrors(page);
    await visit(page, `${server.url}/betting`);
    // The drawer lists the page; the sportsbook game starts in the frame.
    expect(await page.locator(`#drawer a[href$="/betting"]`).count()).toBe(1);
    const frame: FrameLocator = page.frameLocator('iframe.game-stage__frame');
    await frame.locator('html[data-ready="true"]').waitFor();
    expect(await frame.locator('#balance').textContent()).toMatch(/50[.,]00/);

    await frame.getByRole('button', { name: /Harbor Hawks/ }).click();
    await frame.getByLabel(/Stake/).fill('5');
    await frame.getByRole('button', { name: 'Place bet' }).click();
    const bet = frame.locator('li.bet').first();
    await expect.poll(() => bet.getAttribute('data-status')).toBe('open');
    await expect.poll(() => eurBalance(player)).toBe(45);
    expect(await frame.locator('#balance').textContent()).toMatch(/45[.,]00/);

    await bet.getByRole('button', { name: 'Settle now' }).click();
    await expect.poll(() => bet.getAttribute('data-status')).toMatch(/^(won|lost)$/);
    const status = await bet.getAttribute('data-status');
    // 5 EUR at 1.90: 9.50 back on a win, nothing on a loss.
    const expected = status === 'won' ? 54.5 : 45;
    await expect.poll(() => eurBalance(player)).toBe(expected);
    expect(await frame.locator('#balance').textContent()).toMatch(status === 'won' ? /54[.,]50/ : /45[.,]00/);
    // The settled round is in the player's bets history.
    const bets = await api<{ gameId: string; amount: number; payout: number }[]>(
      player,
      'GET',
      '/api/game/bets?isSettled=true',
    );
    expect(bets.data).toEqual([
      expect.objectContaining({ gameId: 'betsy-sportsbook-betsy', amount: 5, payout: expected - 45 }),
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks a guest to sign in instead of starting the sportsbook', async () => {
    const guest = await openBrowser();
    try {
      const page = await guest.newPage();
      await visit(page, `${server.url}/betting`);
      expect(await page.locator('iframe.game-stage__frame').count()).toBe(0);
      await expect.poll(() => page.getByText(t('global-components.games.signInToPlay')).count()).toBeGreaterThan(0);
    } finally {
      await closeBrowser(guest);
    }
  });
});
