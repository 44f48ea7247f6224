import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, registerPlayer, t, uniqueIp } from './accounts-helpers.ts';
import { baseUrl, closeBrowser, collectErrors, openBrowser, realtimeReady, visit } from './browser.ts';

/**
 * The home page's activity boards (issue 16 item 10, decision 0072): a real-money round played through the
 * studio arrives live on the latest-bets board of an open home page, and a page opened later reads it from
 * the board's channel history.
 */

const api = async <T>(
  player: Player,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> => {
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

/** One settled real round of dice (bet 1 EUR) through the studio's game API: what a spin in the iframe does. */
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
    body: JSON.stringify({ bet: '100', choice: { game: 'dice', chanceBp: 5000, over: true } }),
  });
  expect(round.status).toBe(200);
}

describe('activity boards on the home page', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
    context.setDefaultTimeout(20_000);
  });
  afterAll(() => closeBrowser(context));

  const board = (page: Page, name: string): Locator => page.getByRole('tabpanel', { name });
  /** Rows a board keeps (BOARD_SIZE in the web app's activity feature). */
  const BOARD_ROWS = 11;

  it('shows tabs and tables, and a real round arrives live on latest bets', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await visit(page, `${baseUrl()}/`);
    const section = page.getByRole('region', { name: t('global-components.activity.title') });
    await expect.poll(() => section.isVisible()).toBe(true);
    const tabs = section.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      t('global-components.activity.bigWins'),
      t('global-components.activity.latestBets'),
    ]);
    // Keyboard: the arrow key moves to the next board and shows it.
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    const latest = board(page, t('global-components.activity.latestBets'));
    await expect.poll(() => latest.isVisible()).toBe(true);
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    // Loaded (history answered, possibly empty) and subscribed before the round.
    await expect.poll(() => latest.locator('table').getAttribute('aria-busy')).toBe('false');
    await realtimeReady(page);
    const ids = () =>
      latest.locator('tbody tr[data-bet-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bet-id')));
    const before = new Set(await ids());

    const player = await registerPlayer({ ip: uniqueIp() });
    expect((await api(player, 'POST', '/api/wallet/accounts', { currency: 'EUR' })).status).toBe(200);
    const credited = await api(player, 'POST', '/api/dev/wallet/credit', {
      playerId: player.id,
      currency: 'EUR',
      amount: 10,
    });
    expect(credited.status).toBe(200);
    await realDiceRound(player);

    // Live: a new row on top of the board, without a reload.
    await expect.poll(async () => (await ids()).filter((id) => !before.has(id)).length, { timeout: 15_000 }).toBe(1);
    const top = latest.locator('tbody tr').first();
    const ours = await top.getAttribute('data-bet-id');
    expect(before.has(ours)).toBe(false);
    expect(await top.textContent()).toContain('Dice');
    expect(await top.textContent()).toMatch(/1[.,]00/);
    expect(await top.getAttribute('class')).toContain('activity__row--fresh');
    expect(errors).toEqual([]);

    // A page opened now reads the round from the board's history. The board is shared with the other suites'
    // rounds, played in parallel: by the time the page reads it, 11 newer rounds may have pushed ours off.
    // History rows are the ones not marked fresh (only live rows are), so the check is: rows came from
    // history, and ours is one of them unless the board is full of newer ones.
    const later = await context.newPage();
    await visit(later, `${baseUrl()}/`);
    await later.getByRole('tab', { name: t('global-components.activity.latestBets') }).click();
    const history = board(later, t('global-components.activity.latestBets'));
    const fromHistory = async () => {
      const rows = await history.locator('tbody tr[data-bet-id]').evaluateAll((trs) =>
        trs.map((tr) => ({
          id: tr.getAttribute('data-bet-id'),
          fresh: tr.classList.contains('activity__row--fresh'),
        })),
      );
      if (!rows.some((row) => !row.fresh)) return 'no history row yet';
      const mine = rows.find((row) => row.id === ours);
      if (mine) return mine.fresh ? 'our round arrived live, not from history' : 'read';
      return rows.length >= BOARD_ROWS ? 'read' : `our round is missing from ${rows.length} rows`;
    };
    await expect.poll(fromHistory, { timeout: 15_000 }).toBe('read');
    await later.close();
    await page.close();
  });

  it('renders skeleton rows on the server, before any script runs', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    expect(html).toContain('activity__table');
    expect(html).toMatch(/aria-busy="true"/);
  });
});
