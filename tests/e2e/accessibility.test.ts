import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, uniqueIp, useToken } from './accounts-helpers.ts';
import { closeBrowser, newPage, openBrowser, visit } from './browser.ts';

// axe-core (the engine behind Lighthouse's accessibility audit) on the main screens, as a guest and as a
// player, at phone and desktop widths: any serious or critical violation fails.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function audit(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP does not apply to the injected engine.
  await page.evaluate(`${axeSource};0`);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

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
