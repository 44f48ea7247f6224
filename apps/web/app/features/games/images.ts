import type { GameImages, ImageSet } from '@croupier/contracts';

export type ThumbnailSize = '200x300' | '200x200';

/** The CDN bases from site settings: `customImages` live on the customer CDN, `images` on the game hub's. */
export interface CdnBases {
  cdnBaseUrl: string;
  gameHubCdnBaseUrl: string;
}

export interface Thumbnail {
  /** The best density available (3x, then 2x, then 1x). */
  src: string;
  /** Every available density, for the browser to choose ('' when only one exists). */
  srcSet: string;
  /** The same densities as WebP ('' when the thumbnails are not ours to know a WebP exists). */
  webpSrcSet: string;
  width: number;
  height: number;
}

const DENSITIES = ['3x', '2x', '1x'] as const;

/** A base and a path joined with exactly one slash; absolute paths (http…, //…) are kept as they are. */
export function withBase(base: string, path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  if (!base) return path.startsWith('/') ? path : `/${path}`;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Our own thumbnails (apps/web/scripts/thumbnails.mjs) are written as PNG and WebP side by side; a
 * path served from `/assets/games/…png` therefore has a `.webp` twin. Other images keep their format.
 */
const webpTwin = (path: string): string | null =>
  /^\/?assets\/games\/[^?#]+\.png$/.test(path) ? path.replace(/\.png$/, '.webp') : null;

const usable = (set: ImageSet | undefined): set is ImageSet => Boolean(set && DENSITIES.some((d) => set[d]));

/**
 * The thumbnail of a game (api-contract §9, spec §3): `customImages` first with the customer CDN base,
 * then `images` with the game-hub CDN base; the best of 3x, 2x, 1x as `src`, all of them as `srcSet`.
 * Null when neither has the size.
 */
export function pickThumbnail(
  images: { images?: GameImages; customImages?: GameImages },
  size: ThumbnailSize,
  cdn: CdnBases,
): Thumbnail | null {
  const sources: [ImageSet | undefined, string][] = [
    [images.customImages?.[size], cdn.cdnBaseUrl],
    [images.images?.[size], cdn.gameHubCdnBaseUrl],
  ];
  for (const [set, base] of sources) {
    if (!usable(set)) continue;
    const best = DENSITIES.find((d) => set[d])!;
    const available = [...DENSITIES].reverse().filter((d) => set[d]);
    return {
      src: withBase(base, set[best]!),
      srcSet: available.length > 1 ? available.map((d) => `${withBase(base, set[d]!)} ${d}`).join(', ') : '',
      webpSrcSet: available.every((d) => webpTwin(set[d]!))
        ? available.map((d) => `${withBase(base, webpTwin(set[d]!)!)} ${d}`).join(', ')
        : '',
      width: 200,
      height: size === '200x300' ? 300 : 200,
    };
  }
  return null;
}
