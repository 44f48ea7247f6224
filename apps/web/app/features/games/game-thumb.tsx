import type { GameImages } from '@croupier/contracts';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { pickThumbnail, type ThumbnailSize } from './images.ts';

export type ThumbPriority = 'high' | 'eager';

/** The first cards of a page's first list: the first asks for high priority, the next few load at once. */
export const thumbPriority = (index: number, firstList: boolean): ThumbPriority | undefined =>
  !firstList ? undefined : index === 0 ? 'high' : index < PRIORITY_CARDS ? 'eager' : undefined;

/** Cards a phone shows above the fold in a row or a grid. */
const PRIORITY_CARDS = 4;

/** Lazy images start loading this far before they scroll into view (spec §9). */
export const LAZY_ROOT_MARGIN = '400px';

interface Props {
  images: GameImages;
  customImages: GameImages;
  name: string;
  size?: ThumbnailSize;
  /**
   * The page's first thumbnails, likely its largest paint (LCP): in the server's HTML at once, not after
   * hydration and the lazy-load observer, and the very first asks for high fetch priority.
   */
  priority?: ThumbPriority;
}

/**
 * A game's thumbnail: chosen per spec §3 (customer CDN first, then game hub; best density), loaded only
 * when within 400px of the viewport, a shimmering skeleton until it arrives, the name when it fails.
 */
export function GameThumb({ images, customImages, name, size = '200x300', priority }: Props) {
  const { root } = useI18n();
  const thumb = pickThumbnail({ images, customImages }, size, root.site);
  const box = useRef<HTMLSpanElement>(null);
  const img = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(priority !== undefined);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(thumb ? 'loading' : 'failed');

  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  // A server-rendered image may finish before hydration, when React was not listening for its load.
  useEffect(() => {
    const el = img.current;
    if (el?.complete) setState(el.naturalWidth > 0 ? 'loaded' : 'failed');
  }, []);

  return (
    <span
      ref={box}
      className={`game-thumb game-thumb--${size} game-thumb--${state}${priority ? ' game-thumb--priority' : ''}`}
    >
      {state !== 'loaded' && (
        <span className="game-thumb__placeholder shimmer" aria-hidden="true">
          {state === 'failed' ? <span className="game-thumb__name">{name}</span> : null}
        </span>
      )}
      {thumb && near && state !== 'failed' && (
        <picture>
          {thumb.webpSrcSet && <source type="image/webp" srcSet={thumb.webpSrcSet} />}
          <img
            ref={img}
            className="game-thumb__img"
            src={thumb.src}
            srcSet={thumb.srcSet || undefined}
            width={thumb.width}
            height={thumb.height}
            alt={name}
            decoding="async"
            fetchPriority={priority === 'high' ? 'high' : undefined}
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
          />
        </picture>
      )}
    </span>
  );
}
