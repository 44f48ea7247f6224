import { roulette } from '@croupier/games';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { sleep, useGame } from '../ctx.ts';
import type { MessageKey } from '../i18n.ts';
import { parseMinor, sumMinor } from '../money.ts';
import type { RouletteChoiceBet } from '../types.ts';
import { groupFor, INSIDE, type Inside, type Kind, type Spot } from './roulette-layout.ts';

interface Placed extends Spot {
  amount: bigint;
}
interface Outcome {
  number: number;
  payout: string;
  bets: { bet: { kind: string; numbers?: number[]; index?: number; amount: string }; win: boolean; payout: string }[];
}

const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];
const STEP = 360 / WHEEL.length;
const keyOf = (s: Spot) => `${s.kind}:${s.index ?? ''}:${[...(s.numbers ?? [])].sort((a, b) => a - b).join('-')}`;
const colour = (n: number) => (n === 0 ? 'green' : roulette.RED.has(n) ? 'red' : 'black');

function Wheel({ rotation, number, quick }: { rotation: number; number: number | null; quick: boolean }) {
  const r = 100;
  return (
    <div className="wheel">
      <svg viewBox="-110 -110 220 220" role="img" aria-label={number === null ? 'wheel' : String(number)}>
        <g
          className="wheel__rotor"
          style={{ transform: `rotate(${rotation}deg)`, transition: quick ? 'none' : undefined }}
        >
          <circle r={r + 6} className="wheel__rim" />
          {WHEEL.map((n, i) => {
            const a0 = ((i - 0.5) * STEP - 90) * (Math.PI / 180);
            const a1 = ((i + 0.5) * STEP - 90) * (Math.PI / 180);
            const p = (a: number, rr: number) => `${Math.cos(a) * rr},${Math.sin(a) * rr}`;
            const mid = (i * STEP - 90) * (Math.PI / 180);
            return (
              <g key={n}>
                <path
                  d={`M0,0 L${p(a0, r)} A${r},${r} 0 0 1 ${p(a1, r)} Z`}
                  className={`pocket pocket--${colour(n)}`}
                />
                <text
                  x={Math.cos(mid) * (r - 11)}
                  y={Math.sin(mid) * (r - 11)}
                  transform={`rotate(${i * STEP} ${Math.cos(mid) * (r - 11)} ${Math.sin(mid) * (r - 11)})`}
                  textAnchor="middle"
                  dominantBaseline="central"
                >
                  {n}
                </text>
              </g>
            );
          })}
          <circle r={r * 0.62} className="wheel__hub" />
          <circle r={r * 0.2} className="wheel__cap" />
        </g>
        <path d="M0,-104 L-7,-118 L7,-118 Z" className="wheel__pointer" />
        {number !== null && <circle cx={0} cy={-r + 24} r={6} className="wheel__ball" />}
      </svg>
      {number !== null && <div className={`wheel__number pocket--${colour(number)}`}>{number}</div>}
    </div>
  );
}

