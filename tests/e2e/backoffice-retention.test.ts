import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, t, uniqueIp, useToken } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { demoStaff, signInOnPage, unexpectedErrors } from './backoffice-helpers.ts';
import { closeBrowser, newPage, openBrowser, resetContext, visit, waitForHydration } from './browser.ts';

// Issue 27: the retention editors in Chromium. The demo marketing member creates a quest with one task in the
// back office, sees the player's view of it before saving, saves it; the player site's quests hub offers it at
// once. The tournaments, wheels and loyalty screens open. Axe on each screen. The quest is archived afterwards,
// so the files after this one see the demo's quests only.

describe('back office, retention editors', () => {
  let staff: BrowserContext;
  let visitor: BrowserContext;
  let page: Page;
  let errors: string[];
  let questId: string | null = null;
  const violations: string[] = [];
  const identity = `e2e-quest-${Date.now()}`;
  const name = `E2E quest ${Date.now()}`;

  const check = async (on: Page, screen: string) => {
    await on.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    for (const v of await audit(on)) violations.push(`${screen}: ${v}`);
  };

  beforeAll(async () => {
    staff = await openBrowser();
    ({ page, errors } = await newPage(staff));
    visitor = await openBrowser();
  });
  afterAll(async () => {
    if (questId) {
      await page
        ?.evaluate(async (id) => {
          await fetch(`/api/backoffice/quests/${id}/archive`, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ reason: 'e2e clean-up' }),
          });
        }, questId)
        .catch(() => undefined);
    }
    await closeBrowser(staff);
    await closeBrowser(visitor);
  });

  it('marketing creates a quest with a task, sees its preview, and the quests hub offers it', async () => {
    await page.goto('/backoffice/');
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await waitForHydration(page);
    await signInOnPage(page, demoStaff('marketing'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Retention' }).click();
    await page.getByRole('heading', { name: 'Retention', level: 1 }).waitFor();
    await page.getByRole('row').filter({ hasText: 'first-spins' }).waitFor();
    await check(page, 'quests list');

    await page.getByRole('link', { name: 'New quest' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/retention/quests/new'));
    await page.getByLabel('Identity', { exact: true }).fill(identity);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description', { exact: true }).fill('Made in the back office.');
    await page.getByLabel('Task 1: name').fill('Place 2 bets');
    await page.getByLabel('Task 1: how many times').fill('2');
    await page.getByLabel('Reward 1: amount 1').fill('2');

    // A quest without a reason is refused beside the field, before any call.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('.field--invalid').filter({ hasText: 'Reason' }).waitFor();

    await page.getByRole('button', { name: "Show the player's view" }).click();
    const preview = page.getByTestId('quest-preview');
    await preview.getByRole('heading', { name }).waitFor();
    expect(await preview.textContent()).toContain('Place 2 bets');
    expect(await preview.textContent()).toContain('0 / 2');
    expect(await preview.textContent()).toContain('Money 2 EUR');
    await check(page, 'quest editor');

    await page.getByLabel('Reason', { exact: true }).fill('A new quest for the e2e journey.');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => /\/retention\/quests\/[0-9a-f-]{36}$/.test(url.pathname));
    questId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // The player site's quests hub offers it to a player straight away.
    const ip = uniqueIp();
    await resetContext(visitor, { headers: { 'cf-connecting-ip': ip } });
    const player = await registerPlayer({ ip });
    await useToken(visitor, player.accessToken);
    const site = await visitor.newPage();
    await visit(site, '/');
    const entry = site.getByTestId('quests-entry');
    if (!(await entry.isVisible())) await site.getByRole('button', { name: t('layout.header.openMenu') }).click();
    await entry.click();
    const card = site.locator(`[data-quest="${identity}"]`);
    await card.waitFor();
    expect(await card.getByRole('heading').textContent()).toBe(name);
  });

  it('the tournaments, wheels and loyalty screens open', async () => {
    await page.goto('/backoffice/retention?tab=tournaments');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Tournaments', level: 2 }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Multiplier Madness' }).waitFor();
    await check(page, 'tournaments list');

    await page.getByRole('tab', { name: 'Wheels' }).click();
    await page.getByRole('row').filter({ hasText: 'Daily wheel' }).getByRole('link').click();
    await page.getByRole('heading', { name: 'Daily wheel', level: 1 }).waitFor();
    await page.getByText('Weights add up to 10000 of 10000').waitFor();
    await page.getByRole('button', { name: "Show the player's view" }).click();
    await page.getByTestId('wheel-preview').getByText('Try again').waitFor();
    await check(page, 'wheel editor');

    await page.goto('/backoffice/retention?tab=loyalty');
    await waitForHydration(page);
    await page.getByLabel('Level 1: name').waitFor();
    expect(await page.getByLabel('Level 1: name').inputValue()).toBe('Bronze');
    await check(page, 'loyalty editor');
  });

  it('no axe violations and no console errors', () => {
    expect(violations).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
