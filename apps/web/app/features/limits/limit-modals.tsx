import type { Currency, Limit } from '@croupier/contracts';
import { LimitDefinition } from '@croupier/contracts/reference/index';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../shared/forms/api-errors.ts';
import { Field } from '../../shared/forms/field.tsx';
import { SelectField } from '../../shared/forms/select-field.tsx';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { ModalProps } from '../../shared/modals/types.ts';
import {
  displayUnit,
  findCurrency,
  formatMoney,
  fromDisplayAmount,
  toDisplayAmount,
  useCurrencies,
} from '../../shared/money/money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useSession } from '../../shared/session/session.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Icon, type IconName } from '../../shared/ui/icons.tsx';
import { useWallet } from '../wallet/index.ts';
import { CASH_PERIODS, isCashDefinition, KIND_KEY } from './limit-rules.ts';
import { K, usePeriodLabel } from './limits-page.tsx';
import { reloadLimits, useLimits } from './limits-store.ts';
import './limits.css';

const M = `${K}.modals`;

function Frame({
  titleId,
  title,
  icon = 'info',
  children,
}: {
  titleId: string;
  title: string;
  icon?: IconName;
  children: ReactNode;
}) {
  return (
    <div className="modal-message limit-modal">
      <span className="modal-message__icon" aria-hidden="true">
        <Icon name={icon} size={32} />
      </span>
      <h2 id={titleId}>{title}</h2>
      {children}
    </div>
  );
}

/** The typed amount in major units of the currency, or null while it is not a non-negative number. */
function majorOf(text: string, currency: Currency | null): number | null {
  const clean = text.trim().replace(',', '.');
  if (!clean || !/^\d+(\.\d+)?$/.test(clean)) return null;
  try {
    const major = currency ? fromDisplayAmount(clean, currency) : Number(clean);
    return Number.isFinite(major) && major >= 0 ? major : null;
  } catch {
    return null;
  }
}

/** Sends one change; refetches the list whatever the answer; a 422 puts its `fields` under the inputs. */
function useSave(close: () => void) {
  const { t } = useI18n();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const run = async (request: () => Promise<unknown>) => {
    setBusy(true);
    setFields({});
    setFailed(false);
    try {
      await request();
      toasts.show({ type: 'success', title: t('alerts.limitSaved.title'), description: t('alerts.limitSaved.text') });
      void reloadLimits();
      close();
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (errors) setFields(errors);
      else setFailed(true);
      void reloadLimits();
      setBusy(false);
    }
  };
  return { busy, fields, failed, run, setFields };
}

