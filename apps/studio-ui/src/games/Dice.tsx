import { dice } from '@croupier/games';
import { useRef, useState } from 'react';
import { sleep, useGame, usePrimaryAction } from '../ctx.ts';
import { formatMultiplier, payFor } from '../money.ts';

interface Outcome {
  roll: number;
  win: boolean;
  payout: string;
}

const CFG = dice.DICE_DEFAULT;
const pct = (bp: number) => (bp / 100).toFixed(2);

export function Dice() {
  const { t, play, settle, setLocked, reducedMotion, money, bet, locale } = useGame();
  const [chance, setChance] = useState(4950);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<Outcome | null>(null);
  const [marker, setMarker] = useState<number | null>(null);
  const busyRef = useRef(false);

  const m = dice.diceMultiplier(CFG, chance);
  const winAmount = payFor(bet, m.num, m.den);
  // Win zone on the 0.00–99.99 bar.
  const zoneStart = over ? 10_000 - chance : 0;

  const run = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setLocked(true);
    setLast(null);
    const round = await play({ game: 'dice', chanceBp: chance, over });
    if (round) {
      const o = round.outcome as Outcome;
      setMarker(o.roll);
      await sleep(reducedMotion ? 0 : 450);
      setLast(o);
      settle();
    }
    busyRef.current = false;
    setBusy(false);
    setLocked(false);
  };
  usePrimaryAction(run);

  const target = over ? `> ${pct(10_000 - chance)}` : `< ${pct(chance)}`;
  return (
    <div className="dice">
      <div className="dice__stats">
        <div className="stat">
          <span className="stat__label">{t('multiplier')}</span>
          <span className="stat__value">{formatMultiplier(m.num, m.den, 4, locale)}</span>
        </div>
        <div className="stat">
          <span className="stat__label">{t('winChance')}</span>
          <span className="stat__value">{pct(chance)} %</span>
        </div>
        <div className="stat">
          <span className="stat__label">{t('payoutOnWin')}</span>
          <span className="stat__value gold">{money(winAmount)}</span>
        </div>
      </div>

      <div className="dice__bar" aria-hidden="true">
        <div className="dice__track">
          <div className="dice__zone" style={{ left: `${zoneStart / 100}%`, width: `${chance / 100}%` }} />
          {marker !== null && (
            <div
              className={`dice__marker${last ? (last.win ? ' is-win' : ' is-lose') : ''}`}
              style={{ left: `${marker / 100}%` }}
            >
              <span>{pct(marker)}</span>
            </div>
          )}
        </div>
        <div className="dice__ticks">
          {[0, 25, 50, 75, 100].map((v) => (
            <span key={v}>{v}</span>
          ))}
        </div>
      </div>

      <div className="dice__result" aria-live="polite">
        {last && (
          <p className={last.win ? 'win-amount' : 'muted'}>
            {t('roll')}: <strong>{pct(last.roll)}</strong> ({target}) —{' '}
            {last.win ? t('youWin', { amount: money(last.payout) }) : t('noWin')}
          </p>
        )}
      </div>

      <div className="dice__controls">
        <label className="field" htmlFor="dice-chance">
          <span>
            {t('winChance')}: {pct(chance)} %
          </span>
          <input
            id="dice-chance"
            type="range"
            min={CFG.minChanceBp}
            max={CFG.maxChanceBp}
            step={50}
            value={chance}
            disabled={busy}
            aria-valuetext={`${pct(chance)} %`}
            onChange={(e) => setChance(Number(e.target.value))}
          />
        </label>
        <fieldset className="seg" aria-label={`${t('rollUnder')} / ${t('rollOver')}`}>
          <button type="button" aria-pressed={!over} disabled={busy} onClick={() => setOver(false)}>
            {t('rollUnder')} {pct(chance)}
          </button>
          <button type="button" aria-pressed={over} disabled={busy} onClick={() => setOver(true)}>
            {t('rollOver')} {pct(10_000 - chance)}
          </button>
        </fieldset>
      </div>
      <button type="button" className="btn btn--primary btn--play" onClick={run} disabled={busy}>
        {t('roll')}
      </button>
    </div>
  );
}
