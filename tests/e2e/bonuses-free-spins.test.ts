/**
 * Free spins and the turn-over wager in the browser (issue 12 §4, §7; decisions 0065, 0066): FREESPINS20
 * entered in the promo box gives 20 free spins, played in Neon Fruits (the studio offers them first, stake 0),
 * and their winnings arrive as bonus money; a withdrawal right after a deposit opens the turn-over-wager modal.
 */
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../apps/studio-ui/src/i18n.ts';
import { type Player, registerPlayer, t, uniqueIp, useToken } from './accounts-helpers.ts';
import { baseUrl, closeBrowser, collectErrors, openBrowser, resetContext, visit } from './browser.ts';

const K = 'global-components.bonuses';
const st = translator('en');

async function api<T>(player: Player, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${player.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

type Account = { id: string; currency: string; bonusBalance: number; realBalance: number };
type Spin = { id: string; status: number; result: number; count: number; usedCount: number; winAmount: number };

describe('free spins and the turn-over wager (issue 12)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  const signedIn = async () => {
    const ip = uniqueIp();
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    const player = await registerPlayer({ ip });
    await useToken(context, player.accessToken);
    expect((await api(player, 'POST', '/api/wallet/accounts', { currency: 'EUR' })).status).toBe(200);
    page = await context.newPage();
    errors = collectErrors(page);
    return player;
  };
  const eurAccount = async (player: Player) =>
    (await api<Account[]>(player, 'GET', '/api/wallet/accounts')).data.find((a) => a.currency === 'EUR')!;
  const frame = (p: Page): FrameLocator => p.frameLocator('iframe.game-stage__frame');

  beforeAll(async () => {
    context = await openBrowser();
    context.setDefaultTimeout(20_000);
  });
  afterAll(() => closeBrowser(context));

  it('FREESPINS20: the spins are played in Neon Fruits and their winnings become bonus money', {
    timeout: 300_000,
  }, async () => {
    const player = await signedIn();
    const credit = { playerId: player.id, currency: 'EUR', amount: 5 };
    expect((await api(player, 'POST', '/api/dev/wallet/credit', credit)).status).toBe(200);

    await visit(page, '/profile/bonuses');
    await page.getByLabel(t(`${K}.promo.label`)).fill('FREESPINS20');
    await page.getByRole('button', { name: t(`${K}.promo.apply`), exact: true }).click();
    const card = page.locator('[data-testid="bonuses-free-spins"] [data-free-spin]');
    await card.waitFor();
    expect((await card.locator('[data-testid="free-spin-played"]').textContent())?.trim()).toBe(
      t(`${K}.freeSpins.played`, { used: 0, count: 20 }),
    );

    // Twenty spins: the reels land at once (the studio honours reduced motion).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await card.getByRole('link', { name: t(`${K}.freeSpins.play`) }).click();
    await page.waitForURL((url) => url.pathname === '/games/neon-fruits');
    const f = frame(page);
    const offer = f.locator('.slot__casino-free');
    await offer.waitFor();
    const spin = f.getByRole('button', { name: st('spin'), exact: true });
    for (let i = 0; i < 20; i += 1) {
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'POST' && /\/free-rounds\/[^/]+\/play$/.test(r.url()),
      );
      await spin.click();
      const res = await answered;
      expect(res.status()).toBe(200);
      expect(((await res.json()) as { round: { bet: string } }).round.bet).toBe('0');
      await f.locator('.slot__machine:not(.is-busy)').waitFor({ timeout: 30_000 });
    }
    await expect.poll(() => offer.count()).toBe(0);

    // The last paid spin finishes them; a job issues the total win as a wagering bonus (×20).
    const finished = async () =>
      (await api<Spin[]>(player, 'GET', '/api/game/player-freespins?status[]=3')).data[0] ?? null;
    await expect.poll(async () => (await finished())?.result, { timeout: 15_000 }).toBe(2);
    const won = (await finished())!.winAmount;
    await expect.poll(async () => (await eurAccount(player)).bonusBalance, { timeout: 20_000 }).toBe(won);
    expect((await eurAccount(player)).realBalance).toBe(5);
    if (won > 0) {
      await visit(page, '/profile/bonuses');
      await page.locator('[data-testid="bonuses-active"] [data-bonus]').first().waitFor();
      expect(await page.locator('[data-testid="bonuses-active"]').textContent()).toContain(
        '20 free spins on Neon Fruits',
      );
    }
    expect(errors).toEqual([]);
  });

  it('a withdrawal right after a deposit opens the turn-over-wager modal', async () => {
    const player = await signedIn();
    const account = await eurAccount(player);
    const deposit = await api(player, 'POST', '/api/payment/invoices/deposit', {
      currency: 'EUR',
      accountId: account.id,
      amount: 50,
      method: 'card',
      fields: { cardholder: 'Ada Lovelace', card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
      redirectSuccessUrl: '/wallet/success',
      redirectErrorUrl: '/wallet/error',
      isBonusDecline: true,
    });
    expect(deposit.status).toBe(200);
    await expect.poll(async () => (await eurAccount(player)).realBalance, { timeout: 15_000 }).toBe(50);
    await visit(page, '/?wallet=withdraw');
    const modal = page.getByRole('dialog', { name: t('global-components.payment.turnOver.title') });
    await modal.waitFor();
    expect(await modal.textContent()).toContain('50');
    expect(new URL(page.url()).searchParams.get('turn-over-wager')).not.toBeNull();
    expect(errors).toEqual([]);
  });
});
