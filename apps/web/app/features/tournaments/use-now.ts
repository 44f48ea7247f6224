import { useEffect, useState } from 'react';

/**
 * The clock, ticking every second — null until hydrated: the server's and the browser's moments (and time
 * zones) differ, so anything drawn from the clock renders only in the browser.
 */
export function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