export function Roulette() {
  const { t, play, settle, setLocked, setPrimary, reducedMotion, money, amount, session } = useGame();
  const chips = session.limits.betSteps.length > 0 ? session.limits.betSteps.slice(0, 6) : [session.limits.minBet];
  const [chip, setChip] = useState(chips[0] ?? session.limits.minBet);
  const [bets, setBets] = useState<Map<string, Placed>>(new Map());
  const [history, setHistory] = useState<{ key: string; amount: bigint }[]>([]);
  const [busy, setBusy] = useState(false);
  const [rotation, setRotation] = useState(0);
  const [result, setResult] = useState<Outcome | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [mode, setMode] = useState<Inside>('straight');
  const [hover, setHover] = useState<number | null>(null);
  const preview = new Set(hover === null ? [] : (groupFor(mode, hover)?.numbers ?? []));
  const tapNumber = (n: number) => {
    const g = groupFor(mode, n);
    if (g) place(g);
  };
  const hoverProps = (n: number) => ({
    onMouseEnter: () => setHover(n),
    onMouseLeave: () => setHover(null),
    onFocus: () => setHover(n),
    onBlur: () => setHover(null),
  });
  const busyRef = useRef(false);

  const total = sumMinor([...bets.values()].map((b) => b.amount));
  const place = (s: Spot) => {
    if (busy) return;
    const k = keyOf(s);
    const a = parseMinor(chip);
    setResult(null);
    setBets((m) => {
      const next = new Map(m);
      const cur = next.get(k);
      next.set(k, { ...s, amount: (cur?.amount ?? 0n) + a });
      return next;
    });
    setHistory((h) => [...h, { key: k, amount: a }]);
  };
  const undo = () => {
    const last = history[history.length - 1];
    if (!last || busy) return;
    setHistory((h) => h.slice(0, -1));
    setBets((m) => {
      const next = new Map(m);
      const cur = next.get(last.key);
      if (cur) {
        if (cur.amount - last.amount <= 0n) next.delete(last.key);
        else next.set(last.key, { ...cur, amount: cur.amount - last.amount });
      }
      return next;
    });
  };
  const clear = () => {
    if (busy) return;
    setBets(new Map());
    setHistory([]);
    setResult(null);
  };

  const spin = async () => {
    if (busyRef.current || bets.size === 0) return;
    busyRef.current = true;
    setBusy(true);
    setLocked(true);
    setResult(null);
    const wire: RouletteChoiceBet[] = [...bets.values()].map((b) => ({
      kind: b.kind,
      ...(b.numbers ? { numbers: b.numbers } : {}),
      ...(b.index ? { index: b.index } : {}),
      amount: b.amount.toString(),
    }));
    const round = await play({ game: 'european-roulette', bets: wire }, total.toString());
    if (round) {
      const o = round.outcome as Outcome;
      const i = WHEEL.indexOf(o.number);
      const base = -(i * STEP);
      setShown(null);
      setRotation((prev) => {
        const delta = (((base - prev) % 360) + 360) % 360;
        return prev + (reducedMotion ? 0 : 360 * 4) + delta;
      });
      await sleep(reducedMotion ? 0 : 3200);
      setShown(o.number);
      setResult(o);
      settle();
    }
    busyRef.current = false;
    setBusy(false);
    setLocked(false);
  };
  const spinRef = useRef(spin);
  spinRef.current = spin;
  useEffect(() => {
    setPrimary(() => spinRef.current());
    return () => setPrimary(null);
  }, [setPrimary]);

  const chipAt = (s: Spot) => {
    const b = bets.get(keyOf(s));
    return b ? <span className="chip chip--placed">{amount(b.amount)}</span> : null;
  };
  const label = (s: Spot) => {
    if (s.kind === 'column' || s.kind === 'dozen') return t(s.kind, { n: s.index ?? '' });
    const kind = t(s.kind as MessageKey);
    return s.numbers ? `${kind} ${s.numbers.join('-')}` : kind;
  };
  const spotBtn = (s: Spot, cls: string) => (
    <button
      key={keyOf(s)}
      type="button"
      tabIndex={-1}
      className={`spot ${cls}${bets.has(keyOf(s)) ? ' has-chip' : ''}`}
      aria-label={label(s)}
      onClick={(e) => {
        e.stopPropagation();
        place(s);
      }}
    >
      {chipAt(s)}
    </button>
  );

  const won = result?.number;
  const numberCell = (n: number) => {
    const col = Math.floor((n - 1) / 3);
    const row = 2 - ((n - 1) % 3);
    const style: CSSProperties = { gridColumn: col + 2, gridRow: row + 1 };
    const spots = [];
    if (n % 3 !== 0) spots.push(spotBtn({ kind: 'split', numbers: [n, n + 1] }, 'spot--top'));
    if (n <= 33) spots.push(spotBtn({ kind: 'split', numbers: [n, n + 3] }, 'spot--right'));
    if (n % 3 !== 0 && n <= 32)
      spots.push(spotBtn({ kind: 'corner', numbers: [n, n + 1, n + 3, n + 4] }, 'spot--top-right'));
    if (n % 3 === 1) spots.push(spotBtn({ kind: 'street', numbers: [n, n + 1, n + 2] }, 'spot--bottom'));
    if (n % 3 === 1 && n <= 31)
      spots.push(spotBtn({ kind: 'sixLine', numbers: [n, n + 1, n + 2, n + 3, n + 4, n + 5] }, 'spot--bottom-right'));
    if (n <= 3) spots.push(spotBtn({ kind: 'split', numbers: [0, n] }, 'spot--left'));
    if (n === 1 || n === 2) spots.push(spotBtn({ kind: 'street', numbers: [0, n, n + 1] }, 'spot--top-left'));
    if (n === 1) spots.push(spotBtn({ kind: 'corner', numbers: [0, 1, 2, 3] }, 'spot--bottom-left'));
    return (
      <div
        key={n}
        className={`cell cell--${colour(n)}${won === n ? ' is-winner' : ''}${preview.has(n) ? ' is-preview' : ''}`}
        style={style}
      >
        <button
          type="button"
          className="cell__btn"
          onClick={() => tapNumber(n)}
          disabled={busy}
          aria-label={mode === 'straight' ? String(n) : label(groupFor(mode, n) ?? { kind: 'straight', numbers: [n] })}
          {...hoverProps(n)}
        >
          <span>{n}</span>
          {chipAt({ kind: 'straight', numbers: [n] })}
        </button>
        {spots}
      </div>
    );
  };
  const outside = (s: Spot, text: string, style: CSSProperties, extra = '') => (
    <div key={keyOf(s)} className={`cell cell--outside ${extra}`} style={style}>
      <button type="button" className="cell__btn" onClick={() => place(s)} disabled={busy} aria-label={text}>
        <span aria-hidden={extra.includes('diamond') ? 'true' : undefined}>
          {extra.includes('diamond') ? '◆' : text}
        </span>
        {chipAt(s)}
      </button>
    </div>
  );

  return (
    <div className="roulette">
      <Wheel rotation={rotation} number={shown} quick={reducedMotion} />
      <div className="roulette__result" aria-live="polite">
        {result ? (
          <p className={BigInt(result.payout) > 0n ? 'win-amount' : 'muted'}>
            {t('lastNumber')}: <strong>{result.number}</strong> —{' '}
            {BigInt(result.payout) > 0n ? t('youWin', { amount: money(result.payout) }) : t('noWin')}
          </p>
        ) : (
          <p className="muted small">{bets.size === 0 ? t('placeBets') : `${t('totalBet')}: ${money(total)}`}</p>
        )}
      </div>
      <div className="table-scroll">
        <div className="table">
          <div
            className={`cell cell--green cell--zero${won === 0 ? ' is-winner' : ''}${preview.has(0) ? ' is-preview' : ''}`}
            style={{ gridColumn: 1, gridRow: '1 / 4' }}
          >
            <button
              type="button"
              className="cell__btn"
              onClick={() => tapNumber(0)}
              disabled={busy || groupFor(mode, 0) === null}
              {...hoverProps(0)}
            >
              <span>0</span>
              {chipAt({ kind: 'straight', numbers: [0] })}
            </button>
          </div>
          {Array.from({ length: 36 }, (_, i) => numberCell(i + 1))}
          {([3, 2, 1] as const).map((c, row) =>
            outside({ kind: 'column', index: c }, '2:1', { gridColumn: 14, gridRow: row + 1 }),
          )}
          {([1, 2, 3] as const).map((d) =>
            outside({ kind: 'dozen', index: d }, t('dozen', { n: d }), {
              gridColumn: `${2 + (d - 1) * 4} / span 4`,
              gridRow: 4,
            }),
          )}
          {outside({ kind: 'low' }, t('low'), { gridColumn: '2 / span 2', gridRow: 5 })}
          {outside({ kind: 'even' }, t('even'), { gridColumn: '4 / span 2', gridRow: 5 })}
          {outside({ kind: 'red' }, t('red'), { gridColumn: '6 / span 2', gridRow: 5 }, 'diamond diamond--red')}
          {outside({ kind: 'black' }, t('black'), { gridColumn: '8 / span 2', gridRow: 5 }, 'diamond diamond--black')}
          {outside({ kind: 'odd' }, t('odd'), { gridColumn: '10 / span 2', gridRow: 5 })}
          {outside({ kind: 'high' }, t('high'), { gridColumn: '12 / span 2', gridRow: 5 })}
        </div>
      </div>
      {result && (
        <ul className="roulette__bets" aria-label={t('totalBet')}>
          {result.bets.map((b, i) => (
            <li key={i} className={b.win ? 'ok' : 'muted'}>
              {label({
                kind: b.bet.kind as Kind,
                ...(b.bet.numbers ? { numbers: b.bet.numbers } : {}),
                ...(b.bet.index ? { index: b.bet.index as 1 | 2 | 3 } : {}),
              })}{' '}
              · {money(b.bet.amount)} → {b.win ? `${t('won')} ${money(b.payout)}` : t('lost')}
            </li>
          ))}
        </ul>
      )}
      <fieldset className="seg seg--wrap" disabled={busy}>
        <legend className="visually-hidden">{t('betType')}</legend>
        {INSIDE.map((k) => (
          <button key={k} type="button" aria-pressed={mode === k} onClick={() => setMode(k)}>
            {t(k)}
          </button>
        ))}
      </fieldset>
      <div className="roulette__controls">
        <fieldset className="chips" disabled={busy}>
          <legend>{t('chip')}</legend>
          {chips.map((c) => (
            <button
              key={c}
              type="button"
              className="chip chip--pick"
              aria-pressed={c === chip}
              onClick={() => setChip(c)}
            >
              {amount(c)}
            </button>
          ))}
        </fieldset>
        <div className="roulette__buttons">
          <button type="button" className="btn btn--ghost" onClick={undo} disabled={busy || history.length === 0}>
            ↶ {t('undo')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={clear} disabled={busy || bets.size === 0}>
            {t('clear')}
          </button>
        </div>
      </div>
      <button type="button" className="btn btn--primary btn--play" onClick={spin} disabled={busy || bets.size === 0}>
        {t('spin')} {bets.size > 0 ? `· ${money(total)}` : ''}
      </button>
    </div>
  );
}
