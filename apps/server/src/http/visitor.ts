import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { proxyMatcher } from './proxies.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a peer address is in TRUSTED_PROXIES (docs/decisions/0030). */
    isTrustedProxy: (peer: string | undefined) => boolean;
    /** Marks this process's own in-process SSR calls (site/inject-fetch.ts), which carry the resolved visitor. */
    internalCallKey: string;
  }
}

/** The header the in-process SSR calls carry with `internalCallKey`; never honoured with another value. */
export const INTERNAL_CALL_HEADER = 'x-croupier-internal';

export interface Visitor {
  /** ISO alpha-2 from cf-ipcountry, or null when absent/unknown (Cloudflare sends XX and T1 for those). */
  country: string | null;
  ip: string;
}

/** Installs the trusted-proxy check the visitor is resolved with; call before any route. */
export function registerVisitor(app: FastifyInstance, trustedProxies: readonly string[]): void {
  app.decorate('isTrustedProxy', proxyMatcher(trustedProxies));
  app.decorate('internalCallKey', randomBytes(24).toString('base64url'));
}

function isInternalCall(request: FastifyRequest): boolean {
  const given = request.headers[INTERNAL_CALL_HEADER];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(request.server.internalCallKey ?? '');
  return b.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The visitor's country and address. The geo headers (spec §9) are read only when the request came from a
 * trusted proxy (or is this process's own SSR call forwarding them) and TRUST_GEO_HEADERS is on; otherwise
 * the socket peer is the visitor and the country is unknown. Rate limits, geo rules and audit all use this.
 */
export function visitorOf(request: FastifyRequest, trustGeoHeaders: boolean): Visitor {
  const header = (name: string) => {
    const v = request.headers[name];
    return (Array.isArray(v) ? v[0] : v)?.trim() || null;
  };
  let country: string | null = null;
  let ip = request.ip;
  // The SSR call forwards a visitor already resolved by these rules, so it is read whatever the switch says.
  const trusted = (trustGeoHeaders && request.server.isTrustedProxy?.(request.ip)) || isInternalCall(request);
  if (trusted) {
    const c = header('cf-ipcountry')?.toUpperCase() ?? null;
    country = c && /^[A-Z]{2}$/.test(c) && c !== 'XX' && c !== 'T1' ? c : null;
    const forwarded = header('cf-connecting-ip');
    if (forwarded && forwarded.length <= 45 && /^[0-9a-fA-F:.]+$/.test(forwarded)) ip = forwarded;
  }
  return { country, ip };
}
