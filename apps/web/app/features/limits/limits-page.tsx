import type { Limit, Status } from '@croupier/contracts';
import { LimitDefinition } from '@croupier/contracts/reference/index';
import { useEffect, useId, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { lookup } from '../../shared/i18n/translate.ts';
import { useModals } from '../../shared/modals/use-modals.ts';
import { findCurrency, formatMoney, useCurrencies } from '../../shared/money/money.ts';
import { browserApi } from '../../shared/session/runtime.ts';
import { useToasts } from '../../shared/toasts/use-toasts.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Icon, type IconName } from '../../shared/ui/icons.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { useWallet } from '../wallet/index.ts';
import {
  CASH_DEFINITIONS,
  type CashDefinition,
  cashLimitsOf,
  exclusionOf,
  isLocked,
  KIND_KEY,
  timeLeft,
} from './limit-rules.ts';
import { reloadLimits, useLimits } from './limits-store.ts';
import { REALITY_INTERVALS, type RealityInterval, setRealityInterval, useRealityCheck } from './reality-check-store.ts';
import './limits.css';

export const K = 'global-components.limits';

export interface LimitPeriods {
  coolingOff: readonly Status[];
  selfExclusion: readonly Status[];
}

/** A period's label: the site's text for its id, else the name the constants carry. */
export function usePeriodLabel() {
  const { content } = useI18n();
  return (period: Status | string | null) => {
    const id = typeof period === 'object' && period ? String(period.id) : (period ?? '');
    return lookup(content, `${K}.periods.${id}`) ?? (typeof period === 'object' && period ? period.name : id);
  };
}

/** A clock for countdowns, ticking once a minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * /profile/limits (spec §2, api-contract §6): deposit, loss and bet limits per currency and period, the
 * reality check, cooling-off and self-exclusion. The list is refetched after every change.
 */
export function LimitsPage({ periods }: { periods: LimitPeriods }) {
  const { t } = useI18n();
  const limits = useLimits();
  const { accounts, active } = useWallet();
  const [advanced, setAdvanced] = useState(false);
  const switchId = useId();
  // Plain mode: the currency of the active account (all of the player's accounts while none is active).
  const shown = advanced ? null : active ? [active.currency] : accounts.map((a) => a.currency);

  if (limits.state === 'loading' && limits.items.length === 0) return <Skeleton lines={6} />;
  return (
    <div className="limits stack" data-testid="limits-page">
      <p className="muted limits__intro">{t(`${K}.intro`)}</p>
      {limits.state === 'failed' && (
        <div className="stack">
          <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t(`${K}.loadFailed`)} />
          <button type="button" className="button button--ghost" onClick={() => void reloadLimits()}>
            {t('global-components.common.retry')}
          </button>
        </div>
      )}
      <div className="limits__mode checkbox">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          aria-checked={advanced}
          checked={advanced}
          onChange={(e) => setAdvanced(e.currentTarget.checked)}
        />
        <label htmlFor={switchId}>{t(`${K}.advanced`)}</label>
      </div>
      <div className="limits__grid">
        {CASH_DEFINITIONS.map((d) => (
          <CashCard key={d} definition={d} items={cashLimitsOf(limits.items, d, shown)} advanced={advanced} />
        ))}
        <RealityCheckCard />
        <CoolingOffCard limit={exclusionOf(limits.items, LimitDefinition.coolingOff)} periods={periods.coolingOff} />
        <SelfExclusionCard periods={periods.selfExclusion} />
      </div>
    </div>
  );
}

const ICONS: Record<CashDefinition, IconName> = {
  [LimitDefinition.deposit]: 'crown',
  [LimitDefinition.loss]: 'alert',
  [LimitDefinition.bet]: 'ball',
};

function CardHead({ id, icon, title, text }: { id: string; icon: IconName; title: string; text: string }) {
  return (
    <div className="limit-card__head">
      <span className="limit-card__icon" aria-hidden="true">
        <Icon name={icon} size={22} />
      </span>
      <div>
        <h2 className="limit-card__title" id={id}>
          {title}
        </h2>
        <p className="limit-card__text">{text}</p>
      </div>
    </div>
  );
}

