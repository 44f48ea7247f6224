import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../apps/studio-ui/src/i18n.ts';
import { dialog, type Player, playerApi, registerPlayer, t, uniqueIp, useToken } from './accounts-helpers.ts';
import { baseUrl, closeBrowser, collectErrors, openBrowser, resetContext, waitForHydration } from './browser.ts';

/**
 * Responsible gaming in the browser (issue 11 §7): a deposit limit set in /profile/limits and used up by a
 * card deposit turns the wallet's deposit view into the 13100 state; a bet during a cooling-off is refused
 * with the restricted-bets notice; the reality check appears over real play on Playwright's clock.
 */

const st = translator('en');

describe('responsible-gaming limits', () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await openBrowser();
    context.setDefaultTimeout(20_000);
  });
  afterAll(() => closeBrowser(context));

  const api = playerApi;

  /** A new player signed in on a fresh context with a EUR account, and a page. */
  const signedIn = async (credit = 0): Promise<{ player: Player; page: Page; errors: string[] }> => {
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
    const errors = collectErrors(page);
    pageErrors.set(page, errors);
    return { player, page, errors };
  };
  const pageErrors = new Map<Page, string[]>();
  const go = async (page: Page, path: string) => {
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
    await waitForHydration(page).catch((error: Error) => {
      throw new Error(`${error.message}\n${(pageErrors.get(page) ?? []).join('\n')}`);
    });
  };
  const frame = (p: Page): FrameLocator => p.frameLocator('iframe.game-stage__frame');

  it('a deposit limit set on /profile/limits, deposited up to, turns the deposit view into the 13100 state', async () => {
    const { page, errors } = await signedIn();
    await go(page, '/profile/limits');
    const card = page.getByTestId('limit-card-deposit');
    await card.getByText(t('global-components.limits.none')).waitFor();

    // add-cash-limit: EUR, daily, 30.
    await card.getByRole('button', { name: t('global-components.limits.add') }).click();
    const add = page.getByRole('dialog', {
      name: t('global-components.limits.modals.addTitle', { kind: t('global-components.limits.deposit.title') }),
    });
    await add.waitFor();
    expect(new URL(page.url()).searchParams.get('add-cash-limit')).toBe('3');
    await add.locator('select[name="currency"]').selectOption('EUR');
    await add.locator('select[name="period"]').selectOption('daily');
    // A bad amount is caught before anything is sent.
    await add.locator('input[name="amount"]').fill('-5');
    await add.getByRole('button', { name: t('global-components.limits.modals.save') }).click();
    await add.getByText(t('global-components.limits.modals.amountInvalid')).waitFor();
    await add.locator('input[name="amount"]').fill('30');
    await add.getByRole('button', { name: t('global-components.limits.modals.save') }).click();
    await add.waitFor({ state: 'detached' });

    const row = card.getByTestId('limit-row');
    await row.waitFor();
    expect(await row.textContent()).toContain('€30.00');
    expect(await row.textContent()).toContain(t('global-components.limits.periods.daily'));

    // Deposit 30 by card: the whole daily limit.
    await go(page, '/profile/limits?wallet=deposit');
    const wallet = page.getByRole('dialog', { name: t('global-components.payment.title') });
    await wallet.waitFor();
    await wallet.locator('input[name="amount"]').fill('30');
    for (const [name, value] of Object.entries({
      cardholder: 'Jane Doe',
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    }))
      await wallet.locator(`[name="${name}"]`).fill(value);
    await wallet.locator('button[type="submit"]').click();
    await page.getByRole('dialog', { name: t('global-components.payment.result.successTitle') }).waitFor();

    // The deposit methods now answer 13100: no methods, the limit-reached state, a link to the limits.
    await go(page, '/profile/limits?wallet=deposit');
    const reached = page.getByTestId('deposit-limit');
    await reached.waitFor();
    expect(await reached.textContent()).toContain(t('alerts.depositLimitReached.title'));
    expect(await page.locator('.payment-methods, [data-testid="method-picker"]').count()).toBe(0);
    // The limits were reloaded behind the wallet: the deposit limit shows as used up.
    await expect
      .poll(() => card.getByTestId('limit-row').textContent())
      .toContain(t('global-components.limits.used', { used: '€30.00', amount: '€30.00' }));
    await reached.getByRole('link', { name: t('global-components.payment.reviewLimits') }).click();
    await page.waitForURL((url) => url.pathname === '/profile/limits' && !url.searchParams.has('wallet'));

    // Removing waits 24 hours: the row says so and its buttons are disabled.
    await card.getByRole('button', { name: new RegExp(`^${t('global-components.limits.remove')}`) }).click();
    await card.getByTestId('limit-pending').waitFor();
    expect(await card.getByTestId('limit-pending').textContent()).toContain(
      t('global-components.limits.removalWaiting'),
    );
    expect(
      await card.getByRole('button', { name: new RegExp(`^${t('global-components.limits.edit')}`) }).isDisabled(),
    ).toBe(true);
    // The 13100 answer is the only failed request the browser logs.
    expect(errors.filter((e) => !e.includes('/api/payment/methods/deposit'))).toEqual([]);
  });

  it('edit-cash-limit shows the limit and lowers its amount at once', async () => {
    const { player, page, errors } = await signedIn();
    const body = { definition: 3, period: 'daily', currency: 'EUR', amount: 30 };
    expect((await api(player, 'POST', '/api/player/limits', body)).status).toBe(200);
    await go(page, '/profile/limits');
    const card = page.getByTestId('limit-card-deposit');
    await card.getByRole('button', { name: new RegExp(`^${t('global-components.limits.edit')}`) }).click();
    const edit = page.getByRole('dialog', {
      name: t('global-components.limits.modals.editTitle', { kind: t('global-components.limits.deposit.title') }),
    });
    await edit.waitFor();
    const amount = edit.getByLabel(t('global-components.limits.modals.amount', { currency: 'EUR' }));
    expect(await amount.inputValue()).toBe('30');
    await amount.fill('x');
    await edit.getByRole('button', { name: t('global-components.limits.modals.save') }).click();
    await edit.getByText(t('global-components.limits.modals.amountInvalid')).waitFor();
    await amount.fill('20');
    await edit.getByRole('button', { name: t('global-components.limits.modals.save') }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('limit-row').textContent()).toContain('€20.00');
    expect(errors).toEqual([]);
  });

  it('the game bar shows the net position of a real spin; during a cooling-off the next bet is refused with the restricted-bets notice', async () => {
    const { player, page } = await signedIn(50);
    await go(page, '/games/neon-fruits?mode=real');
    const f = frame(page);
    const spin = f.getByRole('button', { name: st('spin'), exact: true });
    await spin.waitFor();
    await expect.poll(() => spin.isEnabled()).toBe(true);

    // A real spin: the game bar's net position follows the session's stakes and wins (decision 0057).
    const net = page.getByTestId('session-net');
    expect(await net.textContent()).toBe('+€0.00');
    const round = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/studio\/api\/sessions\/[^/]+\/rounds/.test(r.url()),
    );
    await spin.click();
    expect((await round).status()).toBe(200);
    // Landed: the result shown and the machine idle again (free spins included).
    await f.locator('.slot__result p').waitFor();
    await f.locator('.slot__machine:not(.is-busy)').waitFor({ timeout: 30_000 });
    const shown = async () => {
      const check = await api<{ totals: { stakes: number; net: number }[] }>(
        player,
        'GET',
        '/api/player/reality-check',
      );
      const eur = check.data.totals[0];
      if (!eur || eur.stakes === 0) return 'no play yet';
      const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(Math.abs(eur.net));
      return `${eur.net < 0 ? '−' : '+'}${amount}` === (await net.textContent()) ? 'same' : 'different';
    };
    await expect.poll(shown, { timeout: 10_000 }).toBe('same');

    // The cooling-off starts on another device (the API), while the game is open here.
    const cooling = await api(player, 'POST', '/api/player/limits', { definition: 5, period: '24h' });
    expect(cooling.status).toBe(200);

    await spin.click();
    await dialog(page, 'alerts.restrictedBets.title').waitFor();
    expect(new URL(page.url()).searchParams.get('restricted-bets')).toBe('true');

    // A new real-money launch is refused: the limits page with game-limit-reached.
    await go(page, '/games/neon-fruits?mode=real');
    await dialog(page, 'alerts.gameLimitReached.title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/limits');
    // The cooling-off card counts down: 24 hours is "less than a day left" already.
    await page.keyboard.press('Escape');
    const card = page.getByTestId('limit-card-cooling-off');
    await card.getByTestId('limit-countdown').waitFor();
    expect(await card.getByTestId('limit-countdown').textContent()).toContain(
      t('global-components.limits.lessThanDay'),
    );
    // It can be made longer, never shorter: only the longer periods are offered.
    const extendTo = card.locator('select[name="coolingOffPeriod"]');
    expect(await extendTo.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual([
      '7d',
      '30d',
      '42d',
    ]);
    await extendTo.selectOption('7d');
    await card.getByRole('button', { name: t('global-components.limits.coolingOff.extend') }).click();
    await expect.poll(() => card.getByTestId('limit-countdown').textContent()).toMatch(/Days left: [67]/);
  });

  it('the reality check appears over real play after the chosen interval (Playwright clock)', async () => {
    const { page } = await signedIn(50);
    await page.clock.install();
    await go(page, '/profile/limits');
    const card = page.getByTestId('limit-card-reality-check');
    const interval = card.locator('select[name="realityCheck"]');
    await expect.poll(() => interval.isEnabled()).toBe(true);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/player/reality-check') && r.request().method() === 'PUT',
    );
    await interval.selectOption('15');
    expect((await saved).status()).toBe(200);

    await go(page, '/games/neon-fruits?mode=real');
    await page.locator('iframe.game-stage__frame').waitFor();
    const meter = page.getByTestId('session-meter');
    await meter.waitFor();

    await page.clock.fastForward('14:00');
    expect(await page.getByTestId('reality-check').count()).toBe(0);
    await page.clock.fastForward('01:05');
    const check = dialog(page, 'global-components.limits.realityCheck.modalTitle');
    await check.waitFor();
    expect(await check.getByTestId('reality-elapsed').textContent()).toMatch(/^15:\d\d$/);
    expect(await meter.textContent()).toMatch(/15:\d\d/);
    // Stakes, wins and the net position since sign-in: nothing played yet.
    expect(await check.getByTestId('reality-stakes').textContent()).toBe('€0.00');
    expect(await check.getByTestId('reality-net').textContent()).toBe('+€0.00');

    // Continue: the next check comes one interval later.
    await check.getByRole('button', { name: t('global-components.limits.realityCheck.continue') }).click();
    await check.waitFor({ state: 'detached' });
    await page.clock.fastForward('15:05');
    await check.waitFor();
    // Stop playing: back to the lobby.
    await check.getByRole('button', { name: t('global-components.limits.realityCheck.stop') }).click();
    await page.waitForURL((url) => url.pathname === '/main');
  });
});
