import type { PaymentMethod } from '@croupier/contracts';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { localized } from './method-fields.ts';
import { MethodLogo } from './method-logo.tsx';

interface Props {
  methods: readonly PaymentMethod[];
  selected: string | null;
  onSelect: (method: string) => void;
}

/** The methods as a radio group of logo tiles (one tab stop, arrow keys move, as native radios do). */
export function MethodPicker({ methods, selected, onSelect }: Props) {
  const { t, locale } = useI18n();
  return (
    <fieldset className="payment-methods">
      <legend className="field__label">{t('global-components.payment.method')}</legend>
      <div className="payment-methods__list">
        {methods.map((m) => (
          <label key={m.method} className={`payment-method${m.method === selected ? ' payment-method--active' : ''}`}>
            <input
              type="radio"
              name="payment-method"
              value={m.method}
              checked={m.method === selected}
              onChange={() => onSelect(m.method)}
              className="visually-hidden"
            />
            <MethodLogo method={m.method} />
            <span className="payment-method__name">{localized(m.names, locale, m.method)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
