import { mines } from '@croupier/games';
import { useEffect, useRef, useState } from 'react';
import { useGame } from '../ctx.ts';
import { Bomb, Gem } from '../icons.tsx';
import { formatMultiplier, payFor } from '../money.ts';
import type { Round } from '../types.ts';

interface State {
  bet: string;
  mines: number;
  revealed: number[];
  status: 'playing' | 'lost' | 'cashed';
  payout: string;
  minePositions?: number[];
}

const CFG = mines.MINES_DEFAULT;

export function Mines() {
  const { t, play, act, reload, settle, setLocked, setPrimary, money, bet, locale, openRound } = useGame();
  const [count, setCount] = useState(3);
  const [round, setRound] = useState<Round | null>(() => (openRound?.game === 'mines' ? openRound : null));
  const [busy, setBusy] = useState(false);
  const [lastTile, setLastTile] = useState<number | null>(null);
  const busyRef = useRef(false);

  const state = round ? (round.outcome as State) : null;
  const playing = round?.status === 'open' && state?.status === 'playing';
  const revealed = new Set(state?.revealed ?? []);
  const minesAt = new Set(state?.minePositions ?? []);
  const safe = state?.revealed.filter((x) => !minesAt.has(x)).length ?? 0;
  const n = state?.mines ?? count;
  const stake = state?.bet ?? bet;
  const mNow = mines.minesMultiplier(CFG, n, safe);
  const mNext = mines.minesMultiplier(CFG, n, Math.min(safe + 1, 25 - n));
  const action = (re: RegExp, fallback: string) => round?.actions.find((a) => re.test(a)) ?? fallback;

  useEffect(() => setLocked(playing || busy), [playing, busy, setLocked]);
  useEffect(() => {
    if (openRound?.game === 'mines') setCount(((openRound.outcome as State)?.mines ?? 3) as number);
  }, [openRound]);

  const guard = async (fn: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await fn();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  // After a failed move: keep the round if it is still open, else drop it (rolled back or finished).
  const recover = async (id: string) => {
    const s = await reload();
    if (s) setRound(s.openRound?.id === id ? s.openRound : null);
  };
  const start = () =>
    guard(async () => {
      setLastTile(null);
      const r = await play({ game: 'mines', mines: count });
      if (r) setRound(r);
    });
  const reveal = (tile: number) =>
    guard(async () => {
      if (!round || !playing || revealed.has(tile)) return;
      setLastTile(tile);
      const r = await act(round.id, action(/reveal|open|pick/i, 'reveal'), tile);
      if (r) {
        setRound(r);
        if (r.status !== 'open') settle();
      } else await recover(round.id);
    });
  const cashOut = () =>
    guard(async () => {
      if (!round || !playing || safe === 0) return;
      const r = await act(round.id, action(/cash/i, 'cashout'));
      if (r) {
        setRound(r);
        settle();
      } else await recover(round.id);
    });

  const primaryRef = useRef<() => void>(() => {});
  primaryRef.current = playing ? cashOut : start;
  useEffect(() => {
    setPrimary(() => primaryRef.current());
    return () => setPrimary(null);
  }, [setPrimary]);

  const over = state && state.status !== 'playing';
  return (
    <div className="mines">
      <div className="dice__stats">
        <div className="stat">
          <span className="stat__label">{t('multiplier')}</span>
          <span className="stat__value">{formatMultiplier(mNow.num, mNow.den, 2, locale)}</span>
        </div>
        <div className="stat">
          <span className="stat__label">{t('nextTile')}</span>
          <span className="stat__value">{formatMultiplier(mNext.num, mNext.den, 2, locale)}</span>
        </div>
        <div className="stat">
          <span className="stat__label">{t('cashOut')}</span>
          <span className="stat__value gold">{money(safe > 0 ? payFor(stake, mNow.num, mNow.den) : 0n)}</span>
        </div>
      </div>
      <section className={`mines__grid${playing ? ' is-live' : ''}`} aria-label={t('mines')}>
        {Array.from({ length: 5 }, (_, row) => (
          <div key={row} className="mines__row">
            {Array.from({ length: 5 }, (_, col) => {
              const tile = row * 5 + col;
              const open = revealed.has(tile);
              const mine = minesAt.has(tile);
              const shown = open || (over && mine);
              const cls = [
                'tile',
                shown ? (mine ? 'is-mine' : 'is-gem') : '',
                open ? 'is-open' : '',
                mine && tile === lastTile ? 'is-boom' : '',
              ].join(' ');
              return (
                <div key={col}>
                  <button
                    type="button"
                    className={cls}
                    disabled={!playing || open || busy}
                    onClick={() => reveal(tile)}
                    aria-label={`${t('tile', { n: tile + 1 })}${shown ? (mine ? ` · ${t('mines')}` : ' · ✓') : ''}`}
                  >
                    {shown ? mine ? <Bomb /> : <Gem /> : null}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </section>
      <div className="mines__result" aria-live="polite">
        {state?.status === 'lost' && <p className="danger">{t('boom')}</p>}
        {state?.status === 'cashed' && <p className="win-amount">{t('youWin', { amount: money(state.payout) })}</p>}
        {playing && safe === 0 && <p className="muted">{t('pickTile')}</p>}
      </div>
      <div className="controls-row">
        <label className="field" htmlFor="mines-count">
          <span>{t('mines')}</span>
          <select
            id="mines-count"
            className="input"
            value={count}
            disabled={playing || busy}
            onChange={(e) => setCount(Number(e.target.value))}
          >
            {Array.from({ length: 24 }, (_, i) => i + 1).map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
      </div>
      {playing ? (
        <button type="button" className="btn btn--primary btn--play" onClick={cashOut} disabled={busy || safe === 0}>
          {t('cashOut')} {safe > 0 ? money(payFor(stake, mNow.num, mNow.den)) : ''}
        </button>
      ) : (
        <button type="button" className="btn btn--primary btn--play" onClick={start} disabled={busy}>
          {t('start')}
        </button>
      )}
    </div>
  );
}
