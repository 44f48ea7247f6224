import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useGame } from './ctx.ts';
import { Shield } from './icons.tsx';
import { betOptions, parseMinor } from './money.ts';
import type { RevealedSeeds, Round, Seeds, StudioBackend } from './types.ts';
import { type Verification, verifyRound } from './verify.ts';

export interface Toast {
  id: number;
  text: string;
  kind: 'error' | 'info';
}

export function TopBar({ title, balance, onFair }: { title: string; balance: string; onFair: () => void }) {
  const { session, t, amount } = useGame();
  return (
    <header className="topbar">
      <a className="topbar__lobby" href={session.lobbyUrl} target="_top" aria-label={t('lobby')}>
        <span aria-hidden="true">‹</span>
        <span className="topbar__lobby-text">{t('lobby')}</span>
      </a>
      <h1 className="topbar__title">{title}</h1>
      {session.mode === 'demo' && <span className="badge badge--demo">{t('demo')}</span>}
      <div className="topbar__balance" aria-live="polite">
        <span className="topbar__label">{t('balance')}</span>
        <span className="topbar__amount">
          {amount(balance)} <span className="topbar__currency">{session.currency}</span>
        </span>
      </div>
      <button type="button" className="btn btn--ghost btn--small topbar__fair" onClick={onFair}>
        <Shield /> <span className="topbar__fair-text">{t('fair')}</span>
      </button>
    </header>
  );
}

export function BetSelector({
  bet,
  setBet,
  disabled,
  balance,
}: {
  bet: string;
  setBet: (b: string) => void;
  disabled: boolean;
  balance: string;
}) {
  const { session, t, amount } = useGame();
  const { minBet, maxBet } = session.limits;
  const steps = betOptions(session.limits);
  const index = steps.indexOf(bet);
  const move = (d: number) => {
    const i = index < 0 ? 0 : Math.min(steps.length - 1, Math.max(0, index + d));
    const next = steps[i];
    if (next) setBet(next);
  };
  const over = parseMinor(bet) > parseMinor(balance);
  return (
    <section className="betbar" aria-label={t('bet')}>
      <div className="betbar__stepper">
        <button
          type="button"
          className="btn btn--round"
          onClick={() => move(-1)}
          disabled={disabled || index <= 0}
          aria-label={t('betLower')}
        >
          −
        </button>
        <div className={`betbar__value${over ? ' betbar__value--over' : ''}`}>
          <span className="betbar__label">{t('bet')}</span>
          <output aria-live="polite">
            {amount(bet)} <small>{session.currency}</small>
          </output>
        </div>
        <button
          type="button"
          className="btn btn--round"
          onClick={() => move(1)}
          disabled={disabled || index >= steps.length - 1}
          aria-label={t('betHigher')}
        >
          +
        </button>
      </div>
      <fieldset className="betbar__chips" disabled={disabled}>
        <legend className="visually-hidden">{t('bet')}</legend>
        {steps.map((s) => (
          <button
            key={s}
            type="button"
            className="chip-btn"
            aria-pressed={s === bet}
            onClick={() => setBet(s)}
            title={s === minBet ? t('min') : s === maxBet ? t('max') : undefined}
          >
            {s === minBet ? `${t('min')} ` : s === maxBet ? `${t('max')} ` : ''}
            {amount(s)}
          </button>
        ))}
      </fieldset>
    </section>
  );
}

