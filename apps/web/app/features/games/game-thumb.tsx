import type { GameImages } from '@croupier/contracts';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { pickThumbnail, type ThumbnailSize } from './images.ts';

/** Lazy images start loading this far before they scroll into view (spec §9). */
export const LAZY_ROOT_MARGIN = '400px';

interface Props {
  images: GameImages;
  customImages: GameImages;
  name: string;
  size?: ThumbnailSize;
}

/**
 * A game's thumbnail: chosen per spec §3 (customer CDN first, then game hub; best density), loaded only
 * when within 400px of the viewport, a shimmering skeleton until it arrives, the name when it fails.
 */
export function GameThumb({ images, customImages, name, size = '200x300' }: Props) {
  const { root } = useI18n();
  const thumb = pickThumbnail({ images, customImages }, size, root.site);
  const box = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);
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

  return (
    <span ref={box} className={`game-thumb game-thumb--${size} game-thumb--${state}`}>
      {state !== 'loaded' && (
        <span className="game-thumb__placeholder" aria-hidden="true">
          {state === 'failed' ? <span className="game-thumb__name">{name}</span> : null}
        </span>
      )}
      {thumb && near && state !== 'failed' && (
        <img
          className="game-thumb__img"
          src={thumb.src}
          srcSet={thumb.srcSet || undefined}
          width={thumb.width}
          height={thumb.height}
          alt={name}
          decoding="async"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
    </span>
  );
}