function CashCard({
  definition,
  items,
  advanced,
}: {
  definition: CashDefinition;
  items: readonly Limit[];
  advanced: boolean;
}) {
  const { t } = useI18n();
  const modals = useModals();
  const kind = KIND_KEY[definition];
  return (
    <section className="card limit-card" aria-labelledby={`limit-${kind}`} data-testid={`limit-card-${kind}`}>
      <CardHead
        id={`limit-${kind}`}
        icon={ICONS[definition]}
        title={t(`${K}.${kind}.title`)}
        text={t(`${K}.${kind}.text`)}
      />
      {items.length === 0 ? (
        <p className="limit-card__none">{t(`${K}.none`)}</p>
      ) : (
        <ul className="limit-rows">
          {items.map((l) => (
            <CashRow key={l.id} limit={l} />
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--ghost limit-card__add"
        onClick={() => modals.open('add-cash-limit', advanced ? `${definition}-all` : String(definition))}
      >
        {t(`${K}.add`)}
      </button>
    </section>
  );
}

function CashRow({ limit }: { limit: Limit }) {
  const { t, locale } = useI18n();
  const modals = useModals();
  const toasts = useToasts();
  const currencies = useCurrencies();
  const periodLabel = usePeriodLabel();
  const [busy, setBusy] = useState(false);
  const currency = findCurrency(currencies, limit.currency);
  const money = (n: number | null) =>
    currency ? formatMoney(n ?? 0, currency, locale) : `${n ?? 0} ${limit.currency ?? ''}`;
  const amount = limit.amount ?? 0;
  const used = Math.max(0, limit.currentAmount ?? 0);
  const share = amount > 0 ? Math.min(100, (used / amount) * 100) : 100;
  const locked = isLocked(limit);

  const remove = async () => {
    setBusy(true);
    try {
      await browserApi().limits.remove({ params: { limitId: limit.id } });
      toasts.show({
        type: 'success',
        title: t('alerts.limitRemoved.title'),
        description: t('alerts.limitRemoved.text'),
      });
    } catch {
      toasts.show({
        type: 'error',
        title: t('alerts.somethingWentWrong.title'),
        description: t('alerts.somethingWentWrong.text'),
      });
    } finally {
      setBusy(false);
      void reloadLimits();
    }
  };

  const label = `${limit.currency ?? ''} · ${periodLabel(limit.period)}`;
  return (
    <li className="limit-row" data-testid="limit-row">
      <div className="limit-row__top">
        <span className="limit-row__label">{label}</span>
        <strong className="limit-row__amount">{money(limit.amount)}</strong>
      </div>
      {/* The bar is the picture of the text below it, which says the same to everyone. */}
      <div
        className={`limit-meter${share >= 100 ? ' limit-meter--full' : share >= 80 ? ' limit-meter--near' : ''}`}
        aria-hidden="true"
      >
        <span style={{ width: `${share}%` }} />
      </div>
      <div className="limit-row__meta">
        <span>{t(`${K}.used`, { used: money(used), amount: money(limit.amount) })}</span>
        {limit.expiredAt && (
          <span>
            {t(`${K}.resets`, {
              date: new Date(limit.expiredAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </span>
        )}
      </div>
      {(limit.pendingExist || limit.cancelProcess) && (
        <p className="limit-row__pending" data-testid="limit-pending">
          <Icon name="clock" size={16} />
          {limit.cancelProcess ? t(`${K}.removalWaiting`) : t(`${K}.increaseWaiting`)}
        </p>
      )}
      <div className="limit-row__actions">
        <button
          type="button"
          className="button button--ghost limit-row__button"
          disabled={locked || busy}
          onClick={() => modals.open('edit-cash-limit', limit.id)}
          aria-label={`${t(`${K}.edit`)}: ${label}`}
        >
          {t(`${K}.edit`)}
        </button>
        <button
          type="button"
          className="button button--ghost limit-row__button limit-row__remove"
          disabled={locked || busy}
          aria-busy={busy || undefined}
          onClick={() => void remove()}
          aria-label={`${t(`${K}.remove`)}: ${label}`}
        >
          {t(`${K}.remove`)}
        </button>
      </div>
    </li>
  );
}

/** Days left, or the contract's "less than a day left" under 24 hours; permanent has no end. */
export function Countdown({ expiredAt }: { expiredAt: string | null }) {
  const { t, locale } = useI18n();
  const now = useNow();
  if (!expiredAt) return <p className="limit-countdown">{t(`${K}.permanent`)}</p>;
  const left = timeLeft(expiredAt, now);
  const until = new Date(expiredAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p className="limit-countdown" data-testid="limit-countdown">
      <Icon name="clock" size={18} />
      <span>
        <strong>{left?.kind === 'days' ? t(`${K}.daysLeft`, { count: left.days }) : t(`${K}.lessThanDay`)}</strong>{' '}
        <span className="muted">{t(`${K}.until`, { date: until })}</span>
      </span>
    </p>
  );
}

function PeriodSelect({
  label,
  periods,
  value,
  onChange,
  name,
}: {
  label: string;
  periods: readonly Status[];
  value: string;
  onChange: (v: string) => void;
  name: string;
}) {
  const id = useId();
  const periodLabel = usePeriodLabel();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="input" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {periods.map((p) => (
          <option key={String(p.id)} value={String(p.id)}>
            {periodLabel(p)}
          </option>
        ))}
      </select>
    </div>
  );
}

function CoolingOffCard({ limit, periods }: { limit: Limit | null; periods: readonly Status[] }) {
  const { t } = useI18n();
  const toasts = useToasts();
  const [period, setPeriod] = useState(String(periods[0]?.id ?? ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);

  // Only a longer period may follow (api-contract §6: it cannot be shortened); the constants list them in order.
  const current = limit ? periods.findIndex((p) => String(p.id) === limit.period) : -1;
  const longer = limit ? periods.slice(current + 1) : periods;
  const chosen = longer.some((p) => String(p.id) === period) ? period : String(longer[0]?.id ?? '');

  const start = async () => {
    setBusy(true);
    setError(false);
    try {
      if (limit) await browserApi().limits.update({ params: { limitId: limit.id }, body: { period: chosen } });
      else await browserApi().limits.create({ body: { definition: LimitDefinition.coolingOff, period: chosen } });
      toasts.show({ type: 'success', title: t(limit ? `${K}.coolingOff.extended` : `${K}.coolingOff.started`) });
    } catch {
      setError(true);
    } finally {
      setBusy(false);
      void reloadLimits();
    }
  };

  return (
    <section className="card limit-card" aria-labelledby="limit-cooling-off" data-testid="limit-card-cooling-off">
      <CardHead
        id="limit-cooling-off"
        icon="clock"
        title={t(`${K}.coolingOff.title`)}
        text={t(`${K}.coolingOff.text`)}
      />
      {limit && (
        <div className="limit-active">
          <span className="badge badge--warning">{t(`${K}.active`)}</span>
          <Countdown expiredAt={limit.expiredAt} />
        </div>
      )}
      {longer.length > 0 && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <PeriodSelect
            name="coolingOffPeriod"
            label={t(limit ? `${K}.coolingOff.extendTo` : `${K}.period`)}
            periods={longer}
            value={chosen}
            onChange={setPeriod}
          />
          {error && (
            <Alert
              tone="error"
              title={t('alerts.somethingWentWrong.title')}
              text={t('alerts.somethingWentWrong.text')}
            />
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || !chosen}
            aria-busy={busy || undefined}
          >
            {t(limit ? `${K}.coolingOff.extend` : `${K}.coolingOff.start`)}
          </button>
        </form>
      )}
    </section>
  );
}

function SelfExclusionCard({ periods }: { periods: readonly Status[] }) {
  const { t } = useI18n();
  const modals = useModals();
  const [period, setPeriod] = useState(String(periods[0]?.id ?? ''));
  return (
    <section
      className="card limit-card limit-card--danger"
      aria-labelledby="limit-self-exclusion"
      data-testid="limit-card-self-exclusion"
    >
      <CardHead
        id="limit-self-exclusion"
        icon="close"
        title={t(`${K}.selfExclusion.title`)}
        text={t(`${K}.selfExclusion.text`)}
      />
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (period) modals.open('self-exclusion-limit', period);
        }}
      >
        <PeriodSelect
          name="selfExclusionPeriod"
          label={t(`${K}.period`)}
          periods={periods}
          value={period}
          onChange={setPeriod}
        />
        <button type="submit" className="button button--danger" disabled={!period}>
          {t(`${K}.selfExclusion.start`)}
        </button>
      </form>
    </section>
  );
}

function RealityCheckCard() {
  const { t } = useI18n();
  const { check, state } = useRealityCheck();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = useId();
  const change = async (interval: RealityInterval) => {
    setBusy(true);
    setFailed(false);
    try {
      await setRealityInterval(interval);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card limit-card" aria-labelledby={`${id}-title`} data-testid="limit-card-reality-check">
      <div className="limit-card__head">
        <span className="limit-card__icon" aria-hidden="true">
          <Icon name="clock" size={22} />
        </span>
        <div>
          <h2 className="limit-card__title" id={`${id}-title`}>
            {t(`${K}.realityCheck.title`)}
          </h2>
          <p className="limit-card__text">{t(`${K}.realityCheck.text`)}</p>
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t(`${K}.realityCheck.interval`)}
        </label>
        <select
          id={id}
          name="realityCheck"
          className="input"
          value={String(check?.interval ?? 0)}
          disabled={busy || state !== 'ready'}
          aria-busy={busy || undefined}
          onChange={(e) => void change(Number(e.currentTarget.value) as RealityInterval)}
        >
          {REALITY_INTERVALS.map((m) => (
            <option key={m} value={m}>
              {m === 0 ? t(`${K}.realityCheck.off`) : t(`${K}.realityCheck.every`, { count: m })}
            </option>
          ))}
        </select>
      </div>
      {failed && (
        <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
      )}
    </section>
  );
}
