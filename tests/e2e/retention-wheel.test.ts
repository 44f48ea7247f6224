import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../apps/studio-ui/src/i18n.ts';
import { type Player, playerApi, registerPlayer, t, uniqueIp, useToken } from './accounts-helpers.ts';
import { baseUrl, closeBrowser, collectErrors, openBrowser, resetContext, waitForHydration } from './browser.ts';

/**
 * The wheel of fortune and loyalty in the browser (issue 13 §5, §7): a demo player spins the daily wheel on
 * /loyalty and sees the prize, the spin is then used up; a real spin of a house game earns loyalty points
 * that the page shows as progress with two decimals.
 */

const st = translator('en');
const W = 'global-components.loyalty.wheel';

describe('wheel of fortune and loyalty', () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await openBrowser();
    context.setDefaultTimeout(20_000);
  });
  afterAll(() => closeBrowser(context));

  const api = playerApi;

  const signedIn = async (credit: number): Promise<{ player: Player; page: Page; errors: string[] }> => {
    const ip = uniqueIp();
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    const player = await registerPlayer({ ip });
    await useToken(context, player.accessToken);
    expect((await api(player, 'POST', '/api/wallet/accounts', { currency: 'EUR' })).status).toBe(200);
    if (credit > 0) {
      const credited = await api(player, 'POST', '/api/dev/wallet/credit', {
        playerId: player.id,
        currency: 'EUR',
        amount: credit,
      });
      expect(credited.status).toBe(200);
    }
    const page = await context.newPage();
    return { player, page, errors: collectErrors(page) };
  };
  const go = async (page: Page, path: string) => {
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
    await waitForHydration(page);
  };

  it('spins the daily wheel on /loyalty and shows the prize; the day’s spin is then used', async () => {
    const { player, page, errors } = await signedIn(0);
    await go(page, '/loyalty');
    await page.getByTestId('loyalty-levels').waitFor();
    expect(await page.getByTestId('loyalty-levels').locator('li').count()).toBeGreaterThanOrEqual(5);
    await page
      .getByTestId('loyalty-progress')
      .getByText(/0\.00% to Silver/)
      .waitFor();
    const panel = page.getByTestId('wheel-panel');
    await panel
      .getByTestId('wheel-spins')
      .getByText(t(`${W}.spinsLeft`, { count: 1 }))
      .waitFor();

    const spun = page.waitForResponse((r) => r.request().method() === 'POST' && /\/wheels\/[^/]+\/spin$/.test(r.url()));
    await panel.getByRole('button', { name: t(`${W}.spin`) }).click();
    const answer = await spun;
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { title: string; prize: { type: string } } };
    const result = panel.getByTestId('wheel-result');
    await result.waitFor({ timeout: 15_000 });
    const shown = (await result.locator('.wheel-result__title').textContent()) ?? '';
    if (data.prize.type === 'none') expect(shown).toBe(t(`${W}.lost`));
    else expect(shown).toMatch(/^You won .+!$/);

    // The spin is used: the button is disabled and the next free spin is counted down.
    await expect.poll(() => panel.getByRole('button', { name: t(`${W}.spin`) }).isDisabled()).toBe(true);
    await panel.getByText(/No spins left\. Your next free spin comes in/).waitFor();
    const wheels = await api<{ playerSpins: unknown[] }[]>(player, 'GET', '/api/retention/wheels?identity[]=daily');
    expect(wheels.data[0]!.playerSpins).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a real spin of a house game earns loyalty points shown as progress with two decimals', async () => {
    const { player, page } = await signedIn(50);
    await go(page, '/games/neon-fruits?mode=real');
    const f = page.frameLocator('iframe.game-stage__frame');
    const spin = f.getByRole('button', { name: st('spin'), exact: true });
    await spin.waitFor();
    await expect.poll(() => spin.isEnabled()).toBe(true);
    const round = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/studio\/api\/sessions\/[^/]+\/rounds/.test(r.url()),
    );
    await spin.click();
    expect((await round).status()).toBe(200);
    const points = async () => (await api<{ points: number }>(player, 'GET', '/api/retention/account')).data.points;
    await expect.poll(points, { timeout: 15_000 }).toBeGreaterThan(0);
    const earned = await points();

    await go(page, '/loyalty');
    const percent = ((earned / 100) * 100).toFixed(2);
    await page.getByTestId('loyalty-progress').getByText(`${percent}% to Silver`).waitFor();
    await page.getByRole('button', { name: t('global-components.loyalty.howToEarn') }).click();
    const earn = page.getByRole('dialog', { name: t('global-components.loyalty.earnTitle') });
    await earn.getByText(t('global-components.loyalty.earnStake')).waitFor();
  });
});
