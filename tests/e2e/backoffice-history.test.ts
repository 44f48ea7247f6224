import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, registerPlayer } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { cardDeposit, demoStaff, diceRound, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

// Issue 25, decision 0107: the player 360's Rounds and Invoices tabs. A player deposits by card and plays one
// round of Dice through the APIs; the demo compliance member (whom no other e2e file signs in) sees both on the
// player's page, filters them through the address, moves between the tabs by keyboard; axe on each tab.

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
