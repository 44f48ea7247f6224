import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../../shared/session/runtime.ts';
import {
  POLL_MS,
  type ProviderSession,
  providerSessionOf,
  shouldPoll,
  type VerificationStatus,
} from './verification.ts';

/**
 * Identity verification state (api-contract §4.1): the status, polled every 3 s while under way; start
 * asks POST sumsub/auth for a token and opens the provider it belongs to.
 */
export function useVerification() {
  const [status, setStatus] = useState<VerificationStatus | null>(null);
  const [rejectReason, setRejectReason] = useState<string | null>(null);
  const [provider, setProvider] = useState<ProviderSession | null>(null);
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);
  const live = useRef(true);
  const reading = useRef(false);

  const read = useCallback(async () => {
    // A slow answer is not overtaken by the next poll.
    if (reading.current) return;
    reading.current = true;
    try {
      const { data } = await browserApi().player.verificationStatus();
      if (!live.current) return;
      setStatus(data.status);
      setRejectReason(data.rejectReason);
      setFailed(false);
      if (data.status === 'approved' || data.status === 'rejected') setProvider(null);
    } catch {
      if (live.current) setFailed(true);
    } finally {
      reading.current = false;
    }
  }, []);

  useEffect(() => {
    live.current = true;
    void read();
    return () => {
      live.current = false;
    };
  }, [read]);

  const polling = shouldPoll(status, provider !== null);
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void read();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [polling, read]);

  /** A fresh provider token (also what the SDK asks for when its token expires). */
  const token = useCallback(async () => (await browserApi().player.sumsubAuth()).token, []);

  const start = useCallback(async () => {
    setStarting(true);
    setFailed(false);
    try {
      const next = providerSessionOf(await token());
      if (!live.current) return;
      setProvider(next);
      await read();
    } catch {
      if (live.current) setFailed(true);
    } finally {
      if (live.current) setStarting(false);
    }
  }, [read, token]);

  return { status, rejectReason, provider, starting, failed, start, refreshToken: token, retry: read };
}
