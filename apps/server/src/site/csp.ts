import type { Config } from '../config.ts';

/** The origin of a configured CDN base URL, or null when unset or not http(s). */
const originOf = (base: string): string | null => {
  if (!URL.canParse(base)) return null;
  const url = new URL(base);
  return /^https?:$/.test(url.protocol) ? url.origin : null;
};

/**
 * The page's Content-Security-Policy (docs/decisions/0036). Scripts and <style> elements need the page's
 * nonce; images come from this origin and the configured CDNs only; sockets reach this origin only. Inline
 * style *attributes* stay allowed (`style-src-attr`): React renders computed widths and stacking into them on
 * the server, and they cannot load anything or match selectors.
 */
export function pagePolicy(
  config: Pick<Config, 'publicUrl' | 'CDN_BASE_URL' | 'GAME_HUB_CDN_BASE_URL'> & {
    STUDIO_PUBLIC_URL?: string;
    CHATWOOT_BASE_URL?: string;
    CHATWOOT_WEBSITE_TOKEN?: string;
    CHATWOOT_HMAC_TOKEN?: string;
  },
) {
  const site = new URL(config.publicUrl);
  const socket = `${site.protocol === 'https:' ? 'wss:' : 'ws:'}//${site.host}`;
  const cdns = [originOf(config.CDN_BASE_URL), originOf(config.GAME_HUB_CDN_BASE_URL)].filter(
    (o): o is string => o !== null,
  );
  // The game iframe, when the studio has an origin of its own (decision 0050).
  const studio = config.STUDIO_PUBLIC_URL ? originOf(config.STUDIO_PUBLIC_URL) : null;
  // The live-chat widget (decision 0068), only when configured: its script, frame, API, socket and avatars.
  const chat =
    config.CHATWOOT_BASE_URL && config.CHATWOOT_WEBSITE_TOKEN && config.CHATWOOT_HMAC_TOKEN
      ? originOf(config.CHATWOOT_BASE_URL)
      : null;
  const chatSources = chat ? ` ${chat}` : '';
  const chatSocket = chat ? ` ${chat.replace(/^http/, 'ws')}` : '';
  const images = ["'self'", 'data:', 'blob:', ...new Set([...cdns, ...(chat ? [chat] : [])])].join(' ');
  return (nonce: string) =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${chatSources}`,
      `style-src 'self' 'nonce-${nonce}'`,
      "style-src-attr 'unsafe-inline'",
      `img-src ${images}`,
      "font-src 'self' data:",
      `connect-src 'self' ${socket}${chatSources}${chatSocket}`,
      // The installable app (decision 0070): its service worker and manifest come from this origin only.
      "worker-src 'self'",
      "manifest-src 'self'",
      ["frame-src 'self'", ...(studio ? [studio] : []), ...(chat ? [chat] : [])].join(' '),
      "frame-ancestors 'self'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; ');
}
