import { ApiError, ErrorCode, type Wheel, type WheelSpinResult } from '@croupier/contracts';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { turnFor, WheelDisc } from './wheel-disc.tsx';
import { reloadWheels, useWheels } from './wheel-store.ts';
import './wheel.css';

const K = 'global-components.loyalty.wheel';
const SPIN_MS = 3200;

const usable = (wheel: Wheel, now: number) =>
  wheel.playerSpins.filter((s) => s.expireAt === null || Date.parse(s.expireAt) > now);

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

function Result({ result }: { result: WheelSpinResult }) {
  const { t, locale } = useI18n();
  const { format } = useMoney();
  const prize = result.prize;
  let text: string;
  if (!prize || prize.type === 'none') text = t(`${K}.lost`);
  else if (prize.type === 'points')
    text = t(`${K}.won`, { prize: t(`${K}.points`, { points: prize.amount.toLocaleString(locale) }) });
  else text = t(`${K}.won`, { prize: prize.currency ? format(prize.amount, prize.currency) : result.title });
  return (
    <div className="wheel-result" data-testid="wheel-result">
      <p className="wheel-result__title">{text}</p>
      {result.fairness && (
        <details className="wheel-fairness">
          <summary>{t(`${K}.fairness`)}</summary>
          <dl>
            <dt>{t(`${K}.serverSeedHash`)}</dt>
            <dd>{result.fairness.serverSeedHash}</dd>
            <dt>{t(`${K}.serverSeed`)}</dt>
            <dd>{result.fairness.serverSeed}</dd>
            <dt>{t(`${K}.clientSeed`)}</dt>
            <dd>{result.fairness.clientSeed}</dd>
            <dt>{t(`${K}.nonce`)}</dt>
            <dd>{result.fairness.nonce}</dd>
          </dl>
        </details>
      )}
    </div>
  );
}

function Countdown({ at }: { at: string }) {
  const { t, locale } = useI18n();
  const hours = Math.max(0, (Date.parse(at) - Date.now()) / 3_600_000);
  const time = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', maximumFractionDigits: 0 }).format(
    Math.ceil(hours),
  );
  return <p className="wheel-panel__spins">{t(`${K}.noSpins`, { time })}</p>;
}

/** One spin's round trip: the answer, the disc turned to its sector, the result once it stops. */
function useSpin(wheel: Wheel) {
  const { t } = useI18n();
  const toasts = useToasts();
  const [turn, setTurn] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<WheelSpinResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const spin = async () => {
    setError(null);
    setResult(null);
    setSpinning(true);
    try {
      const { data } = await browserApi().retentionWheel.spinWheel({ params: { wheelId: wheel.id }, body: {} });
      const index = Math.max(
        0,
        wheel.items.findIndex((i) => i.id === data.id),
      );
      setTurn((from) => turnFor(from, index, wheel.items.length));
      const done = () => {
        setSpinning(false);
        setResult(data);
        // One spin fewer here; the list reloads for the new count (api-contract §11.4).
        reloadWheels();
      };
      if (reducedMotion()) done();
      else timer.current = setTimeout(done, SPIN_MS);
    } catch (e) {
      setSpinning(false);
      if (e instanceof ApiError && e.code === ErrorCode.spinsExpired) {
        toasts.show({
          type: 'info',
          title: t('alerts.spinsExpired.title'),
          description: t('alerts.spinsExpired.text'),
        });
        reloadWheels();
      } else setError(t(`${K}.spinFailed`));
    }
  };
  return { turn, spinning, result, error, spin };
}

/** Spins left, the countdown to the next daily spin, or the way in for a guest. */
function SpinsStatus({ wheel, left }: { wheel: Wheel; left: number }) {
  const { t } = useI18n();
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <p className="wheel-panel__spins">{t(`${K}.signIn`)}</p>;
  if (left > 0)
    return (
      <p className="wheel-panel__spins" data-testid="wheel-spins">
        {t(`${K}.spinsLeft`, { count: left })}
      </p>
    );
  if (wheel.limitRefreshAt) return <Countdown at={wheel.limitRefreshAt} />;
  return <p className="wheel-panel__spins">{t(`${K}.noSpinsPlain`)}</p>;
}

function WheelCard({ wheel }: { wheel: Wheel }) {
  const { t } = useI18n();
  const { isLoggedIn } = useSession();
  const { turn, spinning, result, error, spin } = useSpin(wheel);
  const left = usable(wheel, Date.now()).length;
  return (
    <section className="card wheel-panel" aria-labelledby={`wheel-${wheel.id}`} data-testid="wheel-panel">
      <div className="wheel-panel__head">
        <h2 id={`wheel-${wheel.id}`}>{wheel.title}</h2>
        <p className="wheel-panel__intro">{t(`${K}.intro`)}</p>
      </div>
      <WheelDisc wheel={wheel} turn={turn} spinning={spinning} />
      <div className="wheel-panel__side">
        <h3 className="wheel-panel__subtitle">{t(`${K}.sectors`)}</h3>
        <ul className="wheel-panel__items">
          {wheel.items.map((item) => (
            <li key={item.id}>
              <span>{item.title}</span>
              {item.dropRate !== undefined && <span className="wheel-panel__rate">{item.dropRate}%</span>}
            </li>
          ))}
        </ul>
        <SpinsStatus wheel={wheel} left={left} />
        {isLoggedIn && (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={spinning || left === 0}
            aria-busy={spinning}
            onClick={() => void spin()}
          >
            {spinning ? t(`${K}.spinning`) : t(`${K}.spin`)}
          </button>
        )}
        <div aria-live="polite">{result && <Result result={result} />}</div>
        {error && <Alert tone="error" text={error} />}
      </div>
    </section>
  );
}

/** The wheels of fortune (api-contract §11.4) on the /loyalty page (decision 0060): spin, see the prize. */
export function WheelPanel() {
  const { t } = useI18n();
  const { wheels, failed } = useWheels();
  if (failed) return <Alert tone="error" text={t(`${K}.spinFailed`)} />;
  if (!wheels)
    return (
      <div className="card wheel-panel" role="status" aria-busy="true">
        <span className="visually-hidden">{t('global-components.common.loading')}</span>
        <Skeleton lines={4} />
      </div>
    );
  const running = wheels.filter((w) => w.state === 3);
  if (running.length === 0) return null;
  return (
    <>
      {running.map((w) => (
        <WheelCard key={w.id} wheel={w} />
      ))}
    </>
  );
}
