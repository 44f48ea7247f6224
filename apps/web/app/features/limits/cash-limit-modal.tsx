import type { Currency } from '@croupier/contracts';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
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
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { useWallet } from '../wallet/index.ts';
import { LimitFrame } from './limit-frame.tsx';
import { CASH_PERIODS, isCashDefinition, isLocked, KIND_KEY } from './limit-rules.ts';
import { K, usePeriodLabel } from './limits-page.tsx';
import { reloadLimits, useLimits } from './limits-store.ts';
import './limits.css';

const M = `${K}.modals`;

/**
 * One cash limit's modal (api-contract §6), in two modes:
 * - add-cash-limit, `?add-cash-limit=3` (deposit), `=2` (loss), `=1` (bet); `-all` offers every currency;
 * - edit-cash-limit, `?edit-cash-limit={limitId}`: a lower amount applies at once, a higher one after 24 h.
 * Each mode brings what differs (its fields, its request); the amount, its check and the save are one form.
 */
export type CashLimitMode = 'add' | 'edit';

export function CashLimitModal({ mode, ...props }: ModalProps & { mode: CashLimitMode }) {
  return mode === 'add' ? <AddMode {...props} /> : <EditMode {...props} />;
}

// The registry names a component per modal; one per mode, made once so React keeps it across openings.
const MODES: Record<CashLimitMode, (props: ModalProps) => ReactNode> = {
  add: (props) => <CashLimitModal mode="add" {...props} />,
  edit: (props) => <CashLimitModal mode="edit" {...props} />,
};
export const cashLimitModal = (mode: CashLimitMode) => MODES[mode];

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

interface FormProps {
  close: () => void;
  /** Fields before the amount (add: currency and period), under which a 422 puts its errors. */
  fields?: (errors: Record<string, string>) => ReactNode;
  /** The amount's currency code and settings currency (null while the currencies load). */
  currency: string;
  unit: Currency | null;
  /** The amount shown until the player types one. */
  amount: string;
  /** A change waiting out its 24 hours: nothing can be saved. */
  locked: boolean;
  send: (amount: number) => Promise<unknown>;
}

function CashLimitForm({ close, fields, currency, unit, amount: initial, locked, send }: FormProps) {
  const { t } = useI18n();
  const save = useSave(close);
  const [amount, setAmount] = useState<string | null>(null);
  const shown = amount ?? initial;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const major = majorOf(shown, unit);
    if (major === null) {
      save.setFields({ amount: t(`${M}.amountInvalid`) });
      return;
    }
    void save.run(() => send(major));
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {fields?.(save.fields)}
      <Field
        name="amount"
        label={t(`${M}.amount`, { currency: unit ? displayUnit(unit).code : currency })}
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
  );
}

/** A new limit: the definition from the query value; currency, period and amount chosen here. */
function AddMode({ type, close, titleId }: ModalProps) {
  const { t } = useI18n();
  const [head, all] = type.split('-');
  const definition = Number(head);
  const currencies = useCurrencies();
  const { accounts, active } = useWallet();
  const periodLabel = usePeriodLabel();
  const own = accounts.map((a) => a.currency);
  const codes = all === 'all' ? currencies.map((c) => c.code) : own.length > 0 ? own : currencies.map((c) => c.code);
  const [currency, setCurrency] = useState(active?.currency ?? codes[0] ?? '');
  const [period, setPeriod] = useState<string>(CASH_PERIODS[0]);
  const valid = isCashDefinition(definition);
  useEffect(() => {
    if (!valid) close();
  }, [valid, close]);
  useEffect(() => {
    if (!currency && codes[0]) setCurrency(codes[0]);
  }, [currency, codes]);
  if (!valid) return null;

  return (
    <LimitFrame titleId={titleId} title={t(`${M}.addTitle`, { kind: t(`${K}.${KIND_KEY[definition]}.title`) })}>
      <p>{t(`${M}.addText`)}</p>
      <CashLimitForm
        close={close}
        fields={(errors) => (
          <>
            <SelectField
              name="currency"
              label={t(`${M}.currency`)}
              placeholder={t(`${M}.choose`)}
              options={[...new Set(codes)].map((c) => ({ value: c, label: c }))}
              value={currency}
              error={errors.currency}
              onChange={(e) => setCurrency(e.currentTarget.value)}
            />
            <SelectField
              name="period"
              label={t(`${K}.period`)}
              placeholder={t(`${M}.choose`)}
              options={CASH_PERIODS.map((p) => ({ value: p, label: periodLabel(p) }))}
              value={period}
              error={errors.period}
              onChange={(e) => setPeriod(e.currentTarget.value)}
            />
          </>
        )}
        currency={currency}
        unit={findCurrency(currencies, currency)}
        amount=""
        locked={false}
        send={(amount) => browserApi().limits.create({ body: { definition, period, currency, amount } })}
      />
    </LimitFrame>
  );
}

/** A limit of the list: its amount changed; the list may still be loading (a link opened the modal). */
function EditMode({ type, close, titleId }: ModalProps) {
  const { t, locale } = useI18n();
  const limits = useLimits();
  const currencies = useCurrencies();
  const periodLabel = usePeriodLabel();
  const limit = limits.items.find((l) => l.id === type);
  const unit = findCurrency(currencies, limit?.currency);
  if (limits.state !== 'ready' && !limit) {
    return (
      <LimitFrame titleId={titleId} title={t('global-components.common.loading')}>
        <p aria-busy="true">{t('global-components.common.loading')}</p>
      </LimitFrame>
    );
  }
  if (!limit || !isCashDefinition(limit.definition)) {
    return (
      <LimitFrame titleId={titleId} title={t(`${M}.missingTitle`)}>
        <p>{t(`${M}.missing`)}</p>
        <button type="button" className="button button--primary button--block" onClick={close}>
          {t('global-components.common.close')}
        </button>
      </LimitFrame>
    );
  }
  const locked = isLocked(limit);

  return (
    <LimitFrame titleId={titleId} title={t(`${M}.editTitle`, { kind: t(`${K}.${KIND_KEY[limit.definition]}.title`) })}>
      <p>
        {limit.currency} · {periodLabel(limit.period)} —{' '}
        {unit ? formatMoney(limit.amount ?? 0, unit, locale) : limit.amount}
      </p>
      <p className="muted">{t(`${M}.editText`)}</p>
      {locked && (
        <Alert tone="info" text={limit.cancelProcess ? t(`${K}.removalWaiting`) : t(`${K}.increaseWaiting`)} />
      )}
      <CashLimitForm
        close={close}
        currency={limit.currency ?? ''}
        unit={unit}
        amount={String(unit ? toDisplayAmount(limit.amount ?? 0, unit) : (limit.amount ?? 0))}
        locked={locked}
        send={(amount) => browserApi().limits.update({ params: { limitId: limit.id }, body: { amount } })}
      />
    </LimitFrame>
  );
}
