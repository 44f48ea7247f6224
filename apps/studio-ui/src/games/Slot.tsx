import { slot } from '@croupier/games';
import { type ReactNode, useRef, useState } from 'react';
import { sleep, useGame, usePrimaryAction } from '../ctx.ts';
import { Bell, Cherry, Diamond, Grape, Lemon, Orange, Seven, Star } from '../icons.tsx';
import { parseMinor } from '../money.ts';

/** Wire shape of one spin of the slot outcome. */
interface Spin {
  free: boolean;
  window: number[][];
  lineWins: { line: number; symbol: number; count: number; pay: number }[];
  scatters: number;
  scatterPay: number;
  triggered: boolean;
  win: string;
}
interface Outcome {
  spins: Spin[];
  freeSpinsAwarded: number;
  payout: string;
}

const ART: Record<string, () => ReactNode> = {
  W: () => <span className="sym__wild">WILD</span>,
  S: Star,
  H1: Seven,
  H2: Diamond,
  H3: Bell,
  L1: Cherry,
  L2: Lemon,
  L3: Orange,
  L4: Grape,
};
const LABEL: Record<string, string> = {
  W: 'wild',
  S: 'scatter',
  H1: 'seven',
  H2: 'diamond',
  H3: 'bell',
  L1: 'cherry',
  L2: 'lemon',
  L3: 'orange',
  L4: 'grapes',
};
const name = (i: number) => slot.SYMBOLS[i] ?? 'L4';
const LINES = slot.SLOT_DEFAULT.lines;
const STRIPS = slot.SLOT_DEFAULT.reels;

function randomWindow(): number[][] {
  return STRIPS.map((strip) => {
    const s = Math.floor(Math.random() * strip.length);
    return [0, 1, 2].map((k) => strip[(s + k) % strip.length] as number);
  });
}

function Glyph({ s, small }: { s: number; small?: boolean }) {
  const n = name(s);
  const Art = ART[n] ?? Grape;
  return (
    <span className={`sym sym--${n}${small ? ' sym--small' : ''}`} role="img" aria-label={LABEL[n] ?? n}>
      <Art />
    </span>
  );
}

