import { createHash } from 'node:crypto';
import type { BrowserContext, FrameLocator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialog, type Player, registerPlayer, signInWithDialog, t, uniqueIp, useToken } from './accounts-helpers.ts';
import { baseUrl, closeBrowser, collectErrors, openBrowser, resetContext, visit } from './browser.ts';
import { cents, playBlackjackHand, st } from './studio-helpers.ts';

/**
 * The game studio as a person meets it: the lobby rows, a game page with the studio UI in its iframe
 * (demo for guests, real money for players), the casino balance following real rounds, the bets
 * history, the in-game provably fair verifier, and a guest asking for real money.
 */

/** The casino header's format of a EUR amount in minor units (en locale), e.g. 10010 → "€100.10". */
const eur = (minor: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);
/** Major units from the API (0.1) → minor units (10), without float drift. */
const minorOf = (major: number) => Math.round(major * 100);

/** The red numbers of the European wheel. */
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

interface ApiBet {
  id: string;
  gameId: string;
  roundId: string;
  game: string;
  amount: number;
  payout: number;
  currency: string;
  status: number;
}

describe('games: lobby, studio iframe, real money, history, provably fair', () => {
  let context: BrowserContext;
  /** The player of the real-money tests (2 and 3), with the IP the browser sends. */
  let player: Player | undefined;
  let roundsPlayed: ApiBet[] = [];

  beforeAll(async () => {
    context = await openBrowser();
    // The studio UI animates (reel spins, the roulette wheel); generous waits, never fixed sleeps.
    context.setDefaultTimeout(20_000);
  });
  afterAll(() => closeBrowser(context));

  const page = async () => {
    const p = await context.newPage();
    return { page: p, errors: collectErrors(p) };
  };
  const frame = (p: Page): FrameLocator => p.frameLocator('iframe.game-stage__frame');
  const frameBalance = (f: FrameLocator) => f.locator('.topbar .topbar__amount');
  /** The mode of the launch link the page put into the iframe ('demo' or 'real'), or null. */
  const frameMode = async (p: Page) => {
    const src = await p.locator('iframe.game-stage__frame').getAttribute('src');
    return src === null ? null : new URL(src, baseUrl()).searchParams.get('mode');
  };
  const headerBalance = (p: Page) => p.locator('header [data-testid="header-balance"]');
  const modeButton = (p: Page, key: 'real' | 'demo') =>
    p.locator('.game-page__modes').getByRole('button', { name: t(`global-components.games.${key}`), exact: true });
  /** The studio's POST …/rounds and …/actions answers, as the iframe received them. */
  const isRoundCall = (r: Request) => r.method() === 'POST' && /\/studio\/api\/sessions\/[^/]+\/rounds/.test(r.url());

  const bets = async (token: string, isSettled = true): Promise<{ data: ApiBet[]; total: number }> => {
    const res = await fetch(`${baseUrl()}/api/game/bets?perPage=50&isSettled=${isSettled}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: ApiBet[]; meta: { totalRows: number } };
    return { data: body.data, total: body.meta.totalRows };
  };

  it('guest: the home rows show thumbnails; Neon Fruits opens in demo and a spin takes the stake and adds the win', async () => {
    await resetContext(context, { headers: { 'cf-connecting-ip': uniqueIp() } });
    const { page: p, errors } = await page();
    await visit(p, '/');

    // Collection rows, each with game cards; the first row's thumbnails load (lazy, near the viewport).
    const rows = p.locator('main section.game-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    for (const row of await rows.all()) {
      expect((await row.locator('h2').textContent())?.trim()).toBeTruthy();
      expect(await row.locator('.game-card').count()).toBeGreaterThan(0);
    }
    const card = rows.locator('.game-card[data-game="neon-fruits"]').first();
    await card.scrollIntoViewIfNeeded();
    const thumb = card.locator('.game-thumb--loaded img.game-thumb__img');
    await thumb.waitFor();
    expect(await thumb.getAttribute('alt')).toBe('Neon Fruits');
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => rows.first().locator('.game-thumb--loaded').count()).toBeGreaterThan(1);

    await card.locator('a.game-card__link').click();
    await p.waitForURL((url) => url.pathname === '/games/neon-fruits');
    expect((await p.locator('h1.game-page__title').textContent())?.trim()).toBe('Neon Fruits');

    // Demo: the page's toggle, the launch link and the studio's own badge all say so.
    const iframe = p.locator('iframe.game-stage__frame');
    await iframe.waitFor();
    expect(await frameMode(p)).toBe('demo');
    expect(await modeButton(p, 'demo').getAttribute('aria-pressed')).toBe('true');
    const f = frame(p);
    await f.locator('.topbar .badge--demo').waitFor();
    expect((await f.locator('.topbar .badge--demo').textContent())?.trim()).toBe(st('demo'));
    expect((await f.locator('h1.topbar__title').textContent())?.trim()).toBe(st('game_neon_fruits'));
    // Demo sessions start with 1000 units of the currency.
    await expect.poll(() => frameBalance(f).textContent()).toBe('1,000.00 EUR');
    const before = cents(await frameBalance(f).textContent());
    const stake = cents(await f.locator('.betbar output').textContent());
    expect(stake).toBeGreaterThan(0);

    const spin = f.getByRole('button', { name: st('spin'), exact: true });
    const answered = p.waitForResponse((r) => isRoundCall(r.request()));
    await spin.click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const round = (
      (await response.json()) as { round: { bet: string; payout: string; status: string; outcome: unknown } }
    ).round;
    expect(round.status).toBe('settled');
    expect(Number(round.bet)).toBe(stake);

    // The round has landed once its result is shown and the machine is idle again (free spins included).
    await f.locator('.slot__result p').waitFor();
    await f.locator('.slot__machine:not(.is-busy)').waitFor({ timeout: 30_000 });
    const result = f.locator('.slot__result p');
    const win = (await result.getAttribute('class'))?.includes('win-amount') ? cents(await result.textContent()) : 0;
    if (win === 0) expect((await result.textContent())?.trim()).toBe(st('noWin'));
    expect(win).toBe(Number(round.payout));
    await expect.poll(() => frameBalance(f).textContent().then(cents)).toBe(before - stake + win);
    expect(await spin.isEnabled()).toBe(true);

    // From the keyboard: with the focus on the game and not on a control, Space spins.
    await f.locator('h1.topbar__title').click();
    expect(await f.locator(':focus').count()).toBe(0);
    const byKey = p.waitForResponse((r) => isRoundCall(r.request()));
    await p.keyboard.press('Space');
    expect((await byKey).status()).toBe(200);
    await f.locator('.slot__machine:not(.is-busy)').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await p.close();
  });

  it('player: deposits 100 EUR by card, plays roulette (red) and a blackjack hand for real; header and history agree with the bets API', async () => {
    const ip = uniqueIp();
    player = await registerPlayer({ ip });
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    await useToken(context, player.accessToken);
    const opened = await fetch(`${baseUrl()}/api/wallet/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR' }),
    });
    expect(opened.status).toBe(200);
    const { page: p, errors } = await page();

    // The deposit, as in wallet-payments.test.ts: sandbox card 4242… succeeds.
    await visit(p, '/?wallet=deposit');
    await expect.poll(() => headerBalance(p).textContent()).toBe('€0.00');
    const wallet = p.getByRole('dialog', { name: t('global-components.payment.title') });
    await wallet.waitFor();
    await wallet.locator('input[name="amount"]').fill('100');
    const card = { cardholder: 'Jane Doe', card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
    for (const [name, value] of Object.entries(card)) await wallet.locator(`[name="${name}"]`).fill(value);
    await wallet.locator('button[type="submit"]').click();
    await p.getByRole('dialog', { name: t('global-components.payment.result.successTitle') }).waitFor();
    await expect.poll(() => headerBalance(p).textContent(), { timeout: 15_000 }).toBe('€100.00');

    // Roulette for real: no demo badge, the studio shows the casino balance.
    await visit(p, '/games/european-roulette');
    const f = frame(p);
    await f.locator('.roulette').waitFor();
    expect(await modeButton(p, 'real').getAttribute('aria-pressed')).toBe('true');
    expect(await frameMode(p)).toBe('real');
    expect(await f.locator('.topbar .badge--demo').count()).toBe(0);
    await expect.poll(() => frameBalance(f).textContent()).toBe('100.00 EUR');

    const chip = cents(await f.locator('.chips button[aria-pressed="true"]').textContent());
    await f.getByRole('button', { name: st('red'), exact: true }).click();
    const spin = f.locator('.roulette > .btn--play');
    expect(cents(await spin.textContent())).toBe(chip);
    await spin.click();
    await f.locator('.roulette__result p strong').waitFor({ timeout: 30_000 });
    await expect.poll(() => spin.isEnabled()).toBe(true);
    const number = Number(await f.locator('.roulette__result p strong').textContent());
    expect(number).toBeGreaterThanOrEqual(0);
    expect(number).toBeLessThanOrEqual(36);

    // The round as the casino recorded it, against the header balance.
    await expect.poll(async () => (await bets(player!.accessToken)).total, { timeout: 15_000 }).toBe(1);
    const [roulette] = (await bets(player.accessToken)).data;
    expect(roulette).toMatchObject({ gameId: 'european-roulette', game: 'European Roulette', currency: 'EUR' });
    expect(minorOf(roulette!.amount)).toBe(chip);
    // A red bet pays 1:1 (stake back doubled) on a red number, nothing otherwise.
    expect(minorOf(roulette!.payout)).toBe(RED.has(number) ? 2 * chip : 0);
    const afterRoulette = 10_000 - minorOf(roulette!.amount) + minorOf(roulette!.payout);
    await expect.poll(() => headerBalance(p).textContent(), { timeout: 15_000 }).toBe(eur(afterRoulette));
    expect(cents(await frameBalance(f).textContent())).toBe(afterRoulette);

    // One blackjack hand to the end: deal, stand unless the deal already settled it (a natural).
    await visit(p, '/games/blackjack');
    const bj = frame(p);
    await bj.locator('.bj').waitFor();
    await expect.poll(() => frameBalance(bj).textContent().then(cents)).toBe(afterRoulette);
    const stake = cents(await bj.locator('.betbar output').textContent());
    const settled = await playBlackjackHand(bj);
    await bj.getByRole('button', { name: st('deal'), exact: true }).waitFor();

    await expect.poll(async () => (await bets(player!.accessToken)).total, { timeout: 15_000 }).toBe(2);
    expect((await bets(player.accessToken, false)).total).toBe(0);
    const all = (await bets(player.accessToken)).data;
    const hand = all.find((b) => b.gameId === 'blackjack');
    expect(hand).toMatchObject({ game: 'Blackjack', currency: 'EUR' });
    expect(minorOf(hand!.amount)).toBe(stake);
    const shownWin = (await settled.getAttribute('class'))?.includes('win-amount')
      ? cents(await settled.textContent())
      : 0;
    expect(minorOf(hand!.payout)).toBe(shownWin);
    const afterHand = afterRoulette - minorOf(hand!.amount) + minorOf(hand!.payout);
    await expect.poll(() => headerBalance(p).textContent(), { timeout: 15_000 }).toBe(eur(afterHand));
    roundsPlayed = all;

    // Both rounds in the Bets tab of the history, newest first, with their stake, payout and status.
    await visit(p, '/profile/history');
    await p.getByRole('tab', { name: t('global-components.history.bets') }).click();
    const rows = p.locator('#history-panel-bets .history-row[data-bet]');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-bet')))).toEqual(all.map((b) => b.id));
    for (const bet of all) {
      const row = p.locator(`#history-panel-bets .history-row[data-bet="${bet.id}"]`);
      expect((await row.locator('.history-row__type').textContent())?.trim()).toBe(bet.game);
      expect((await row.locator('.history-row__amount').textContent())?.trim()).toBe(eur(minorOf(bet.amount)));
      expect((await row.locator('.history-row__details dd').first().textContent())?.trim()).toBe(
        eur(minorOf(bet.payout)),
      );
      expect((await row.locator('.history-row__foot .badge').textContent())?.trim()).toBe(
        t(`global-components.history.betStatus.${bet.payout > 0 ? 2 : 3}`),
      );
    }
    expect(errors).toEqual([]);
    await p.close();
  });

  it('player: the provably fair panel rotates the seed pair and verifies the roulette round', async () => {
    if (!player || roundsPlayed.length === 0) throw new Error('needs the real-money rounds of the previous test');
    const roulette = roundsPlayed.find((b) => b.gameId === 'european-roulette')!;
    const { page: p, errors } = await page();
    await visit(p, '/games/european-roulette');
    const f = frame(p);
    await f.locator('.roulette').waitFor();
    await f.getByRole('button', { name: st('fair') }).click();
    const panel = f.getByRole('dialog', { name: st('fair') });
    await panel.waitFor();

    // This game's rounds only: the one roulette round, with the casino's stake and payout.
    const rounds = panel.locator('.fair__round');
    await rounds.first().waitFor();
    expect(await rounds.count()).toBe(1);
    const line = rounds.first().locator('.fair__round-line span');
    expect(cents(await line.nth(1).textContent())).toBe(minorOf(roulette.amount));
    expect(cents(await line.nth(2).textContent())).toBe(minorOf(roulette.payout));

    // Before rotating, the server seed is secret: nothing can be verified yet.
    const committed = (await panel.locator('.fair__seeds dd').first().textContent())!.trim();
    expect(committed).toMatch(/^[0-9a-f]{64}$/);
    // Two rounds (roulette, blackjack) were played on this pair: the next nonce is 2.
    expect((await panel.locator('.fair__seeds dd').nth(1).textContent())?.trim()).toBe('2');
    await rounds
      .first()
      .getByRole('button', { name: st('verify') })
      .click();
    await expect.poll(() => rounds.first().locator('.verify').textContent()).toBe(st('notRevealed'));

    await panel.getByRole('button', { name: st('rotate') }).click();
    const revealed = panel.locator('.fair__revealed code');
    await revealed.waitFor();
    const serverSeed = (await revealed.textContent())!.trim();
    // The revealed seed is the one committed to, and a new pair is committed from now on.
    expect(createHash('sha256').update(serverSeed).digest('hex')).toBe(committed);
    await expect
      .poll(async () => (await panel.locator('.fair__seeds dd').first().textContent())?.trim())
      .not.toBe(committed);
    expect((await panel.locator('.fair__seeds dd').first().textContent())?.trim()).toMatch(/^[0-9a-f]{64}$/);

    // The rounds are reloaded with their seeds; the verifier replays the roulette round in the browser.
    await rounds
      .first()
      .getByRole('button', { name: st('verify') })
      .click();
    const checks = rounds.first().locator('ul.verify li');
    await expect.poll(() => checks.count()).toBe(3);
    expect(await checks.evaluateAll((els) => els.map((e) => [e.className, e.textContent?.trim()]))).toEqual([
      ['ok', `✔ ${st('hashOk')}`],
      ['ok', `✔ ${st('outcomeOk')}`],
      ['ok', `✔ ${st('payoutOk')}`],
    ]);
    expect(errors).toEqual([]);
    await p.close();
  });

  it('guest: asking for real money opens the demo-game modal, then sign-in; signed in, the game restarts for real', async () => {
    const ip = uniqueIp();
    const guest = await registerPlayer({ ip });
    await resetContext(context, { headers: { 'cf-connecting-ip': ip } });
    const { page: p, errors } = await page();
    const launches: { demoMode: unknown; accountId?: unknown }[] = [];
    p.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/game\/games\/[^/]+\/play$/.test(new URL(r.url()).pathname))
        launches.push(JSON.parse(r.postData() ?? '{}'));
    });
    await visit(p, '/games/european-roulette');
    const f = frame(p);
    await f.locator('.topbar .badge--demo').waitFor();
    expect(await modeButton(p, 'demo').getAttribute('aria-pressed')).toBe('true');

    await modeButton(p, 'real').click();
    const modal = dialog(p, 'global-components.games.demoTitle');
    await modal.waitFor();
    expect(await modal.textContent()).toContain(t('global-components.games.demoTextGuest'));
    // Not an error: the demo keeps running behind the modal, nothing was launched for real.
    expect(await p.locator('.error-screen').count()).toBe(0);
    expect(await modeButton(p, 'demo').getAttribute('aria-pressed')).toBe('true');
    expect(await f.locator('.topbar .badge--demo').count()).toBe(1);
    expect(launches.map((l) => l.demoMode)).toEqual([true]);

    await modal.getByRole('button', { name: t('global-components.games.signInForReal') }).click();
    await signInWithDialog(p, guest.email, guest.password);
    // Back from signing in on this game's page: real play starts here.
    await dialog(p, 'global-components.auth.signInTitle').waitFor({ state: 'detached' });
    await expect.poll(() => modeButton(p, 'real').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => frameMode(p)).toBe('real');
    await f.locator('.roulette').waitFor();
    // The iframe's new document may still be loading: poll until the real session shows.
    await expect.poll(() => f.locator('.topbar .badge--demo').count()).toBe(0);
    await expect.poll(() => frameBalance(f).textContent()).toBe('0.00 EUR');
    // One launch per mode: signing in neither relaunches the demo first nor launches real play twice
    // (before and after the wallet knows the active account).
    expect(launches.map((l) => l.demoMode)).toEqual([true, false]);
    expect(launches[1]!.accountId).toEqual(expect.any(String));
    expect(p.url()).toBe(`${baseUrl()}/games/european-roulette`);
    expect(errors).toEqual([]);
    await p.close();
  });
});
