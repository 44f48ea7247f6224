import { blackjack } from '@croupier/games';
import { useEffect, useRef, useState } from 'react';
import { useGame } from '../ctx.ts';
import type { MessageKey } from '../i18n.ts';
import type { Round } from '../types.ts';

interface Hand {
  cards: number[];
  bet: string;
  doubled: boolean;
  done: boolean;
  result: 'blackjack' | 'win' | 'push' | 'lose' | 'bust' | null;
  payout: string;
}
interface State {
  phase: 'player' | 'settled';
  dealer: number[];
  hands: Hand[];
  active: number;
  payout: string;
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

function Card({ c, hidden, index }: { c?: number; hidden?: boolean; index: number }) {
  if (hidden || c === undefined) {
    return <div className="card card--back" style={{ ['--i' as string]: index }} role="img" aria-label="?" />;
  }
  const suit = Math.floor(c / 13) % 4;
  const rank = RANKS[c % 13];
  const red = suit === 1 || suit === 2;
  return (
    <div
      className={`card${red ? ' card--red' : ''}`}
      style={{ ['--i' as string]: index }}
      role="img"
      aria-label={`${rank}${SUITS[suit]}`}
    >
      <span className="card__corner">
        {rank}
        <br />
        {SUITS[suit]}
      </span>
      <span className="card__pip" aria-hidden="true">
        {SUITS[suit]}
      </span>
    </div>
  );
}

const total = (cards: number[]) => {
  const h = blackjack.handTotal(cards);
  return h.soft && h.total < 21 ? `${h.total - 10}/${h.total}` : `${h.total}`;
};

export function Blackjack() {
  const { t, play, act, reload, settle, setLocked, setPrimary, money, openRound } = useGame();
  const [round, setRound] = useState<Round | null>(() => (openRound?.game === 'blackjack' ? openRound : null));
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const state = round ? (round.outcome as State) : null;
  const open = round?.status === 'open' && state?.phase === 'player';
  const actions = new Set(open ? round?.actions : []);
  useEffect(() => setLocked(open || busy), [open, busy, setLocked]);

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
  const deal = () =>
    guard(async () => {
      const r = await play({ game: 'blackjack' });
      if (r) {
        setRound(r);
        if (r.status !== 'open') settle();
      }
    });
  const move = (a: string) =>
    guard(async () => {
      if (!round) return;
      const r = await act(round.id, a);
      if (r) {
        setRound(r);
        if (r.status !== 'open') settle();
      } else {
        // A refused move leaves the round open; an unanswered one rolled it back.
        const s = await reload();
        if (s) setRound(s.openRound?.id === round.id ? s.openRound : null);
      }
    });

  const primaryRef = useRef<() => void>(() => {});
  primaryRef.current = open ? () => actions.has('stand') && move('stand') : deal;
  useEffect(() => {
    setPrimary(() => primaryRef.current());
    return () => setPrimary(null);
  }, [setPrimary]);

  const dealer = state?.dealer ?? [];
  const holeHidden = open && dealer.length < 2;
  return (
    <div className="bj">
      <section className="bj__dealer" aria-label={t('dealer')}>
        <h2 className="bj__label">
          {t('dealer')}{' '}
          {dealer.length > 0 && <span className="pill">{holeHidden ? total(dealer.slice(0, 1)) : total(dealer)}</span>}
        </h2>
        <div className="bj__cards">
          {dealer.map((c, i) => (
            <Card key={i} c={c} index={i} />
          ))}
          {holeHidden && <Card hidden index={1} />}
          {!state && (
            <>
              <div className="card card--slot" />
              <div className="card card--slot" />
            </>
          )}
        </div>
      </section>
      <section className="bj__hands">
        {(state?.hands ?? []).map((h, i) => (
          <section
            key={i}
            className={`bj__hand${open && state?.active === i && (state?.hands.length ?? 0) > 1 ? ' is-active' : ''}${h.result ? ` is-${h.result}` : ''}`}
            aria-label={t('hand', { n: i + 1 })}
          >
            <div className="bj__cards">
              {h.cards.map((c, k) => (
                <Card key={k} c={c} index={k} />
              ))}
            </div>
            <div className="bj__meta">
              <span className="pill">{total(h.cards)}</span>
              <span className="muted small">{money(h.bet)}</span>
              {h.result && (
                <span className={`result result--${h.result}`}>
                  {t(`res_${h.result}` as MessageKey)}
                  {BigInt(h.payout) > 0n ? ` · ${money(h.payout)}` : ''}
                </span>
              )}
            </div>
          </section>
        ))}
        {!state && (
          <div className="bj__hand">
            <div className="bj__cards">
              <div className="card card--slot" />
              <div className="card card--slot" />
            </div>
          </div>
        )}
      </section>
      <div className="bj__result" aria-live="polite">
        {round?.status === 'settled' && (
          <p className={BigInt(round.payout) > 0n ? 'win-amount' : 'muted'}>
            {BigInt(round.payout) > 0n ? t('youWin', { amount: money(round.payout) }) : t('noWin')}
          </p>
        )}
      </div>
      {open ? (
        <div className="bj__actions">
          {(['hit', 'stand', 'double', 'split'] as const).map((a) => (
            <button
              key={a}
              type="button"
              className={`btn ${a === 'stand' ? 'btn--primary' : 'btn--ghost'}`}
              disabled={busy || !actions.has(a)}
              onClick={() => move(a)}
            >
              {t(a === 'split' ? 'splitAction' : a)}
            </button>
          ))}
        </div>
      ) : (
        <button type="button" className="btn btn--primary btn--play" onClick={deal} disabled={busy}>
          {t('deal')}
        </button>
      )}
    </div>
  );
}
