import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, waitForHydration } from './browser.ts';

describe('security headers of HTML pages', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await openBrowser();
  });
  afterAll(() => closeBrowser(context));

  it('a page carries a nonce-based CSP that its own inline scripts satisfy, and nosniff', async () => {
    const { page, errors } = await newPage(context);
    const response = await page.goto('/');
    if (!response) throw new Error('no response');
    const headers = await response.allHeaders();
    expect(headers['content-type']).toMatch(/^text\/html/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    const csp = headers['content-security-policy'] ?? '';
    const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, `script-src with a nonce in: ${csp}`).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toMatch(/object-src 'none'/);

    await waitForHydration(page);
    // Every inline script got this response's nonce (browsers hide the attribute; the property keeps it).
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')].map((s) => (s as HTMLScriptElement).nonce),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const n of inline) expect(n).toBe(nonce);

    // A fresh nonce per response.
    const again = await page.goto('/');
    const nextNonce = /'nonce-([^']+)'/.exec((await again!.allHeaders())['content-security-policy'] ?? '')?.[1];
    expect(nextNonce).toBeTruthy();
    expect(nextNonce).not.toBe(nonce);
    // CSP violations would be console errors.
    expect(errors).toEqual([]);
    await page.close();
  });
});
