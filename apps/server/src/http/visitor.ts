import type { FastifyRequest } from 'fastify';

export interface Visitor {
  /** ISO alpha-2 from cf-ipcountry, or null when absent/unknown (Cloudflare sends XX and T1 for those). */
  country: string | null;
  ip: string;
}

/** The visitor's country and IP as the CDN reports them (spec §9), when configured to trust it. */
export function visitorOf(request: FastifyRequest, trustGeoHeaders: boolean): Visitor {
  const header = (name: string) => {
    const v = request.headers[name];
    return (Array.isArray(v) ? v[0] : v)?.trim() || null;
  };
  let country: string | null = null;
  let ip = request.ip;
  if (trustGeoHeaders) {
    const c = header('cf-ipcountry')?.toUpperCase() ?? null;
    country = c && /^[A-Z]{2}$/.test(c) && c !== 'XX' && c !== 'T1' ? c : null;
    const forwarded = header('cf-connecting-ip');
    if (forwarded && forwarded.length <= 45 && /^[0-9a-fA-F:.]+$/.test(forwarded)) ip = forwarded;
  }
  return { country, ip };
}
