import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, registerPlayer, t, uniqueIp, useToken } from './accounts-helpers.ts';
import {
  baseUrl,
  closeBrowser,
  collectErrors,
  openBrowser,
  realtimeReady,
  resetContext,
  waitForHydration,
} from './browser.ts';

/**
 * Tournaments in the browser (issue 13 §4, §7): a player opens the demo's running tournament from
 * /tournaments, plays a real round of a house game, and sees the leaderboard and their own entry move
 * live, without a reload.
 */

const K = 'global-components.tournaments';

const api = async <T>(player: Player, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${player.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
};

/** One settled real round of dice (bet 2 EUR) through the studio's game API: what a spin in the iframe does. */
async function realDiceRound(player: Player): Promise<void> {
  const play = await api<{ gameUrl: string }>(player, 'POST', '/api/game/games/dice/play', {
    lobbyUrl: '/',
    locale: 'en',
    countryCode: 'DE',
    platform: 2,
    demoMode: false,
  });
  expect(play.status).toBe(200);
  const launch = await fetch(play.data.gameUrl, { redirect: 'manual' });
  const sessionId = (launch.headers.get('location') ?? '').split('/').pop();
  const round = await fetch(`${baseUrl()}/studio/api/sessions/${sessionId}/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bet: '200', choice: { game: 'dice', chanceBp: 5000, over: true } }),
  });
  expect(round.status).toBe(200);
}

describe('tournaments', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
    context.setDefaultTimeout(20_000);
  });
  afterAll(() => closeBrowser(context));

  it('joins the running tournament, plays a house game and sees the leaderboard move', async () => {
    const ip = uniqueIp();
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    const player = await registerPlayer({ ip });
    await useToken(context, player.accessToken);
    expect((await api(player, 'POST', '/api/wallet/accounts', { currency: 'EUR' })).status).toBe(200);
    const credit = { playerId: player.id, currency: 'EUR', amount: 20 };
    expect((await api(player, 'POST', '/api/dev/wallet/credit', credit)).status).toBe(200);

    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/tournaments`, { waitUntil: 'load' });
    await waitForHydration(page);
    const card = page.getByTestId('tournament-card').filter({ hasText: 'House Race' });
    await card.getByRole('link', { name: t(`${K}.details`) }).click();
    await page.waitForURL(/\/tournaments\/house-race-/);
    await page.getByRole('heading', { level: 1, name: 'House Race' }).waitFor();
    await realtimeReady(page);
    // No confirmation needed: the banner's action is "play"; no entry yet.
    await page.getByTestId('tournament-play').waitFor();
    expect(await page.getByTestId('player-entry').count()).toBe(0);

    await realDiceRound(player);

    // Live: the player's row appears on the leaderboard and the entry shows 2 points, without a reload.
    const mine = page.getByTestId('leaderboard').locator('tr[aria-current="true"]');
    await mine.waitFor({ timeout: 15_000 });
    expect(await mine.textContent()).toContain('2');
    await page.getByTestId('player-entry').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('player-entry').textContent()).toMatch(/2 points/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
