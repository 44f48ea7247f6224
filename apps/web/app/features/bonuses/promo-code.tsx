import { type BonusCode, BonusCodeStatus, BonusCodeTrigger, ErrorCode } from '@croupier/contracts';
import { useEffect, useId, useState } from 'react';
import { pushEvent } from '../../shared/analytics/data-layer.ts';
import { codeOf } from '../../shared/forms/api-errors.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { browserApi } from '../../shared/session/runtime.ts';
import { safeStorage } from '../../shared/session/storage.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { CODE_LOCK_SECONDS } from './bonus-rules.ts';
import { scheduleRefresh } from './bonus-store.ts';
import { markCodeHandledHere } from './code-events.ts';

const K = 'global-components.bonuses.promo';
const LOCK_KEY = 'croupier:bonus-code-lock';

/** Seconds left of the 180 s lock after error code 5 (api-contract §10), kept across reloads. */
export function useCodeLock() {
  const read = () => {
    const until = Number(safeStorage.get(LOCK_KEY) ?? 0);
    return Math.max(0, Math.ceil((until - Date.now()) / 1000));
  };
  const [left, setLeft] = useState(0);
  useEffect(() => {
    setLeft(read());
  }, []);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(read()), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const lock = () => {
    safeStorage.set(LOCK_KEY, String(Date.now() + CODE_LOCK_SECONDS * 1000));
    setLeft(CODE_LOCK_SECONDS);
  };
  return { left, lock };
}

export type ClaimOutcome =
  | { kind: 'applied' }
  | { kind: 'attached'; code: BonusCode }
  | { kind: 'refused'; status: number }
  | { kind: 'locked' }
  | { kind: 'failed' };

/**
 * Claims a code (api-contract §10): trigger 1 applies it now; unless `nowOnly`, a code that is not for now
 * (status 4) is attached to the next deposit (trigger 3). An unknown code (3) is not asked again: that would
 * only count one more wrong attempt. Error code 5 answers `locked`. Shared by the promo box and bonus pages.
 */
export async function claimBonusCode(code: string, nowOnly: boolean): Promise<ClaimOutcome> {
  markCodeHandledHere(code);
  try {
    const api = browserApi().bonus;
    const now = (await api.applyBonusCode({ body: { bonusCode: code, trigger: BonusCodeTrigger.now } })).data;
    if (now.status === BonusCodeStatus.applied) {
      scheduleRefresh();
      return { kind: 'applied' };
    }
    if (nowOnly || now.status === BonusCodeStatus.incorrect) return { kind: 'refused', status: now.status };
    markCodeHandledHere(code);
    const later = (await api.applyBonusCode({ body: { bonusCode: code, trigger: BonusCodeTrigger.deposit } })).data;
    if (later.status === BonusCodeStatus.attached || later.status === BonusCodeStatus.applied) {
      return { kind: 'attached', code: later };
    }
    return { kind: 'refused', status: later.status };
  } catch (failure) {
    return codeOf(failure) === ErrorCode.tooManyAttempts ? { kind: 'locked' } : { kind: 'failed' };
  }
}

/** The alert key of a refused code's status (3 incorrect, otherwise not available). */
export const refusalKey = (status: number) =>
  status === BonusCodeStatus.incorrect ? 'bonusCodeIncorrect' : 'bonusCodeNotAvailable';

export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

interface Props {
  /** plain: trigger 1 only (profile); deposit: trigger 1, else attach with trigger 3 (wallet). */
  mode: 'plain' | 'deposit';
  /** The code attached to the next deposit (deposit mode). */
  attached?: BonusCode | null;
  onAttachedChange?: (code: BonusCode | null) => void;
}

/**
 * The promo-code box (api-contract §10): applies a code now (status 2: success alert); in the wallet a code
 * that is not for now is attached to the next deposit (trigger 3) and shown with a remove button. Status 3
 * and 4 alert; error code 5 locks the box for 180 s.
 */
export function PromoCodeBox({ mode, attached = null, onAttachedChange }: Props) {
  const t = useT();
  const toasts = useToasts();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { left, lock } = useCodeLock();
  const locked = left > 0;

  const alert = (key: string, type: 'error' | 'success') =>
    toasts.show({ type, title: t(`alerts.${key}.title`), description: t(`alerts.${key}.text`) });
  const refused = (status: number) => {
    const key = refusalKey(status);
    setError(t(`alerts.${key}.text`));
    alert(key, 'error');
  };

  const submit = async () => {
    const code = value.trim();
    if (busy || locked) return;
    if (!code) {
      setError(t(`${K}.required`));
      return;
    }
    setBusy(true);
    setError(null);
    pushEvent('wallet', { step: 'promo submit', mode });
    const outcome = await claimBonusCode(code, mode === 'plain');
    setBusy(false);
    if (outcome.kind === 'applied') {
      setValue('');
      alert('bonusCodeApplied', 'success');
    } else if (outcome.kind === 'attached') {
      setValue('');
      onAttachedChange?.(outcome.code);
    } else if (outcome.kind === 'refused') refused(outcome.status);
    else if (outcome.kind === 'locked') {
      lock();
      alert('bonusCodeTooManyAttempts', 'error');
    } else setError(t('global-components.bonuses.actionFailed'));
  };

  const remove = async () => {
    if (!attached || busy) return;
    setBusy(true);
    setError(null);
    try {
      await browserApi().bonus.removeBonusCode({ body: { playerBonusCodeId: attached.id } });
      onAttachedChange?.(null);
    } catch {
      setError(t('global-components.bonuses.actionFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (attached) {
    return (
      <div className="promo promo--attached" data-testid="attached-code">
        <span className="promo__icon" aria-hidden="true">
          <Icon name="gift" size={20} />
        </span>
        <p className="promo__attached" role="status">
          {t(`${K}.attached`, { code: attached.bonusCode })}
        </p>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          aria-label={t(`${K}.removeNamed`, { code: attached.bonusCode })}
          onClick={() => void remove()}
        >
          {t(`${K}.remove`)}
        </button>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }

  const errorId = `${id}-error`;
  const lockId = `${id}-lock`;
  return (
    <div className="promo" data-testid="promo-code">
      <label className="field__label" htmlFor={id}>
        {t(`${K}.label`)}
      </label>
      <div className="promo__row">
        <input
          id={id}
          name="bonusCode"
          className={`input promo__input${error ? ' input--invalid' : ''}`}
          value={value}
          placeholder={t(`${K}.placeholder`)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          disabled={locked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error && errorId, locked && lockId].filter(Boolean).join(' ') || undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            // Inside the deposit form Enter must apply the code, not submit the deposit.
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <button
          type="button"
          className="button button--primary promo__apply"
          disabled={busy || locked}
          onClick={() => void submit()}
        >
          {busy ? t(`${K}.applying`) : t(`${K}.apply`)}
        </button>
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      {locked && (
        <p id={lockId} className="field__hint" data-testid="promo-locked">
          {t(`${K}.locked`, { time: clock(left) })}
        </p>
      )}
    </div>
  );
}
