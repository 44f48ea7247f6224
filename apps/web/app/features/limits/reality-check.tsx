import type { RealityCheck as Check } from '@croupier/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { findCurrency, formatMoney, useCurrencies } from '../../shared/money/money.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { useWallet } from '../wallet/index.ts';
import { formatElapsed, reloadRealityCheck, useRealityCheck } from './reality-check-store.ts';
import './limits.css';

const K = 'global-components.limits.realityCheck';
const MODAL = 'reality-check';

/** When the last reality check was shown (ms), so "continue" counts the next interval from there. */
let lastShown: number | null = null;

/** A clock ticking every second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const startOf = (check: Check | null) => (check ? Date.parse(check.sessionStartedAt) : null);

/** The session's totals in one currency (zeros before any play in it). */
const totalsIn = (check: Check | null, currency: string | undefined) =>
  check?.totals.find((x) => x.currency === currency) ?? { currency: currency ?? '', stakes: 0, wins: 0, net: 0 };

function useFormat() {
  const { locale } = useI18n();
  const currencies = useCurrencies();
  return (amount: number, code: string, signed = false) => {
    const currency = findCurrency(currencies, code);
    const text = currency ? formatMoney(Math.abs(amount), currency, locale) : `${Math.abs(amount)} ${code}`;
    return signed ? `${amount < 0 ? '−' : '+'}${text}` : text;
  };
}

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
    const from = Math.max(start, lastShown ?? 0);
    if (now - from >= interval * 60_000) {
      lastShown = now;
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

/** reality-check: the session so far; "continue" closes it, "stop playing" goes back to the lobby. */
export function RealityCheckModal({ close, titleId }: ModalProps) {
  const { t, href, locale } = useI18n();
  const navigate = useNavigate();
  const now = useNow();
  const { check } = useRealityCheck();
  const { active } = useWallet();
  const format = useFormat();
  const start = startOf(check) ?? now;
  const since = new Date(start).toLocaleTimeString(locale, { timeStyle: 'short' });
  const rows = check?.totals.length ? check.totals : [totalsIn(check, active?.currency)];
  return (
    <div className="modal-message limit-modal reality-check" data-testid="reality-check">
      <span className="modal-message__icon" aria-hidden="true">
        <Icon name="clock" size={32} />
      </span>
      <h2 id={titleId}>{t(`${K}.modalTitle`)}</h2>
      <p>{t(`${K}.modalText`, { since })}</p>
      <dl>
        <dt>{t(`${K}.sessionTime`)}</dt>
        <dd data-testid="reality-elapsed">{formatElapsed(now - start)}</dd>
        {rows
          .filter((r) => r.currency)
          .map((r) => (
            <RealityRows key={r.currency} row={r} format={format} multi={rows.length > 1} />
          ))}
      </dl>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => {
          lastShown = Date.now();
          close();
        }}
      >
        {t(`${K}.continue`)}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={() => navigate(href('/main'))}>
        {t(`${K}.stop`)}
      </button>
    </div>
  );
}

function RealityRows({
  row,
  format,
  multi,
}: {
  row: Check['totals'][number];
  format: ReturnType<typeof useFormat>;
  multi: boolean;
}) {
  const { t } = useI18n();
  const suffix = multi ? ` (${row.currency})` : '';
  return (
    <>
      <dt>{t(`${K}.stakes`) + suffix}</dt>
      <dd data-testid="reality-stakes">{format(row.stakes, row.currency)}</dd>
      <dt>{t(`${K}.wins`) + suffix}</dt>
      <dd data-testid="reality-wins">{format(row.wins, row.currency)}</dd>
      <dt>{t(`${K}.net`) + suffix}</dt>
      <dd data-testid="reality-net" className={row.net < 0 ? 'session-meter__net--down' : 'session-meter__net--up'}>
        {format(row.net, row.currency, true)}
      </dd>
    </>
  );
}
