import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, visit } from './browser.ts';
import { attributeMismatches } from './hydration-attributes.ts';

// Issue 29 §2.2: a fresh load of / logged "A tree hydrated but some attributes of the server rendered HTML didn't
// match the client properties". React reports that only in its development build; production keeps the server's
// value silently. So this reads what the client rendered (React's props on each hydrated element) and compares it
// with the attribute the server sent, which works on the production build too.

describe('hydration of the home page', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('a fresh load of / hydrates every attribute as the client renders it, with no console error', async () => {
    const { page, errors } = await newPage(context);
    const response = await visit(page, '/');
    expect(response.status()).toBe(200);
    expect(await attributeMismatches(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
