import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useModals } from '../../shared/modals/use-modals.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useWallet } from '../wallet/index.ts';
import { K, lastShownAt, markShown, startOf, totalsIn, useFormat, useNow } from './reality-check-session.ts';
import { formatElapsed, reloadRealityCheck, useRealityCheck } from './reality-check-store.ts';
import './limits.css';

const MODAL = 'reality-check';

/**
 * During real play (UKGC RTS 13): the session time and net position in the game bar, and the reality check
 * every chosen interval since sign-in, or since the check the player last continued from. The totals are
 * read again each time the balance moves (the wallet follows bets and wins live).
 */
export function RealityCheck({ playing }: { playing: boolean }) {
  const { t } = useI18n();
  const now = useNow();
  const { check } = useRealityCheck();
  const { active } = useWallet();
  const modals = useModals();
  const format = useFormat();
  const [params] = useSearchParams();
  const openRef = useRef(params.has(MODAL));
  openRef.current = params.has(MODAL);
  const start = startOf(check);
  const interval = check?.interval ?? 0;
  const balance = active ? `${active.currency}:${active.balance}` : '';

  useEffect(() => {
    if (!playing || !balance) return;
    const timer = setTimeout(() => void reloadRealityCheck(), 500);
    return () => clearTimeout(timer);
  }, [playing, balance]);

  useEffect(() => {
    if (!playing || interval === 0 || start === null || openRef.current) return;
    const from = Math.max(start, lastShownAt() ?? 0);
    if (now - from >= interval * 60_000) {
      markShown(now);
      void reloadRealityCheck();
      modals.open(MODAL);
    }
  }, [playing, interval, now, start, modals]);

  if (!playing || start === null) return null;
  const totals = totalsIn(check, active?.currency);
  return (
    <span className="session-meter" data-testid="session-meter">
      <Icon name="clock" size={16} aria-hidden="true" />
      <span className="visually-hidden">{t(`${K}.sessionTime`)}</span>
      <time dateTime={`PT${Math.max(0, Math.floor((now - start) / 1000))}S`}>{formatElapsed(now - start)}</time>
      <span aria-hidden="true">·</span>
      <span className="visually-hidden">{t(`${K}.net`)}</span>
      <span
        className={totals.net < 0 ? 'session-meter__net--down' : 'session-meter__net--up'}
        data-testid="session-net"
      >
        {format(totals.net, totals.currency, true)}
      </span>
    </span>
  );
}
