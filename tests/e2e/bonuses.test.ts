/**
 * Bonuses in the browser (issue 12 web; spec §2, §4, §8; api-contract §10, §14.2): the /profile/bonuses
 * states and its promo box, a code event from another tab alerting here, the wallet's bonus block (the
 * demo's deposit offers and the WELCOME100 code attached and detached), the deposit body's bonus fields,
 * a card deposit that issues the chosen offer (its card with live wagering numbers, then cancelled through
 * its modal with the real publication's alert), the balance details, and the cards and their modals on a list the test serves itself (the demo seed has
 * no code that issues a bonus at once, and the e2e server's embedded database is out of the test's reach).
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, registerPlayer, t, uniqueIp, useToken } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { baseUrl, closeBrowser, newPage, openBrowser, realtimeReady, waitForHydration } from './browser.ts';

const K = 'global-components.bonuses';

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

describe('bonuses (issue 12 web)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  const signedIn = async () => {
    const ip = uniqueIp();
    const player = await registerPlayer({ ip });
    // The last test's page goes first: a timer of its own (a debounced reload) firing between the cookie swap's
    // two steps would be sent with no token and log a 401.
    await page.goto('about:blank');
    await context.clearCookies();
    await context.setExtraHTTPHeaders({ 'cf-connecting-ip': ip });
    await useToken(context, player.accessToken);
    expect((await api(player, 'POST', '/api/wallet/accounts', { currency: 'EUR' })).status).toBe(200);
    return player;
  };
  const go = async (path: string) => {
    await page.goto(path, { waitUntil: 'load' });
    await waitForHydration(page);
  };
  const toast = (titleKey: string) => page.locator('[data-testid="toast"]', { hasText: t(titleKey) });
  const dialog = (title: string) => page.getByRole('dialog', { name: title });

  beforeAll(async () => {
    context = await openBrowser();
    ({ page, errors } = await newPage(context));
  });
  afterAll(() => closeBrowser(context));

  it('/profile/bonuses: empty states, and the promo box answers incorrect and not-available codes', async () => {
    await signedIn();
    await go('/profile/bonuses');
    await page.getByText(t(`${K}.emptyLive`)).waitFor();
    await page.getByText(t(`${K}.emptyHistory`)).waitFor();
    // Subscribed first, so the check below that publications add no second alert can fail.
    await realtimeReady(page);
    const box = page.locator('[data-testid="promo-code"]');
    const input = box.getByLabel(t(`${K}.promo.label`));

    await box.getByRole('button', { name: t(`${K}.promo.apply`) }).click();
    await box.getByText(t(`${K}.promo.required`)).waitFor();

    await input.fill('NO-SUCH-CODE');
    await box.getByRole('button', { name: t(`${K}.promo.apply`) }).click();
    await toast('alerts.bonusCodeIncorrect.title').waitFor();
    await box.getByText(t('alerts.bonusCodeIncorrect.text')).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    // WELCOME100 is a deposit code (trigger 3): the plain box applies now only, so it is not available here.
    await input.fill('welcome100');
    await box.getByRole('button', { name: t(`${K}.promo.apply`) }).click();
    await box.getByText(t('alerts.bonusCodeNotAvailable.text')).waitFor();
    // The box's own codes are not alerted a second time by their publication.
    await page.waitForTimeout(1500);
    expect(await toast('alerts.bonusCodeIncorrect.title').count()).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  });

  it('a code typed in another tab alerts here through bonus:player-bonus-codes', async () => {
    const player = await signedIn();
    await go('/profile/bonuses');
    await realtimeReady(page);
    const answer = await api<{ status: number }>(player, 'POST', '/api/game/bonuses/bonuscodes', {
      bonusCode: 'ELSEWHERE-WRONG',
      trigger: 1,
    });
    expect(answer.data.status).toBe(3);
    await toast('alerts.bonusCodeIncorrect.title').waitFor({ timeout: 10_000 });
  });

  it('the wallet: demo offers with the package, WELCOME100 attached and removed, the bonus fields sent', async () => {
    const player = await signedIn();
    expect(
      (await api(player, 'POST', '/api/dev/wallet/credit', { playerId: player.id, currency: 'EUR', amount: 100 }))
        .status,
    ).toBe(200);
    await go('/?wallet=deposit');
    const wallet = dialog(t('global-components.payment.title'));
    await wallet.waitFor();
    await expect.poll(() => page.locator('header [data-testid="header-balance"]').textContent()).toBe('€100.00');

    const block = wallet.locator('[data-testid="deposit-bonuses"]');
    const offers = block.getByRole('radiogroup', { name: t(`${K}.offers.title`) });
    const single = offers.getByRole('radio', { name: /Welcome 100% up to 100 EUR/ });
    await single.waitFor();
    // The package is one choice (its first bonus); the single offer is next; "no bonus" is chosen until one is picked.
    const pkg = offers.getByRole('radio', { name: /Welcome package/ });
    await pkg.waitFor();
    const radios = offers.getByRole('radio');
    expect(await radios.count()).toBe(3);
    await wallet.locator('input[name="amount"]').fill('50');
    await expect
      .poll(() => block.locator('[data-testid="offer-gets"]').first().textContent())
      .toBe(t(`${K}.offers.youGet`, { amount: '€50.00' }));

    // Below the offers' minimum (10 EUR) none is offered: "no bonus" stays.
    await wallet.locator('input[name="amount"]').fill('5');
    await expect.poll(() => radios.count(), { timeout: 5_000 }).toBe(1);
    await block.getByText(t(`${K}.offers.empty`)).waitFor();
    await wallet.locator('input[name="amount"]').fill('50');
    await expect.poll(() => radios.count(), { timeout: 5_000 }).toBe(3);

    expect(await audit(page)).toEqual([]);

    // Attach WELCOME100: trigger 1 says not available, trigger 3 attaches it to the next deposit.
    await block.getByRole('button', { name: t(`${K}.promo.toggle`) }).click();
    await block.getByLabel(t(`${K}.promo.label`)).fill('WELCOME100');
    await block.getByRole('button', { name: t(`${K}.promo.apply`) }).click();
    const attached = block.locator('[data-testid="attached-code"]');
    await attached.getByText(t(`${K}.promo.attached`, { code: 'WELCOME100' })).waitFor();
    await block.getByText(t(`${K}.offers.codeInstead`)).waitFor();
    expect(await toast('alerts.bonusCodeNotAvailable.title').count()).toBe(0);
    const codes = await api<{ id: string; bonusCode: string; status: number }[]>(
      player,
      'GET',
      '/api/game/bonuses/bonuscodes?trigger=3',
    );
    expect(codes.data.map((c) => [c.bonusCode, c.status])).toEqual([['WELCOME100', 1]]);

    // A reload shows the attached code from the server; Remove detaches it (DELETE with a JSON body).
    await go('/?wallet=deposit');
    await attached.waitFor();
    const removed = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().includes('/api/game/bonuses/bonuscodes'),
    );
    await attached.getByRole('button', { name: t(`${K}.promo.removeNamed`, { code: 'WELCOME100' }) }).click();
    expect((await removed).postDataJSON()).toEqual({ playerBonusCodeId: codes.data[0]!.id });
    await offers.waitFor();
    expect((await api<unknown[]>(player, 'GET', '/api/game/bonuses/bonuscodes?trigger=3')).data).toEqual([]);

    // The deposit body carries the choice: "no bonus" declines.
    await offers.getByRole('radio', { name: new RegExp(t(`${K}.offers.none`)) }).check();
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/payment/invoices/deposit'));
    const form = wallet.locator('form.payment-form');
    for (const [name, value] of Object.entries({
      cardholder: 'Jane Doe',
      card_number: '4000 0000 0000 0002',
      expiry: '12/30',
      cvc: '123',
    })) {
      await form.locator(`[name="${name}"]`).fill(value);
    }
    await form.locator('button[type="submit"]').click();
    const body = (await sent).postDataJSON() as { bonusId?: string; isBonusDecline: boolean };
    expect(body.isBonusDecline).toBe(true);
    expect(body.bonusId).toBeUndefined();
    await dialog(t('alerts.depositError.title')).waitFor();
    expect(errors).toEqual([]);
  });

  it('a card deposit with the welcome offer issues it live: wagering card, then cancelled', async () => {
    await signedIn();
    await go('/?wallet=deposit');
    const wallet = dialog(t('global-components.payment.title'));
    await wallet.waitFor();
    const offer = wallet.getByRole('radio', { name: /Welcome 100% up to 100 EUR/ });
    await offer.check();
    expect(await wallet.locator('input[name="amount"]').inputValue()).toBe('50');
    const form = wallet.locator('form.payment-form');
    for (const [name, value] of Object.entries({
      cardholder: 'Jane Doe',
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    })) {
      await form.locator(`[name="${name}"]`).fill(value);
    }
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/payment/invoices/deposit'));
    await form.locator('button[type="submit"]').click();
    const body = (await sent).postDataJSON() as { bonusId?: string; isBonusDecline: boolean };
    expect(body.bonusId).toBe(await offer.getAttribute('value'));
    expect(body.isBonusDecline).toBe(false);
    await dialog(t('global-components.payment.result.successTitle')).waitFor();
    // 50 real + 50 bonus; the header says how much of it is bonus money.
    const header = page.locator('header');
    await expect
      .poll(() => header.locator('[data-testid="header-balance"]').textContent(), { timeout: 10_000 })
      .toBe('€100.00');
    expect(await header.locator('[data-testid="header-bonus"]').textContent()).toBe(
      t('global-components.wallet.bonusIncluded', { amount: '€50.00' }),
    );

    await go('/profile/bonuses');
    const card = page.locator('[data-testid="bonuses-active"] [data-bonus]');
    await card.waitFor();
    expect(await card.getByRole('heading').textContent()).toBe('Welcome 100% up to 100 EUR');
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await card.getByText(t(`${K}.wagered`, { current: '€0.00', required: '€1,500.00' })).waitFor();
    await realtimeReady(page);

    await card.getByRole('button', { name: t(`${K}.cancelNamed`, { name: 'Welcome 100% up to 100 EUR' }) }).click();
    const confirm = dialog(t(`${K}.modals.cancelActiveTitle`));
    await confirm.waitFor();
    await confirm.getByRole('button', { name: t(`${K}.modals.cancelConfirm`) }).click();
    await toast('alerts.bonusCancelled.title').waitFor({ timeout: 10_000 });
    await page.getByText(t(`${K}.emptyLive`)).waitFor();
    const history = page.locator('[data-testid="bonuses-history"] [data-testid="bonus-state"]');
    await expect.poll(() => history.first().textContent(), { timeout: 10_000 }).toBe(t(`${K}.result.cancelled`));
    await expect
      .poll(() => page.locator('header [data-testid="header-balance"]').textContent(), { timeout: 10_000 })
      .toBe('€50.00');
    expect(errors).toEqual([]);
  });

  it('a second deposit bonus waits; activating it asks first and replaces the active one', async () => {
    await signedIn();
    const deposit = async (offerName: RegExp) => {
      await go('/?wallet=deposit');
      const wallet = dialog(t('global-components.payment.title'));
      await wallet.waitFor();
      await wallet.getByRole('radio', { name: offerName }).check();
      const form = wallet.locator('form.payment-form');
      for (const [name, value] of Object.entries({
        cardholder: 'Jane Doe',
        card_number: '4242 4242 4242 4242',
        expiry: '12/30',
        cvc: '123',
      })) {
        await form.locator(`[name="${name}"]`).fill(value);
      }
      await form.locator('button[type="submit"]').click();
      await dialog(t('global-components.payment.result.successTitle')).waitFor();
    };
    await deposit(/Welcome 100% up to 100 EUR/);
    await deposit(/Welcome package/);

    await go('/profile/bonuses');
    const waiting = page.locator('[data-testid="bonuses-issued"] [data-bonus]');
    await waiting.waitFor();
    expect(await waiting.getByRole('heading').textContent()).toBe('First deposit: 100%');
    await realtimeReady(page);
    await waiting.getByRole('button', { name: t(`${K}.activateNamed`, { name: 'First deposit: 100%' }) }).click();
    const change = dialog(t(`${K}.modals.changeTitle`));
    await change.waitFor();
    await change
      .getByText(t(`${K}.modals.changeText`, { name: 'First deposit: 100%', active: 'Welcome 100% up to 100 EUR' }))
      .waitFor();
    await change.getByRole('button', { name: t(`${K}.modals.changeConfirm`) }).click();
    await toast('alerts.bonusActivated.title').waitFor({ timeout: 10_000 });
    const active = page.locator('[data-testid="bonuses-active"] [data-bonus] h3');
    await expect.poll(() => active.textContent(), { timeout: 10_000 }).toBe('First deposit: 100%');
    await expect.poll(() => page.locator('[data-testid="bonuses-issued"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('balance details from the header menu: real and bonus money', async () => {
    const player = await signedIn();
    await api(player, 'POST', '/api/dev/wallet/credit', { playerId: player.id, currency: 'EUR', amount: 25 });
    await go('/main');
    await page.locator('header .wallet-balance__button').click();
    await page.getByRole('button', { name: t('global-components.wallet.balanceDetails') }).click();
    const info = dialog(t(`${K}.walletInfo.title`));
    await info.waitFor();
    await expect.poll(() => info.locator('[data-testid="info-real"]').textContent()).toBe('€25.00');
    expect(await info.locator('[data-testid="info-bonus"]').textContent()).toBe('€0.00');
    await info.getByRole('link', { name: t(`${K}.walletInfo.seeBonuses`) }).click();
    await page.waitForURL(/\/profile\/bonuses$/);
    await info.waitFor({ state: 'detached' });
    // The page's own requests finish before the next test swaps the session under it.
    await page.getByText(t(`${K}.emptyLive`)).waitFor();
    await page.getByText(t(`${K}.emptyHistory`)).waitFor();
  });

  it('cards and modals follow the contract flags (a served list)', async () => {
    const player = await signedIn();
    const base = {
      playerId: player.id,
      currency: 'EUR',
      bonusType: 1,
      currentWagerCasinoAmount: 0,
      currentWagerSportsbookAmount: 0,
      requiredWagerSportsbookAmount: 0,
      wagerCasino: 30,
      wagerSportsbook: 0,
      maxBetAmount: 5,
      activationExpiredAt: '2030-01-08T10:00:00.000Z',
      wageringExpiredAt: '2030-02-01T10:00:00.000Z',
      createdAt: '2030-01-01T10:00:00.000Z',
      finishedAt: null,
      packageId: '',
      packagePriority: 0,
      issueSessionId: 's',
      isBonusCancelLock: false,
    };
    const active = {
      ...base,
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Active match',
      amount: 50,
      status: 2,
      result: 1,
      currentWagerPercentage: 40,
      currentWagerAmount: 600,
      requiredWagerCasinoAmount: 1500,
      openedTransactionsCount: 1,
    };
    const issued = {
      ...base,
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Waiting cash',
      amount: 10,
      status: 1,
      result: 1,
      currentWagerPercentage: 0,
      currentWagerAmount: 0,
      requiredWagerCasinoAmount: 300,
      openedTransactionsCount: 0,
    };
    const done = {
      ...issued,
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Old bonus',
      status: 3,
      result: 4,
      finishedAt: '2030-01-05T10:00:00.000Z',
    };
    const served = async (route: Route) => {
      const url = new URL(route.request().url());
      const history = url.searchParams.getAll('status[]').includes('3');
      const data = history ? [done] : [active, issued];
      await route.fulfill({
        json: { data, meta: { page: 1, perPage: history ? 10 : 100, total: data.length, totalPages: 1 } },
      });
    };
    await page.route('**/api/game/player-bonuses?**', served);
    const cancels: string[] = [];
    await page.route('**/api/game/player-bonuses/*/cancel', async (route) => {
      cancels.push(route.request().url());
      await route.fulfill({ json: { data: { ...issued, status: 3, result: 3 } } });
    });
    try {
      await go('/profile/bonuses');
      const activeCard = page.locator(`[data-bonus="${active.id}"]`);
      await activeCard.waitFor();
      const bar = activeCard.getByRole('progressbar', { name: t(`${K}.progress`) });
      expect(await bar.getAttribute('aria-valuenow')).toBe('40');
      await activeCard.getByText(t(`${K}.wagered`, { current: '€600.00', required: '€1,500.00' })).waitFor();
      await activeCard.getByText(t(`${K}.unsettled`, { count: 1 })).waitFor();
      expect(await page.locator(`[data-bonus="${done.id}"] [data-testid="bonus-state"]`).textContent()).toBe(
        t(`${K}.result.expired`),
      );

      // Activating the waiting one would replace the active one: asked first.
      await page.getByRole('button', { name: t(`${K}.activateNamed`, { name: issued.name }) }).click();
      const change = dialog(t(`${K}.modals.changeTitle`));
      await change.waitFor();
      await change.getByText(t(`${K}.modals.changeText`, { name: issued.name, active: active.name })).waitFor();
      await change.getByRole('button', { name: t(`${K}.modals.keep`) }).click();
      await change.waitFor({ state: 'detached' });

      // Cancelling the active one with an open bet warns about it.
      await page.getByRole('button', { name: t(`${K}.cancelNamed`, { name: active.name }) }).click();
      const unsettled = dialog(t(`${K}.modals.cancelUnsettledTitle`));
      await unsettled.waitFor();
      await page.keyboard.press('Escape');
      await unsettled.waitFor({ state: 'detached' });

      // Cancelling the waiting one: the shared confirm presentation, then PUT …/cancel.
      await page.getByRole('button', { name: t(`${K}.cancelNamed`, { name: issued.name }) }).click();
      const confirm = dialog(t(`${K}.modals.cancelIssuedTitle`));
      await confirm.waitFor();
      await confirm.getByRole('button', { name: t(`${K}.modals.cancelConfirm`) }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(cancels).toEqual([`${baseUrl()}/api/game/player-bonuses/${issued.id}/cancel`]);

      // The page with its cards passes axe at phone width.
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await audit(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Details of a finished one.
      await page.getByRole('button', { name: t(`${K}.detailsNamed`, { name: done.name }) }).click();
      const details = dialog(done.name);
      await details.waitFor();
      await details.getByText(t(`${K}.modals.rulesWager`, { multiplier: 30 })).waitFor();
      expect(new URL(page.url()).searchParams.get('bonus-details')).toBe(done.id);
      expect(errors).toEqual([]);
    } finally {
      await page.unroute('**/api/game/player-bonuses?**', served);
      await page.unroute('**/api/game/player-bonuses/*/cancel');
    }
  });
});
