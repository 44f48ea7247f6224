import { isValidElement, memo, type ReactNode, Suspense } from 'react';

/**
 * A below-the-fold or closed section that hydrates in a pass of its own (issue 30, decision 0120). React
 * leaves a server-rendered `<Suspense>` boundary dehydrated while it hydrates the page around it, then
 * hydrates the boundaries at a lower priority, in slices it can yield between; a click or key press inside
 * one hydrates it at once and is replayed. Nothing inside suspends, so the server renders the content as it
 * did without the boundary (between `<!--$-->` and `<!--/$-->`), and no fallback ever shows.
 *
 * A dehydrated boundary that gets new props, or sits below a context whose value changes, must hydrate at
 * once, at the update's priority, in one task: the opposite of the point. So this wrapper re-renders only
 * when its child element differs (another type or key, or a prop that is not the same value), and the
 * providers above it keep their values across the first effects (wallet, messenger: decision 0120). Give it
 * one element with stable props (no inline callbacks).
 */
export const HydrateLater = memo(
  function HydrateLater({ children }: { children: ReactNode }) {
    return <Suspense fallback={null}>{children}</Suspense>;
  },
  (before, after) => sameElement(before.children, after.children),
);

function sameElement(a: ReactNode, b: ReactNode): boolean {
  if (a === b) return true;
  if (!isValidElement(a) || !isValidElement(b) || a.type !== b.type || a.key !== b.key) return false;
  const pa = a.props as Record<string, unknown>;
  const pb = b.props as Record<string, unknown>;
  const keys = Object.keys(pa);
  return keys.length === Object.keys(pb).length && keys.every((k) => k in pb && Object.is(pa[k], pb[k]));
}