export function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const { t } = useGame();
  return (
    <div className="toasts" role="alert" aria-live="assertive">
      {toasts.map((x) => (
        <div key={x.id} className={`toast toast--${x.kind}`}>
          <span>{x.text}</span>
          <button type="button" className="toast__close" onClick={() => onDismiss(x.id)} aria-label={t('close')}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

export function FairnessDialog({
  backend,
  seeds,
  setSeeds,
  onClose,
  onError,
  onInfo,
}: {
  backend: StudioBackend;
  seeds: Seeds;
  setSeeds: (s: Seeds) => void;
  onClose: () => void;
  onError: (e: unknown) => void;
  onInfo: (text: string) => void;
}) {
  const { t, money } = useGame();
  const ref = useRef<HTMLDialogElement>(null);
  const [clientSeed, setClientSeed] = useState(seeds.clientSeed);
  const [revealed, setRevealed] = useState<RevealedSeeds | null>(null);
  const [rounds, setRounds] = useState<Round[] | null>(null);
  const [checks, setChecks] = useState<Record<string, Verification>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
    return () => d?.close?.();
  }, []);

  const loadRounds = () =>
    backend.rounds(20).then(
      (r) => setRounds(r.rounds),
      (e) => {
        setRounds([]);
        onError(e);
      },
    );
  // Loaded once when the panel opens.
  useEffect(() => {
    loadRounds();
  }, []);

  const valid = CLIENT_SEED.test(clientSeed);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    try {
      const r = await backend.setClientSeed(clientSeed);
      setSeeds(r.seeds);
      onInfo(t('seedSaved'));
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  const rotate = async () => {
    setBusy(true);
    try {
      const r = await backend.rotateSeeds(valid && clientSeed !== seeds.clientSeed ? clientSeed : undefined);
      setRevealed(r.revealed);
      setSeeds(r.seeds);
      setClientSeed(r.seeds.clientSeed);
      setChecks({});
      await loadRounds();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  const check = (round: Round) => setChecks((c) => ({ ...c, [round.id]: verifyRound(round) }));

  return (
    <dialog ref={ref} className="fair" aria-labelledby="fair-title" onClose={onClose} onCancel={onClose}>
      <div className="fair__head">
        <h2 id="fair-title">{t('fair')}</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose} aria-label={t('close')}>
          ×
        </button>
      </div>
      <p className="fair__intro">{t('fairIntro')}</p>
      <dl className="fair__seeds">
        <dt>{t('serverSeedHash')}</dt>
        <dd className="mono">{seeds.serverSeedHash}</dd>
        <dt>{t('nonce')}</dt>
        <dd className="mono">{seeds.nonce}</dd>
      </dl>
      <form className="fair__form" onSubmit={save}>
        <label htmlFor="client-seed">{t('clientSeed')}</label>
        <div className="fair__row">
          <input
            id="client-seed"
            className="input mono"
            value={clientSeed}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={!valid}
            aria-describedby="client-seed-rule"
            onChange={(e) => setClientSeed(e.target.value)}
          />
          <button type="submit" className="btn btn--ghost" disabled={busy || !valid || clientSeed === seeds.clientSeed}>
            {t('saveSeed')}
          </button>
        </div>
        <small id="client-seed-rule" className={valid ? 'muted' : 'danger'}>
          {t('seedRule')}
        </small>
      </form>
      <button type="button" className="btn btn--primary btn--block" onClick={rotate} disabled={busy}>
        {t('rotate')}
      </button>
      {revealed && (
        <div className="fair__revealed" aria-live="polite">
          <strong>{t('revealedSeed')}</strong>
          <code className="mono">{revealed.serverSeed}</code>
          <small className="muted mono">
            {revealed.serverSeedHash} · {revealed.clientSeed} · {revealed.nonce}
          </small>
        </div>
      )}
      <h3>{t('recentRounds')}</h3>
      {rounds === null ? (
        <p className="muted">{t('loading')}</p>
      ) : rounds.length === 0 ? (
        <p className="muted">{t('noRounds')}</p>
      ) : (
        <ul className="fair__rounds">
          {rounds.map((r) => {
            const c = checks[r.id];
            return (
              <li key={r.id} className="fair__round">
                <div className="fair__round-line">
                  <span className="mono">#{r.nonce}</span>
                  <span>{money(r.bet)}</span>
                  <span className={parseMinor(r.payout) > 0n ? 'gold' : 'muted'}>→ {money(r.payout)}</span>
                  {r.status !== 'settled' ? (
                    <span className="muted">{r.status === 'open' ? t('open') : t('rolledBack')}</span>
                  ) : (
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => check(r)}>
                      {t('verify')}
                    </button>
                  )}
                </div>
                {c && <VerificationView v={c} />}
              </li>
            );
          })}
        </ul>
      )}
    </dialog>
  );
}

function VerificationView({ v }: { v: Verification }) {
  const { t } = useGame();
  if (v.status === 'unrevealed') return <p className="verify verify--wait">{t('notRevealed')}</p>;
  if (v.status === 'unsupported') return <p className="verify verify--bad">{v.reason}</p>;
  const line = (ok: boolean, yes: string, no: string) => (
    <li className={ok ? 'ok' : 'bad'}>
      <span aria-hidden="true">{ok ? '✔' : '✘'}</span> {ok ? yes : no}
    </li>
  );
  return (
    <ul className="verify" aria-live="polite">
      {line(v.hashOk, t('hashOk'), t('hashBad'))}
      {line(v.outcomeOk, t('outcomeOk'), `${t('outcomeBad')} (${v.mismatch ?? ''})`)}
      {line(v.payoutOk, t('payoutOk'), t('payoutBad'))}
    </ul>
  );
}
