import { createHmac } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialog,
  type OwnServer,
  type Player,
  playerApi,
  registerPlayer,
  startOwnServer,
  t,
  uniqueIp,
  useToken,
} from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

/**
 * Bonus pages with their claim, and WELCOME100 to its conversion (issue 12 §5, §11; spec "Bonus content page";
 * decision 0076). /bonus/{id} names its code in the front matter: a guest gets the sign-in modal; FREESPINS20
 * applies at once, then answers "not available", and an incorrect answer shows as the promo box shows it;
 * WELCOME100 is attached to the next deposit and opens the wallet's deposit view. The card deposit issues the
 * bonus; a provider of the test's own wagers it through the signed seamless API (each round's stake won back,
 * so the outcome is exact), and the browser shows the bonus wagered in the history and the real balance grown.
 * A server of its own carries that provider (SEAMLESS_PROVIDERS).
 */
const PROVIDER = { id: 'bonus-e2e', secret: 'bonus-e2e-secret-0123456789abcdef', games: ['slot-1'], enabled: true };
const K = 'global-components.bonuses';

describe('bonus pages and WELCOME100 (issue 12)', () => {
  let server: OwnServer;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  const api = <T>(player: Player, method: string, path: string, body?: unknown) =>
    playerApi<T>(player, method, path, body, server.url);
  const signedIn = async () => {
    const ip = uniqueIp();
    const player = await registerPlayer({ ip, server: server.url });
    // The last test's page goes first: a timer of its own (a debounced reload) firing between the cookie swap's
    // two steps would be sent with no token and log a 401.
    await page.goto('about:blank');
    await context.clearCookies();
    await context.setExtraHTTPHeaders({ 'cf-connecting-ip': ip });
    await useToken(context, player.accessToken, server.url);
    expect((await api(player, 'POST', '/api/wallet/accounts', { currency: 'EUR' })).status).toBe(200);
    return player;
  };
  const go = async (path: string) => {
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    await waitForHydration(page);
  };
  const claim = () => page.locator('[data-testid="bonus-claim"]');
  const toast = (titleKey: string) => page.locator('[data-testid="toast"]', { hasText: t(titleKey) });
  const headerBalance = () => page.locator('header [data-testid="header-balance"]');

  /** One signed seamless call as the test's provider. */
  const seamless = async (path: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const res = await fetch(`${server.url}/api/seamless/v1/${path}`, {
      method: 'POST',
      body: raw,
      headers: {
        'content-type': 'application/json',
        'x-provider-id': PROVIDER.id,
        'x-signature': `sha256=${createHmac('sha256', PROVIDER.secret).update(raw).digest('hex')}`,
      },
    });
    return { status: res.status, json: (await res.json()) as { status: string } };
  };

  beforeAll(async () => {
    server = await startOwnServer({ SEAMLESS_PROVIDERS: JSON.stringify([PROVIDER]) });
    context = await openBrowser();
    ({ page, errors } = await newPage(context));
  });
  afterAll(async () => {
    await closeBrowser(context);
    await server?.stop();
  });

  it('a guest is asked to sign in by the claim button', async () => {
    await context.clearCookies();
    await go('/bonus/welcome-100');
    await claim()
      .getByText(t(`${K}.claim.code`, { code: 'WELCOME100' }))
      .waitFor();
    expect(await audit(page)).toEqual([]);
    await claim()
      .getByRole('button', { name: t(`${K}.claim.signIn`) })
      .click();
    await dialog(page, 'global-components.auth.signInTitle').waitFor();
    // A page without a code has no claim.
    await go('/bonus/weekly-cashback');
    expect(await claim().count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('FREESPINS20: applied at once, then not available; an incorrect answer shows as the promo box shows it', async () => {
    const player = await signedIn();
    await go('/bonus/free-spins-20');
    const button = claim().getByRole('button', { name: t(`${K}.claim.claim`) });
    await button.click();
    await toast('alerts.bonusCodeApplied.title').waitFor();
    await claim().getByText(t('alerts.bonusCodeApplied.text')).waitFor();
    const spins = await api<{ count: number }[]>(player, 'GET', '/api/game/player-freespins?status[]=1&status[]=2');
    expect(spins.data.map((s) => s.count)).toEqual([20]);

    // Once per player: the second claim is not available (status 4).
    await button.click();
    await toast('alerts.bonusCodeNotAvailable.title').waitFor();
    await claim().getByRole('alert').getByText(t('alerts.bonusCodeNotAvailable.text')).waitFor();
    expect(await audit(page)).toEqual([]);

    // Status 3 (incorrect), as a server would answer a code that no longer exists.
    await page.route('**/api/game/bonuses/bonuscodes', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { data: { status: number } };
      await route.fulfill({ response, json: { ...json, data: { ...json.data, status: 3 } } });
    });
    try {
      await button.click();
      await toast('alerts.bonusCodeIncorrect.title').waitFor();
      await claim().getByRole('alert').getByText(t('alerts.bonusCodeIncorrect.text')).waitFor();
    } finally {
      await page.unroute('**/api/game/bonuses/bonuscodes');
    }
    expect(errors).toEqual([]);
  });

  it('WELCOME100: claimed on its page, deposited by card, wagered, and the bonus converts to real money', {
    timeout: 180_000,
  }, async () => {
    const player = await signedIn();
    await go('/bonus/welcome-100');
    await claim()
      .getByRole('button', { name: t(`${K}.claim.claim`) })
      .click();
    // A deposit code: attached to the next deposit, and the wallet's deposit view opens with it.
    const wallet = dialog(page, 'global-components.payment.title');
    await wallet.waitFor();
    expect(new URL(page.url()).searchParams.get('wallet')).toBe('deposit');
    await wallet.getByText(t(`${K}.promo.attached`, { code: 'WELCOME100' })).waitFor();
    const codes = await api<{ bonusCode: string; status: number }[]>(
      player,
      'GET',
      '/api/game/bonuses/bonuscodes?trigger=3',
    );
    expect(codes.data.map((c) => [c.bonusCode, c.status])).toEqual([['WELCOME100', 1]]);

    // A 20 EUR card deposit: 100 % of it as bonus money.
    const form = wallet.locator('form.payment-form');
    await form.locator('input[name="amount"]').fill('20');
    for (const [name, value] of Object.entries({
      cardholder: 'Jane Doe',
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    })) {
      await form.locator(`[name="${name}"]`).fill(value);
    }
    await form.locator('button[type="submit"]').click();
    await dialog(page, 'global-components.payment.result.successTitle').waitFor();
    await expect.poll(() => headerBalance().textContent(), { timeout: 10_000 }).toBe('€40.00');
    type Bonus = { id: string; name: string; status: number; result: number; amount: number };
    const active = await api<Bonus[]>(player, 'GET', '/api/game/player-bonuses?status[]=2');
    expect(active.data.map((b) => [b.name, b.amount])).toEqual([['Welcome 100% up to 100 EUR', 20]]);

    // Wagered ×30 = 600 EUR, at the 5 EUR max bet: 120 rounds, each stake won back.
    const launched = await fetch(`${server.url}/api/dev/seamless/launch-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ playerId: player.id, currency: 'EUR', providerId: PROVIDER.id, gameId: 'slot-1' }),
    });
    expect(launched.status).toBe(200);
    const token = ((await launched.json()) as { data: { token: string } }).data.token;
    for (let round = 1; round <= 120; round += 1) {
      const roundId = `w100-${player.id}-${round}`;
      const bet = { token, transactionId: `${roundId}:b`, roundId, amount: '5.00', currency: 'EUR', gameId: 'slot-1' };
      expect((await seamless('bet', bet)).json.status).toBe('OK');
      const win = {
        token,
        transactionId: `${roundId}:w`,
        roundId,
        betTransactionId: `${roundId}:b`,
        amount: '5.00',
        currency: 'EUR',
        closeRound: true,
      };
      expect((await seamless('win', win)).json.status).toBe('OK');
    }

    // Converted: finished with result 2 (wagered), and the bonus money is real money now.
    const finished = await api<Bonus[]>(player, 'GET', '/api/game/player-bonuses?status[]=3');
    expect(finished.data.map((b) => [b.name, b.result])).toEqual([['Welcome 100% up to 100 EUR', 2]]);
    const accounts = await api<{ currency: string; realBalance: number; bonusBalance: number }[]>(
      player,
      'GET',
      '/api/wallet/accounts',
    );
    expect(accounts.data.find((a) => a.currency === 'EUR')).toMatchObject({ realBalance: 40, bonusBalance: 0 });

    await go('/profile/bonuses');
    await page.getByText(t(`${K}.emptyLive`)).waitFor();
    const history = page.locator('[data-testid="bonuses-history"] [data-bonus]');
    await history.first().waitFor();
    expect(await history.first().getByRole('heading').textContent()).toBe('Welcome 100% up to 100 EUR');
    expect(await history.first().locator('[data-testid="bonus-state"]').textContent()).toBe(t(`${K}.result.played`));
    await expect.poll(() => headerBalance().textContent(), { timeout: 10_000 }).toBe('€40.00');
    expect(await page.locator('header [data-testid="header-bonus"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
