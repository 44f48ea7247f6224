import { useId } from 'react';
import { SelectField } from '../../shared/forms/select-field.tsx';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { datesReversed, type InvoiceFilters, NO_FILTERS } from './invoice-query.ts';
import type { InvoiceConstants } from './labels.ts';

interface Props {
  filters: InvoiceFilters;
  constants: InvoiceConstants;
  label: (group: 'invoiceStatus' | 'invoiceType', id: number | string) => string;
  onChange: (next: InvoiceFilters) => void;
}

/** Type, status, currency and a date range; every change applies at once ("all" sends nothing). */
export function InvoiceFiltersForm({ filters, constants, label, onChange }: Props) {
  const t = useT();
  const { currencies } = useMoney();
  const id = useId();
  const set = (patch: Partial<InvoiceFilters>) => onChange({ ...filters, ...patch });
  const reversed = datesReversed(filters);
  const all = t('global-components.history.all');

  return (
    <form
      className="history-filters"
      onSubmit={(e) => e.preventDefault()}
      aria-label={t('global-components.history.filters')}
    >
      <SelectField
        label={t('global-components.history.type')}
        name="type"
        placeholder={all}
        options={constants.invoiceTypes.map((s) => ({ value: String(s.id), label: label('invoiceType', s.id) }))}
        value={filters.type}
        onChange={(e) => set({ type: e.target.value })}
      />
      <SelectField
        label={t('global-components.history.status')}
        name="status"
        placeholder={all}
        options={constants.invoiceStatuses.map((s) => ({ value: String(s.id), label: label('invoiceStatus', s.id) }))}
        value={filters.status}
        onChange={(e) => set({ status: e.target.value })}
      />
      <SelectField
        label={t('global-components.history.currency')}
        name="currency"
        placeholder={all}
        options={currencies.map((c) => ({ value: c.code, label: c.code }))}
        value={filters.currency}
        onChange={(e) => set({ currency: e.target.value })}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          {t('global-components.history.dateFrom')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          name="dateFrom"
          className="input"
          value={filters.dateFrom}
          onChange={(e) => set({ dateFrom: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          {t('global-components.history.dateTo')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          name="dateTo"
          className={`input${reversed ? ' input--invalid' : ''}`}
          aria-invalid={reversed || undefined}
          aria-describedby={reversed ? `${id}-dates` : undefined}
          value={filters.dateTo}
          onChange={(e) => set({ dateTo: e.target.value })}
        />
        {reversed && (
          <p id={`${id}-dates`} className="field__error" role="alert">
            {t('global-components.history.datesReversed')}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button button--ghost history-filters__reset"
        onClick={() => onChange(NO_FILTERS)}
      >
        {t('global-components.history.reset')}
      </button>
    </form>
  );
}
