import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, uniqueIp, useToken } from './accounts-helpers.ts';
import { audit } from './axe.ts';
import { closeBrowser, newPage, openBrowser, visit } from './browser.ts';

describe('accessibility (axe-core)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    const ip = uniqueIp();
    context = await openBrowser({ headers: { 'cf-connecting-ip': ip } });
  });
  afterAll(() => closeBrowser(context));

  const pages = [
    '/',
    '/categories/slots',
    '/providers',
    '/games/european-roulette',
    '/questions',
    '/contact',
    '/no-such-page',
  ];

  it.each([390, 1280])('guest pages at %i px have no serious or critical violation', async (width) => {
    const { page } = await newPage(context);
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    for (const path of pages) {
      await visit(page, path);
      // The preloader fades out after a second; audit the page under it.
      await page.locator('.preloader').waitFor({ state: 'detached' });
      for (const v of await audit(page)) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
    await page.close();
  });

  it('player screens: wallet modal, history, notifications', async () => {
    const ip = uniqueIp();
    const player = await registerPlayer({ ip });
    await useToken(context, player.accessToken);
    const { page } = await newPage(context);
    const found: string[] = [];
    for (const path of ['/?wallet=deposit', '/profile/history', '/profile/notifications', '/profile/wallet']) {
      await visit(page, path);
      await page.locator('.preloader').waitFor({ state: 'detached' });
      if (path.includes('wallet=')) await page.getByRole('dialog').waitFor();
      for (const v of await audit(page)) found.push(`${path}: ${v}`);
    }
    expect(found).toEqual([]);
    await page.close();
  });
});