export function Slot() {
  const { t, play, playFree, freeRound, settle, setLocked, reducedMotion, money, bet, session } = useGame();
  const [grid, setGrid] = useState<number[][]>(() =>
    STRIPS.map((strip, r) => [0, 1, 2].map((k) => strip[(r * 3 + k) % strip.length] as number)),
  );
  const [spinning, setSpinning] = useState<boolean[]>([false, false, false, false, false]);
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<Spin | null>(null);
  const [free, setFree] = useState<{ n: number; total: number } | null>(null);
  const [total, setTotal] = useState<bigint | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const busyRef = useRef(false);

  const run = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setLocked(true);
    setCurrent(null);
    setTotal(null);
    setFree(null);
    setBanner(null);
    // The casino's free spins play first, at their own bet (decision 0065).
    const roundPromise = freeRound ? playFree() : play({ game: 'neon-fruits' });
    const quick = reducedMotion;
    if (!quick) setSpinning([true, true, true, true, true]);
    const round = await roundPromise;
    if (!round) {
      setSpinning([false, false, false, false, false]);
      busyRef.current = false;
      setBusy(false);
      setLocked(false);
      return;
    }
    const outcome = round.outcome as Outcome;
    let acc = 0n;
    const freeTotal = outcome.spins.length - 1;
    for (let i = 0; i < outcome.spins.length; i += 1) {
      const spin = outcome.spins[i] as Spin;
      if (i > 0) {
        setFree({ n: i, total: freeTotal });
        setCurrent(null);
        if (!quick) {
          await sleep(500);
          setSpinning([true, true, true, true, true]);
        }
      }
      if (quick) setGrid(spin.window);
      else {
        await sleep(i === 0 ? 350 : 300);
        for (let r = 0; r < 5; r += 1) {
          setGrid((g) => g.map((col, k) => (k === r ? (spin.window[r] as number[]) : col)));
          setSpinning((s) => s.map((v, k) => (k === r ? false : v)));
          await sleep(140);
        }
      }
      setCurrent(spin);
      acc += parseMinor(spin.win);
      setTotal(acc);
      if (spin.triggered) {
        setBanner(t('freeSpinsWon', { n: slot.SLOT_DEFAULT.freeSpins }));
        await sleep(quick ? 600 : 1400);
        setBanner(null);
      } else if (i < outcome.spins.length - 1) {
        await sleep(quick ? 300 : 900);
      }
    }
    settle();
    busyRef.current = false;
    setBusy(false);
    setLocked(false);
  };

  usePrimaryAction(run);

  // Cells on winning lines: reel r, row from the line, for the first `count` reels.
  const winning = new Set<string>();
  for (const w of current?.lineWins ?? []) {
    const rows = LINES[w.line] ?? [];
    for (let r = 0; r < w.count; r += 1) winning.add(`${r}:${rows[r]}`);
  }
  if (current && current.scatters >= 3) {
    current.window.forEach((col, r) => {
      col.forEach((s, row) => {
        if (s === slot.SCATTER) winning.add(`${r}:${row}`);
      });
    });
  }
  const lineBet = parseMinor(bet) / BigInt(LINES.length);
  const mult = current?.free ? BigInt(slot.SLOT_DEFAULT.freeSpinMultiplier) : 1n;
  const spinBet = current ? parseMinor(bet) : 0n;
  void session;

  return (
    <div className="slot">
      {freeRound && (
        <p className="slot__casino-free" role="status" data-free-round={freeRound.id}>
          {t('casinoFreeSpins', {
            left: freeRound.count - freeRound.usedCount,
            count: freeRound.count,
            bet: money(freeRound.bet),
          })}
        </p>
      )}
      <div className="slot__status" aria-live="polite">
        {free ? (
          <span className="pill pill--free">
            {t('freeSpins')}: {t('freeSpinOf', { n: free.n, total: free.total })} · ×
            {slot.SLOT_DEFAULT.freeSpinMultiplier}
          </span>
        ) : (
          <span className="muted small">{t('spaceHint')}</span>
        )}
      </div>
      <div className={`slot__machine${busy ? ' is-busy' : ''}`}>
        <div className="slot__reels" role="img" aria-label={grid.map((c) => c.map(name).join(' ')).join(' | ')}>
          {grid.map((col, r) => (
            <div key={r} className={`slot__reel${spinning[r] ? ' is-spinning' : ''}`}>
              {spinning[r] ? (
                <div className="slot__blur" aria-hidden="true">
                  {randomWindow()
                    .flat()
                    .slice(0, 9)
                    .map((s, k) => (
                      <div key={k} className="slot__cell">
                        <Glyph s={s} />
                      </div>
                    ))}
                </div>
              ) : (
                col.map((s, row) => (
                  <div key={row} className={`slot__cell${winning.has(`${r}:${row}`) ? ' is-win' : ''}`}>
                    <Glyph s={s} />
                  </div>
                ))
              )}
            </div>
          ))}
        </div>
        {current && current.lineWins.length > 0 && (
          <svg className="slot__lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true">
            {current.lineWins.map((w) => (
              <polyline
                key={w.line}
                points={(LINES[w.line] ?? []).map((row, r) => `${r * 100 + 50},${row * 100 + 50}`).join(' ')}
              />
            ))}
          </svg>
        )}
        {banner && <div className="slot__banner">{banner}</div>}
      </div>
      <div className="slot__result" aria-live="polite">
        {total !== null && (
          <p className={total > 0n ? 'win-amount' : 'muted'}>
            {total > 0n
              ? free
                ? `${t('totalWin')}: ${money(total)}`
                : t('youWin', { amount: money(total) })
              : t('noWin')}
          </p>
        )}
        {current && (current.lineWins.length > 0 || current.scatterPay > 0) && (
          <ul className="slot__wins">
            {current.lineWins.map((w) => (
              <li key={w.line}>
                {t('line', { n: w.line + 1 })}: {w.count}× <Glyph s={w.symbol} small /> ={' '}
                {money(lineBet * BigInt(w.pay) * mult)}
              </li>
            ))}
            {current.scatterPay > 0 && (
              <li>
                {t('scatterPays', { n: current.scatters })} = {money(spinBet * BigInt(current.scatterPay) * mult)}
              </li>
            )}
          </ul>
        )}
      </div>
      <button type="button" className="btn btn--primary btn--play" onClick={run} disabled={busy}>
        {t('spin')}
      </button>
    </div>
  );
}
