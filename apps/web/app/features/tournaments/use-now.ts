import { useEffect, useState } from 'react';

/** The clock, ticking every second after hydration (the server render uses its own moment). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
