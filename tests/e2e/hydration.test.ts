import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, openBrowser, visit } from './browser.ts';

// Issue 29 §2.2: a fresh load of / logged "A tree hydrated but some attributes of the server rendered HTML didn't
// match the client properties". React reports that only in its development build; production keeps the server's
// value silently. So this reads what the client rendered (React's props on each hydrated element) and compares it
// with the attribute the server sent, which works on the production build too.

/** `<tag> attribute: server "…", client "…"` for every hydrated element whose attribute differs. */
function attributeMismatches(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Props that are not attributes, or that the browser keeps as live properties (value, checked…).
    const skip = new Set([
      'children',
      'dangerouslySetInnerHTML',
      'style',
      'value',
      'defaultValue',
      'checked',
      'defaultChecked',
      'suppressHydrationWarning',
      'suppressContentEditableWarning',
    ]);
    const renamed: Record<string, string> = {
      className: 'class',
      htmlFor: 'for',
      httpEquiv: 'http-equiv',
      charSet: 'charset',
      acceptCharset: 'accept-charset',
      xlinkHref: 'xlink:href',
    };
    const out: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const key = Object.keys(element).find((k) => k.startsWith('__reactProps$'));
      if (!key) continue;
      const props = (element as unknown as Record<string, Record<string, unknown>>)[key]!;
      for (const [name, value] of Object.entries(props)) {
        if (skip.has(name) || (typeof value !== 'string' && typeof value !== 'number')) continue;
        const candidates = [
          renamed[name] ?? name,
          name.toLowerCase(),
          name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
        ];
        const attribute = candidates.find((c) => element.hasAttribute(c)) ?? candidates[0]!;
        // The browser hides a nonce attribute's value from the DOM; the element keeps it as a property.
        const server = attribute === 'nonce' ? (element as HTMLElement).nonce || null : element.getAttribute(attribute);
        if (server !== String(value)) {
          out.push(
            `<${element.localName}> ${attribute}: server ${JSON.stringify(server)}, client ${JSON.stringify(String(value))}`,
          );
        }
      }
    }
    return out;
  });
}

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
