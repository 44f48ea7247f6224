import { type ReactNode, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

interface Place {
  top: number;
  left: number;
}

/** Where the tip goes: under its target, kept inside the window (a table's scroll box would clip it). */
export function tipPlace(target: DOMRect, viewportWidth: number, tipWidth = 288): Place {
  const left = Math.max(8, Math.min(target.left, viewportWidth - tipWidth - 8));
  return { top: target.bottom + 4, left };
}

/**
 * A badge with its explanation, shown on hover and on keyboard focus, dismissed by Escape (WCAG 1.4.13), and
 * read by screen readers as the badge's description (`aria-describedby`; the text is always in the page,
 * visually hidden while the tip is closed). The tip itself is drawn fixed over the page, so a table's scroll
 * box does not clip it. The badge is a button so the keyboard reaches it; pressing it does nothing else.
 */
export function Tip({ label, tip, className = 'badge' }: { label: ReactNode; tip: string; className?: string }) {
  const id = useId();
  const target = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const show = () => {
    if (target.current) setPlace(tipPlace(target.current.getBoundingClientRect(), window.innerWidth));
  };
  const hide = () => setPlace(null);
  return (
    <span className="tip">
      <button
        ref={target}
        type="button"
        className={`tip__target ${className}`}
        aria-describedby={id}
        onFocus={show}
        onBlur={hide}
        onMouseEnter={show}
        onMouseLeave={hide}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && place) {
            event.stopPropagation();
            hide();
          }
        }}
      >
        {label}
      </button>
      <span id={id} className="visually-hidden">
        {tip}
      </span>
      {place &&
        createPortal(
          <span role="tooltip" className="tip__text" style={{ top: place.top, left: place.left }} data-testid="tip">
            {tip}
          </span>,
          document.body,
        )}
    </span>
  );
}