/** add-cash-limit: `?add-cash-limit=3` (deposit), `=2` (loss), `=1` (bet); `-all` offers every currency. */
export function AddCashLimitModal({ type, close, titleId }: ModalProps) {
  const { t } = useI18n();
  const [head, all] = type.split('-');
  const definition = Number(head);
  const currencies = useCurrencies();
  const { accounts, active } = useWallet();
  const periodLabel = usePeriodLabel();
  const save = useSave(close);
  const own = accounts.map((a) => a.currency);
  const codes = all === 'all' ? currencies.map((c) => c.code) : own.length > 0 ? own : currencies.map((c) => c.code);
  const [currency, setCurrency] = useState(active?.currency ?? codes[0] ?? '');
  const [period, setPeriod] = useState<string>(CASH_PERIODS[0]);
  const [amount, setAmount] = useState('');
  const valid = isCashDefinition(definition);
  useEffect(() => {
    if (!valid) close();
  }, [valid, close]);
  useEffect(() => {
    if (!currency && codes[0]) setCurrency(codes[0]);
  }, [currency, codes]);
  if (!valid) return null;
  const unit = findCurrency(currencies, currency);
  const kind = KIND_KEY[definition];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const major = majorOf(amount, unit ?? null);
    if (major === null) {
      save.setFields({ amount: t(`${M}.amountInvalid`) });
      return;
    }
    void save.run(() => browserApi().limits.create({ body: { definition, period, currency, amount: major } }));
  };

  return (
    <Frame titleId={titleId} title={t(`${M}.addTitle`, { kind: t(`${K}.${kind}.title`) })}>
      <p>{t(`${M}.addText`)}</p>
      <form className="stack" onSubmit={submit} noValidate>
        <SelectField
          name="currency"
          label={t(`${M}.currency`)}
          placeholder={t(`${M}.choose`)}
          options={[...new Set(codes)].map((c) => ({ value: c, label: c }))}
          value={currency}
          error={save.fields.currency}
          onChange={(e) => setCurrency(e.currentTarget.value)}
        />
        <SelectField
          name="period"
          label={t(`${K}.period`)}
          placeholder={t(`${M}.choose`)}
          options={CASH_PERIODS.map((p) => ({ value: p, label: periodLabel(p) }))}
          value={period}
          error={save.fields.period}
          onChange={(e) => setPeriod(e.currentTarget.value)}
        />
        <Field
          name="amount"
          label={t(`${M}.amount`, { currency: unit ? displayUnit(unit).code : currency })}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={save.fields.amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          required
        />
        {save.failed && (
          <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={save.busy}
          aria-busy={save.busy || undefined}
        >
          {t(`${M}.save`)}
        </button>
        <button type="button" className="button button--ghost button--block" onClick={close}>
          {t('global-components.common.cancel')}
        </button>
      </form>
    </Frame>
  );
}

/** edit-cash-limit: `?edit-cash-limit={limitId}`. A lower amount applies at once, a higher one after 24 h. */
export function EditCashLimitModal({ type, close, titleId }: ModalProps) {
  const { t, locale } = useI18n();
  const limits = useLimits();
  const currencies = useCurrencies();
  const periodLabel = usePeriodLabel();
  const limit: Limit | undefined = limits.items.find((l) => l.id === type);
  const unit = findCurrency(currencies, limit?.currency);
  const save = useSave(close);
  const [amount, setAmount] = useState<string | null>(null);
  const missing = limits.state === 'ready' && (!limit || !isCashDefinition(limit.definition));
  if (limits.state !== 'ready' && !limit) {
    return (
      <Frame titleId={titleId} title={t('global-components.common.loading')}>
        <p aria-busy="true">{t('global-components.common.loading')}</p>
      </Frame>
    );
  }
  if (missing || !limit) {
    return (
      <Frame titleId={titleId} title={t(`${M}.missingTitle`)}>
        <p>{t(`${M}.missing`)}</p>
        <button type="button" className="button button--primary button--block" onClick={close}>
          {t('global-components.common.close')}
        </button>
      </Frame>
    );
  }
  const shown = amount ?? String(unit ? toDisplayAmount(limit.amount ?? 0, unit) : (limit.amount ?? 0));
  const locked = limit.pendingExist || limit.cancelProcess;
  const kind = KIND_KEY[limit.definition as 1 | 2 | 3];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const major = majorOf(shown, unit ?? null);
    if (major === null) {
      save.setFields({ amount: t(`${M}.amountInvalid`) });
      return;
    }
    void save.run(() => browserApi().limits.update({ params: { limitId: limit.id }, body: { amount: major } }));
  };

  return (
    <Frame titleId={titleId} title={t(`${M}.editTitle`, { kind: t(`${K}.${kind}.title`) })}>
      <p>
        {limit.currency} · {periodLabel(limit.period)} —{' '}
        {unit ? formatMoney(limit.amount ?? 0, unit, locale) : limit.amount}
      </p>
      <p className="muted">{t(`${M}.editText`)}</p>
      {locked && (
        <Alert tone="info" text={limit.cancelProcess ? t(`${K}.removalWaiting`) : t(`${K}.increaseWaiting`)} />
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          name="amount"
          label={t(`${M}.amount`, { currency: unit ? displayUnit(unit).code : (limit.currency ?? '') })}
          inputMode="decimal"
          autoComplete="off"
          value={shown}
          error={save.fields.amount}
          disabled={locked}
          onChange={(e) => setAmount(e.currentTarget.value)}
          required
        />
        {save.failed && (
          <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={save.busy || locked}
          aria-busy={save.busy || undefined}
        >
          {t(`${M}.save`)}
        </button>
        <button type="button" className="button button--ghost button--block" onClick={close}>
          {t('global-components.common.cancel')}
        </button>
      </form>
    </Frame>
  );
}

/** self-exclusion-limit: `?self-exclusion-limit={period}`. Confirmed, it closes every session: logout follows. */
export function SelfExclusionLimitModal({ type, close, titleId }: ModalProps) {
  const { t, href } = useI18n();
  const { logout } = useSession();
  const navigate = useNavigate();
  const toasts = useToasts();
  const periodLabel = usePeriodLabel();
  const checkId = useId();
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await browserApi().limits.create({ body: { definition: LimitDefinition.selfExclusion, period: type } });
    } catch {
      setFailed(true);
      setBusy(false);
      return;
    }
    toasts.show({ type: 'warning', title: t('alerts.selfExcluded.title'), description: t('alerts.selfExcluded.text') });
    // The server closed every session already; the client logs out right after (api-contract §6).
    logout('user');
    navigate(href('/'), { replace: true });
  };

  return (
    <Frame titleId={titleId} title={t(`${M}.selfExclusionTitle`)} icon="alert">
      <p>{t(`${M}.selfExclusionText`, { period: periodLabel(type) })}</p>
      <Alert tone="error" text={t(`${M}.selfExclusionWarning`)} />
      <div className="checkbox">
        <input
          id={checkId}
          type="checkbox"
          checked={understood}
          onChange={(e) => setUnderstood(e.currentTarget.checked)}
        />
        <label htmlFor={checkId}>{t(`${M}.selfExclusionUnderstood`)}</label>
      </div>
      {failed && (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      )}
      <button
        type="button"
        className="button button--danger button--block"
        disabled={!understood || busy}
        aria-busy={busy || undefined}
        onClick={() => void confirm()}
      >
        {t(`${M}.selfExclusionConfirm`)}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={close}>
        {t('global-components.common.cancel')}
      </button>
    </Frame>
  );
}
