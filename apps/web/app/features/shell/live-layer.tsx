import { lazy, Suspense, useEffect, useState } from 'react';

const LiveListeners = lazy(() => import('./live-listeners.tsx'));

/**
 * Real time is not needed to show the page: its listeners (centrifuge, zod and the payload schemas) are
 * fetched once the page has hydrated, then connect (decision 0074). They render nothing; the server
 * renders nothing here either.
 */
export function LiveLayer() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LiveListeners />
    </Suspense>
  );
}
