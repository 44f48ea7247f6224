export const DEFAULT_URL_PROTOCOLS: readonly string[] = ['http', 'https'];

/**
 * An absolute URL with a host, judged by the WHATWG parser both browsers and Node share.
 * The parser is lenient ("http:example.com", stray spaces), so those are refused before it runs.
 */
export function isUrl(value: string, protocols: readonly string[] = DEFAULT_URL_PROTOCOLS): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const scheme = url.protocol.slice(0, -1);
  return protocols.includes(scheme) && url.hostname !== '' && value.toLowerCase().startsWith(`${scheme}://`);
}
