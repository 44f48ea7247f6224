import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Player, registerPlayer } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { cardDeposit, demoStaff, diceRound, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

// Issue 28, decision 0121: the reports, the live dashboard and the round replay in Chromium. A player deposits by
// card and plays a round of Dice (then rotates the seeds, as the game's Verify panel does). The demo finance
// member (whom no other e2e file signs in) reads today's figures on the dashboard; a second deposit moves the
// tile without a reload, pushed; the daily report's CSV downloads and holds the table's figures; the other
// reports open. The demo support member opens the round from the player's history: "Verified". Axe on each screen.

const todayUtc = () => new Date().toISOString().slice(0, 10);
/** `1,234.50` → 123450 (cents): figures compared exactly, never as floats. */
const centsOf = (text: string | null | undefined) => Math.round(Number((text ?? '').replace(/[^0-9.-]/g, '')) * 100);

describe('back office, reports and the live dashboard', () => {
  let finance: BrowserContext;
  let support: BrowserContext | undefined;
  let page: Page;
  let errors: string[];
  let player: Player;
  const violations: string[] = [];
  const otherErrors: string[] = [];

  const check = async (on: Page, screen: string) => {
    // Audit what is shown once loaded, not a table between two reads.
    await on.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    for (const v of await audit(on)) violations.push(`${screen}: ${v}`);
  };
  const figure = (name: string) => page.getByTestId(`today-EUR-${name}`);

  beforeAll(async () => {
    player = await registerPlayer();
    await cardDeposit(player, 20);
    await diceRound(player, 100, { revealSeed: true });
    finance = await openBrowser();
    ({ page, errors } = await newPage(finance));
  });
  afterAll(async () => {
    await closeBrowser(finance);
    await closeBrowser(support);
  });

  it('a finance member signs in and reads today’s figures', async () => {
    await page.goto('/backoffice/');
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(page);
    await signInOnPage(page, demoStaff('finance'));
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // Finance reads reports and nothing else (§3).
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Reports']);

    // The rollups have the player's deposit and stake (and those of earlier files' players: at least them).
    await page.getByTestId('today-EUR').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => centsOf(await figure('deposits').textContent()), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2000);
    const bets = centsOf(await figure('bets').textContent());
    const wins = centsOf(await figure('wins').textContent());
    expect(bets).toBeGreaterThanOrEqual(100);
    expect(centsOf(await figure('ggr').textContent())).toBe(bets - wins);
    expect(Number(await figure('activePlayers').textContent())).toBeGreaterThanOrEqual(1);

    // The 30-day charts: loaded after the tiles, each with a title and a sentence for screen readers.
    const ggr = page.getByRole('figure', { name: /^GGR per day/ });
    await ggr.waitFor({ timeout: 15_000 });
    expect(await ggr.locator('.chart__summary').textContent()).toMatch(/highest .* on \d{4}-\d{2}-\d{2}/);
    await ggr.getByRole('button', { name: 'Show the figures' }).click();
    await ggr.getByRole('table').locator('tbody tr', { hasText: todayUtc() }).waitFor();
    await check(page, 'dashboard');
  });

  it('a player’s deposit moves the live tile within seconds, without a reload', async () => {
    await page.waitForFunction(
      () => document.querySelector('[data-testid="live-status"]')?.getAttribute('data-state') === 'live',
      undefined,
      { timeout: 15_000 },
    );
    const before = centsOf(await figure('deposits').textContent());
    // A mark on the page: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await cardDeposit(player, 37);
    // While the socket is live nothing is polled: only the push (after the rollup's commit) explains the change.
    await expect
      .poll(async () => centsOf(await figure('deposits').textContent()), { timeout: 10_000, interval: 100 })
      .toBe(before + 3700);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.getByTestId('live-status').getAttribute('data-state')).toBe('live');
  });

  it('reads the daily report and downloads it as CSV with the same figures', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Daily figures', level: 1 }).waitFor();
    const row = page
      .getByRole('table', { name: /^Daily figures/ })
      .locator('tbody tr', { hasText: todayUtc() })
      .filter({ hasText: 'EUR' });
    await row.waitFor();
    const deposits = centsOf(await row.locator('td').nth(2).textContent());
    expect(deposits).toBeGreaterThanOrEqual(5700);
    // Today's converted column names the rate day (EUR's own rate is 1).
    expect(
      await page.getByRole('columnheader', { name: /^NGR in EUR\s*,\s*rates of \d{4}-\d{2}-\d{2}$/ }).count(),
    ).toBe(1);
    await check(page, 'reports, daily');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^croupier-daily-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path()) as string, 'utf8');
    const [header = '', ...lines] = text.trimEnd().split('\r\n');
    expect(header.split(',').slice(0, 9)).toEqual([
      'date',
      'currency',
      'deposits',
      'withdrawals',
      'bets',
      'wins',
      'ggr',
      'bonusCost',
      'ngr',
    ]);
    const line = lines.find((l) => l.startsWith(todayUtc()) && l.split(',')[1] === 'EUR');
    expect(line).toBeDefined();
    expect(centsOf(line!.split(',')[2])).toBe(deposits);
  });

  it('opens the other reports: the RTP monitor, players, bonus cost, funnel and reconciliation', async () => {
    const tabs = page.getByRole('tablist', { name: 'Reports' });
    await tabs.getByRole('tab', { name: 'Games' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'games');
    const games = page.getByRole('table', { name: /^Games and the RTP monitor/ });
    const dice = games.locator('tbody tr', { hasText: 'Dice' }).filter({ hasText: 'EUR' });
    await dice.waitFor();
    // The monitor says where the game stands in a word, and the theory and interval come from its math sheet.
    expect(await dice.locator('[data-standing]').textContent()).toMatch(/^(Within|Outside)$/);
    expect(await dice.textContent()).toMatch(/[\d,]+\.\d{2}–[\d,]+\.\d{2} %/);
    await check(page, 'reports, games');
    await page.getByRole('button', { name: 'Outside the interval' }).click();
    await page.waitForURL((url) => url.searchParams.get('outside') === '1');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));

    await tabs.getByRole('tab', { name: 'Players' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'players' && !url.searchParams.has('outside'));
    await page
      .getByRole('table', { name: /^Top 25 losers/ })
      .locator('tbody tr')
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Top winners' }).click();
    await page.getByRole('table', { name: /^Top 25 winners/ }).waitFor();
    await check(page, 'reports, players');

    await tabs.getByRole('tab', { name: 'Bonus cost' }).click();
    await page.getByRole('table', { name: /^Bonus cost per campaign/ }).waitFor();
    await check(page, 'reports, bonus cost');

    await tabs.getByRole('tab', { name: 'Funnel' }).click();
    const funnel = page.getByRole('table', { name: /^Registration to first deposit/ });
    await funnel.locator('tbody tr', { hasText: todayUtc() }).waitFor();
    await check(page, 'reports, funnel');

    await tabs.getByRole('tab', { name: 'Reconciliation' }).click();
    await page.getByRole('table', { name: /^Differences between the rollups and the ledger/ }).waitFor();
    // Finance reads; only owners and admins may run a reconciliation (reports:reconcile).
    expect(await page.getByRole('button', { name: /^Run now/ }).count()).toBe(0);
    await check(page, 'reports, reconciliation');

    // A range the API would refuse is said, and nothing is asked.
    await page.goto(`/backoffice/reports?from=2024-01-01&to=2025-06-01`);
    await page.getByRole('alert').filter({ hasText: 'at most 366 days' }).waitFor();
    expect(await page.getByRole('link', { name: 'Download CSV' }).count()).toBe(0);
  });

  it('a round opened from a player’s history shows Verified', async () => {
    support = await openBrowser();
    const { page: office, errors: officeErrors } = await newPage(support);
    await office.goto(`/backoffice/players/${player.id}?tab=rounds`);
    await office.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(office);
    // Support reads players and rounds (§3); backoffice-live.test.ts enrolled it, or this file does.
    await signInOnPage(office, demoStaff('support'));
    await office.waitForURL((url) => url.pathname === `/backoffice/players/${player.id}`);
    const row = office.getByRole('table', { name: /Game rounds/ }).locator('tbody tr', { hasText: 'Dice' });
    await row.waitFor();
    await row.getByRole('link').click();
    await office.waitForURL((url) => url.pathname.startsWith('/backoffice/rounds/'));

    const verdict = office.getByTestId('round-verdict');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-verified')).toBe('true');
    expect(await verdict.locator('.verdict__label').textContent()).toBe('✓ Verified');
    // The stake as the wallet recorded it, and the revealed seed the verifier used.
    const movements = office.getByRole('table', { name: /movements/ });
    expect(await movements.locator('tbody tr', { hasText: 'Bet' }).first().textContent()).toContain('1.00 EUR');
    expect(await office.getByText('Not revealed yet').count()).toBe(0);
    await check(office, 'round replay');
    otherErrors.push(...officeErrors);
  });

  it('has no serious accessibility violation and no page error', () => {
    expect(violations).toEqual([]);
    expect(unexpectedErrors([...errors, ...otherErrors])).toEqual([]);
  });
});
