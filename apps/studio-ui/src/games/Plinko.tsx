import { plinko } from '@croupier/games';
import { useRef, useState } from 'react';
import { sleep, useGame, usePrimaryAction } from '../ctx.ts';
import { formatMultiplier } from '../money.ts';

type Rows = 8 | 12 | 16;
interface Outcome {
  path: boolean[];
  bucket: number;
  payout: string;
}

const W = 400;
const TOP = 24;

export function Plinko() {
  const { t, play, settle, setLocked, reducedMotion, money, locale } = useGame();
  const [rows, setRows] = useState<Rows>(12);
  const [busy, setBusy] = useState(false);
  const [ball, setBall] = useState<{ step: number; path: boolean[] } | null>(null);
  const [last, setLast] = useState<Outcome | null>(null);
  const busyRef = useRef(false);

  const table = plinko.PLINKO_DEFAULT.paytable[rows];
  const gap = W / (rows + 2);
  const rowH = gap * 0.9;
  const H = TOP + rowH * rows + 44;
  const pegX = (row: number, k: number) => W / 2 + (k - row / 2) * gap;
  const pegY = (row: number) => TOP + row * rowH;

  // Ball position after `step` pegs: its x is set by the number of rights so far.
  const ballPos = (step: number, path: boolean[]) => {
    const rights = path.slice(0, step).filter(Boolean).length;
    return { x: W / 2 + (rights - step / 2) * gap, y: step === 0 ? TOP - 14 : pegY(step - 1) + rowH * 0.55 };
  };

  const run = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setLocked(true);
    setLast(null);
    const round = await play({ game: 'plinko', rows });
    if (round) {
      const o = round.outcome as Outcome;
      if (reducedMotion) setBall({ step: o.path.length, path: o.path });
      else {
        for (let s = 0; s <= o.path.length; s += 1) {
          setBall({ step: s, path: o.path });
          await sleep(s === 0 ? 60 : 110);
        }
      }
      setLast(o);
      settle();
    }
    busyRef.current = false;
    setBusy(false);
    setLocked(false);
  };
  usePrimaryAction(run);

  const slotW = gap;
  const slotY = pegY(rows - 1) + rowH * 0.7;
  const pos = ball ? ballPos(ball.step, ball.path) : null;
  const landing = ball && ball.step === ball.path.length ? ball.path.filter(Boolean).length : null;
  return (
    <div className="plinko">
      <svg className="plinko__board" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Plinko">
        {Array.from({ length: rows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, k) => (
            <circle
              key={`${row}-${k}`}
              cx={pegX(row, k - 1)}
              cy={pegY(row)}
              r={Math.max(2.2, gap * 0.09)}
              className="peg"
            />
          )),
        )}
        {table.map((bp, i) => {
          const x = W / 2 + (i - rows / 2) * gap - slotW / 2 + 1.5;
          const heat = Math.abs(i - rows / 2) / (rows / 2);
          return (
            <g key={i} className={`bucket${landing === i ? ' is-hit' : ''}`}>
              <rect
                x={x}
                y={slotY}
                width={slotW - 3}
                height={26}
                rx={5}
                style={{ fill: `hsl(${45 - heat * 45} 95% ${48 + heat * 6}%)` }}
              />
              <text x={x + (slotW - 3) / 2} y={slotY + 17} textAnchor="middle" fontSize={Math.min(11, gap * 0.36)}>
                {bp >= 100_000 ? `${bp / 10_000}` : (bp / 10_000).toString()}×
              </text>
            </g>
          );
        })}
        {pos && (
          <circle
            className="ball"
            cx={0}
            cy={0}
            r={Math.max(4, gap * 0.2)}
            style={{ transform: `translate(${pos.x}px, ${pos.y}px)` }}
          />
        )}
      </svg>
      <div className="plinko__result" aria-live="polite">
        {last && (
          <p className={BigInt(last.payout) > 0n ? 'win-amount' : 'muted'}>
            {formatMultiplier(BigInt(table[last.bucket] ?? 0), 10_000n, 2, locale)} — {t('win')}: {money(last.payout)}
          </p>
        )}
      </div>
      <div className="controls-row">
        <div className="field">
          <span id="plinko-rows">{t('rows')}</span>
          <fieldset className="seg" aria-labelledby="plinko-rows">
            {([8, 12, 16] as const).map((r) => (
              <button key={r} type="button" aria-pressed={rows === r} disabled={busy} onClick={() => setRows(r)}>
                {r}
              </button>
            ))}
          </fieldset>
        </div>
      </div>
      <button type="button" className="btn btn--primary btn--play" onClick={run} disabled={busy}>
        {t('drop')}
      </button>
    </div>
  );
}
