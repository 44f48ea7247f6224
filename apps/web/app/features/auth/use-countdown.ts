import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a client-side timer (the 60 s OTP resend wait, api-contract §3.3). */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return { left, start };
}

export const OTP_RESEND_SECONDS = 60;
