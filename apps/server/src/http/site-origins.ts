import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

// Where the casino may send a browser back to (deposit return URLs, the game's lobby): the site's own
// origins, never anyone else's (docs/decisions/0050).

/** `www.casino.example` ↔ `casino.example`, same scheme and port; null for an address, localhost or a one-label host. */
function twinOf(origin: string): string | null {
  const url = new URL(origin);
  const host = url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) || !host.includes('.')) return null;
  url.hostname = host.startsWith('www.') ? host.slice(4) : `www.${host}`;
  return url.origin;
}

/** A name or an IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

const first = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

type RequestLike = Pick<FastifyRequest, 'ip' | 'headers' | 'protocol' | 'server'>;

const trusted = (request: RequestLike) => request.server.isTrustedProxy?.(request.ip) === true;

/**
 * The origin the browser used: as a trusted proxy reports it (`x-forwarded-proto`/`-host`), otherwise as
 * the Host header says; null when it is not a bare `host[:port]`. Only a hint: check it against a list.
 */
function requestOriginOf(request: RequestLike): string | null {
  const forwarded = (name: string) => (trusted(request) ? first(request.headers[name]) : undefined);
  const proto = forwarded('x-forwarded-proto')?.toLowerCase() ?? request.protocol;
  const host = forwarded('x-forwarded-host') ?? request.headers.host;
  // Nothing beyond host[:port] (a path, user info): otherwise the header was not a host at all.
  if (!host || !/^https?$/.test(proto) || !HOST.test(host) || !URL.canParse(`${proto}://${host}`)) return null;
  return new URL(`${proto}://${host}`).origin;
}

/**
 * The origins a return URL may point to. With SITE_ORIGINS: exactly those and PUBLIC_URL. Without: PUBLIC_URL,
 * its www/bare twin and, when the request came from a trusted peer (TRUSTED_PROXIES, decision 0030), the
 * origin it came through (so the demo opened as 127.0.0.1 or behind a proxy works).
 */
export function siteOrigins(config: Pick<Config, 'publicUrl' | 'SITE_ORIGINS'>, request?: RequestLike): string[] {
  const publicOrigin = new URL(config.publicUrl).origin;
  const origins = new Set([publicOrigin]);
  if (config.SITE_ORIGINS) {
    for (const origin of config.SITE_ORIGINS) origins.add(origin);
    return [...origins];
  }
  const twin = twinOf(publicOrigin);
  if (twin) origins.add(twin);
  if (request && trusted(request)) {
    const own = requestOriginOf(request);
    if (own) origins.add(own);
  }
  return [...origins];
}

/** The site origin this request came through when it is one of the site's, else PUBLIC_URL's. */
export function siteOriginOf(config: Pick<Config, 'publicUrl' | 'SITE_ORIGINS'>, request: RequestLike): string {
  const own = requestOriginOf(request);
  return own && siteOrigins(config, request).includes(own) ? own : new URL(config.publicUrl).origin;
}

/**
 * A URL on the site, or null: a path (resolved as a browser would, so `/\t/evil` or `/\evil` cannot become
 * `//evil`) or an absolute http(s) URL on one of `origins`. Answers the normalised form to store or use.
 */
export function onSite(value: string | undefined, origins: readonly string[]): string | null {
  if (!value || value.length > 2000) return null;
  if (value.startsWith('/')) {
    const base = 'http://site.invalid';
    if (!URL.canParse(value, base)) return null;
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (!/^https?:$/.test(url.protocol) || !origins.includes(url.origin)) return null;
  url.username = '';
  url.password = '';
  return url.toString();
}
