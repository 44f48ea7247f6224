import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, playerApi, registerPlayer } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { demoStaff, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { baseUrl, closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

// Issue 25, decision 0107: the player 360's Rounds and Invoices tabs. A player deposits by card and plays one
// round of Dice through the APIs; the demo compliance member (whom no other e2e file signs in) sees both on the
// player's page, filters them through the address, moves between the tabs by keyboard; axe on each tab.

/** A sandbox card deposit (4242…), credited at once. */
async function cardDeposit(player: Player, amount: number): Promise<void> {
  const accounts = await playerApi<{ id: string; currency: string; status: number }[]>(
    player,
    'GET',
    '/api/wallet/accounts',
  );
  const account = accounts.data.find((a) => a.status === 1) ?? accounts.data[0];
  if (!account) throw new Error('the player has no account');
  const res = await playerApi(player, 'POST', '/api/payment/invoices/deposit', {
    currency: account.currency,
    accountId: account.id,
    method: 'card',
    amount,
    fields: { cardholder: 'Ada Lovelace', card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    redirectSuccessUrl: '/wallet/success',
    redirectErrorUrl: '/wallet/error',
    isBonusDecline: true,
  });
  if (res.status !== 200) throw new Error(`deposit → ${res.status}`);
}

/** One real round of Dice (a 1.00 stake) through the studio's API, as the game's page would play it. */
async function diceRound(player: Player): Promise<void> {
  const launch = await playerApi<{ gameUrl: string }>(player, 'POST', '/api/game/games/dice/play', {
    lobbyUrl: '/',
    locale: 'en',
    demoMode: false,
  });
  if (launch.status !== 200) throw new Error(`play → ${launch.status}`);
  const opened = await fetch(new URL(launch.data.gameUrl, baseUrl()), { redirect: 'manual' });
  const sessionId = (opened.headers.get('location') ?? '').split('/').pop();
  if (opened.status !== 302 || !sessionId) throw new Error(`studio launch → ${opened.status}`);
  const round = await fetch(`${baseUrl()}/studio/api/sessions/${sessionId}/rounds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bet: '100', choice: { game: 'dice', chanceBp: 4950, over: false } }),
  });
  if (round.status !== 200) throw new Error(`round → ${round.status}: ${await round.text()}`);
}

describe('back office, a player’s rounds and invoices', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let player: Player;
  const violations: string[] = [];

  const check = async (screen: string) => {
    // Audit what is shown once loaded, not a table between two pages.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    for (const v of await audit(page)) violations.push(`${screen}: ${v}`);
  };

  beforeAll(async () => {
    player = await registerPlayer();
    await cardDeposit(player, 20);
    await diceRound(player);
    context = await openBrowser();
    ({ page, errors } = await newPage(context));
  });
  afterAll(() => closeBrowser(context));

  it('shows the round with its game, stake and status, filtered by status in the address', async () => {
    await page.goto(`/backoffice/players/${player.id}?tab=rounds`);
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(page);
    await signInOnPage(page, demoStaff('compliance'));
    await page.waitForURL((url) => url.pathname === `/backoffice/players/${player.id}`);

    const tabs = page.getByRole('tablist', { name: 'Player sections' });
    if ((await tabs.getByRole('tab', { name: 'Rounds' }).getAttribute('aria-selected')) !== 'true')
      await tabs.getByRole('tab', { name: 'Rounds' }).click();
    const rounds = page.getByRole('table', { name: /Game rounds/ });
    const row = rounds.locator('tbody tr', { hasText: 'Dice' });
    await row.waitFor();
    expect(await row.textContent()).toContain('1.00 EUR');
    await row.getByText('Settled').waitFor();
    await check('player 360, rounds');

    await page.getByLabel('Status').selectOption('open');
    await page.waitForURL((url) => url.searchParams.get('status') === 'open');
    await rounds.getByText('No round matches these filters.').waitFor();
    await check('player 360, rounds, no match');
  });

  it('shows the deposit, and moves between the tabs by keyboard', async () => {
    const tabs = page.getByRole('tablist', { name: 'Player sections' });
    // Manual activation: the arrows move the focus, Enter opens the tab; the Rounds filter does not carry over.
    await tabs.getByRole('tab', { name: 'Rounds' }).focus();
    await page.keyboard.press('ArrowRight');
    // Radix's roving focus moves the focus in a timeout after the key: Enter must wait for it to land.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Invoices');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'invoices' && !url.searchParams.has('status'));
    const invoices = page.getByRole('table', { name: /Invoices/ });
    const row = invoices.locator('tbody tr', { hasText: 'Deposit' });
    await row.waitFor();
    expect(await row.textContent()).toContain('20.00 EUR');
    await row.getByText('Success').waitFor();
    await check('player 360, invoices');

    await page.getByLabel('Type').selectOption('withdrawal');
    await page.waitForURL((url) => url.searchParams.get('type') === 'withdrawal');
    await invoices.getByText('No invoice matches these filters.').waitFor();
  });

  it('has no serious accessibility violation and no page error', () => {
    expect(violations).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
