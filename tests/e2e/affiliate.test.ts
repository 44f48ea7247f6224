import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, cookie, newPage, openBrowser, pathOf, redirectChain, visit } from './browser.ts';

const DAY = 86_400;

describe('affiliate tag (spec §2 query flags, §4, §9)', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('?stag= is stored for 30 days and taken out of the address; a later tag does not replace it', async () => {
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/?stag=aff1&x=1');
    const chain = await redirectChain(response);
    expect(chain[0]?.status).toBeGreaterThanOrEqual(300);
    expect(chain[0]?.status).toBeLessThan(400);
    expect(chain.at(-1)?.status).toBe(200);
    expect(pathOf(page)).toBe('/?x=1');

    const stag = await cookie(context, 'stag');
    expect(stag?.value).toBe('aff1');
    expect(stag?.path).toBe('/');
    const daysAhead = ((stag?.expires ?? 0) - Date.now() / 1000) / DAY;
    expect(daysAhead).toBeGreaterThan(29.9);
    expect(daysAhead).toBeLessThan(30.1);

    await visit(page, '/?stag=aff2');
    expect(pathOf(page)).toBe('/');
    expect((await cookie(context, 'stag'))?.value).toBe('aff1');
    expect(errors).toEqual([]);
    await page.close();
  });
});
