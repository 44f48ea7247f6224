import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../apps/studio-ui/src/i18n.ts';
import { type Player, playerApi, registerPlayer, t, uniqueIp, useToken } from './accounts-helpers.ts';
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
 * Quests in the browser (issue 13 §3, §7; spec §2 quest modals, api-contract §11.2 and §14.2): a demo player
 * opens the quests hub from the drawer, starts the demo's "First spins" quest, plays Neon Fruits for real in
 * another tab while the quest-tasks modal shows the progress live, then claims the reward, paid once.
 */

const st = translator('en');
const K = 'global-components.quests';

describe('quests', () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await openBrowser();
    context.setDefaultTimeout(20_000);
  });
  afterAll(() => closeBrowser(context));

  const api = playerApi;

  const go = async (page: Page, path: string) => {
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
    await waitForHydration(page);
  };
  const realBalance = async (player: Player) => {
    const { data } = await api<{ currency: string; realBalance: number }[]>(player, 'GET', '/api/wallet/accounts');
    return data.find((a) => a.currency === 'EUR')!.realBalance;
  };

  it('starts a quest from the hub, shows live progress from real Neon Fruits spins, and claims the reward once', async () => {
    const ip = uniqueIp();
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    const player = await registerPlayer({ ip });
    await useToken(context, player.accessToken);
    expect((await api(player, 'POST', '/api/wallet/accounts', { currency: 'EUR' })).status).toBe(200);
    const credit = { playerId: player.id, currency: 'EUR', amount: 20 };
    expect((await api(player, 'POST', '/api/dev/wallet/credit', credit)).status).toBe(200);

    // The hub from the drawer entry, then the quest's tasks from its Start button.
    const page = await context.newPage();
    const errors = collectErrors(page);
    await go(page, '/');
    await realtimeReady(page);
    const entry = page.getByTestId('quests-entry');
    if (!(await entry.isVisible())) await page.getByRole('button', { name: t('layout.header.openMenu') }).click();
    await entry.click();
    const hub = page.getByRole('dialog', { name: t(`${K}.title`) });
    await hub.getByRole('tab', { name: new RegExp(t(`${K}.tab.available`)) }).click();
    const card = hub.locator('[data-quest="first-spins"]');
    await card.getByRole('button', { name: t(`${K}.start`) }).click();
    const tasks = page.getByRole('dialog', { name: 'First spins' });
    await tasks.getByTestId('quest-progress').getByText('0 / 3').waitFor();
    expect(page.url()).toMatch(/quest-tasks=/);

    // Three real spins in another tab; the open modal follows them through retention:quests#.
    const game = await context.newPage();
    await go(game, '/games/neon-fruits?mode=real');
    const spin = game.frameLocator('iframe.game-stage__frame').getByRole('button', { name: st('spin'), exact: true });
    await spin.waitFor();
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => spin.isEnabled(), { timeout: 30_000 }).toBe(true);
      const round = game.waitForResponse(
        (r) => r.request().method() === 'POST' && /\/studio\/api\/sessions\/[^/]+\/rounds/.test(r.url()),
      );
      await spin.click();
      expect((await round).status()).toBe(200);
    }
    await tasks.getByTestId('quest-progress').getByText('3 / 3').waitFor({ timeout: 15_000 });

    // Claim: the reward (1 EUR of real money) is paid once, however often the claim is sent.
    // Every round's win has settled before the balance is read (the spins above answered).
    await new Promise((r) => setTimeout(r, 1000));
    const before = await realBalance(player);
    const claim = tasks.getByRole('button', { name: t(`${K}.claim`) });
    await claim.click();
    await tasks.getByText(t(`${K}.claimed`)).waitFor();
    await expect.poll(() => realBalance(player)).toBeCloseTo(before + 1, 6);
    const quests = await api<{ id: string; identity: string; state: number }[]>(
      player,
      'GET',
      '/api/retention/player-quests?state[]=4',
    );
    const claimed = quests.data.find((q) => q.identity === 'first-spins')!;
    expect(claimed.state).toBe(4);
    expect((await api(player, 'PUT', `/api/retention/quests/${claimed.id}/activate`)).status).toBe(200);
    expect(await realBalance(player)).toBeCloseTo(before + 1, 6);
    expect(errors).toEqual([]);
  });
});
