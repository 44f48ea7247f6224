import type { Page } from 'playwright-core';

// What React's development build reports as a hydration attribute mismatch, read on any build: React's props on
// each hydrated element against the attribute the server sent (production keeps the server's value silently).

/**
 * `<tag> attribute: server "…", client …` for each hydrated element whose React props name an attribute the server
 * sent with another value — or sent at all while the client's prop is null or undefined (React's development build
 * logs that as `+ nonce={undefined} - nonce=""`). Props that are not attributes, or live properties, are skipped.
 */
export function attributeMismatches(page: Page): Promise<string[]> {
  return page.evaluate(() => {
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
      'key',
      'ref',
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
        if (skip.has(name) || name.startsWith('on')) continue;
        const absent = value === null || value === undefined;
        if (!absent && typeof value !== 'string' && typeof value !== 'number') continue;
        const candidates = [
          renamed[name] ?? name,
          name.toLowerCase(),
          name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
        ];
        const attribute = candidates.find((c) => element.hasAttribute(c));
        if (absent) {
          if (attribute) {
            out.push(
              `<${element.localName}> ${attribute}: server ${JSON.stringify(element.getAttribute(attribute))}, client ${value}`,
            );
          }
          continue;
        }
        const named = attribute ?? candidates[0]!;
        // The browser hides a nonce attribute's value from the DOM; the element keeps it as a property.
        const server = named === 'nonce' ? (element as HTMLElement).nonce || null : element.getAttribute(named);
        if (server !== String(value)) {
          out.push(
            `<${element.localName}> ${named}: server ${JSON.stringify(server)}, client ${JSON.stringify(String(value))}`,
          );
        }
      }
    }
    return out;
  });
}
