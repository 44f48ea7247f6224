import { type RefObject, useEffect } from 'react';

/**
 * Scrolls a horizontally scrolling tab bar so its current tab (`aria-current="page"`) is in view. On a phone
 * the profile's ninth tab or the fifth category would otherwise be the page you are on, out of sight.
 * Only the bar scrolls, never the page. `key` is what changes the current tab (the path).
 */
export function useCurrentTabInView(bar: RefObject<HTMLElement | null>, key: string): void {
  useEffect(() => {
    const el = bar.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !current || el.scrollWidth <= el.clientWidth) return;
    const left = current.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
    if (left >= el.scrollLeft && left + current.offsetWidth <= el.scrollLeft + el.clientWidth) return;
    el.scrollLeft = Math.max(0, left - (el.clientWidth - current.offsetWidth) / 2);
  }, [bar, key]);
}
