import type { Currency } from '@croupier/contracts';
import { Field } from '../../shared/forms/field.tsx';
import { useT } from '../../shared/i18n/i18n.tsx';
import { displayUnit } from '../../shared/money/money.ts';
import { useMoney } from '../../shared/money/use-money.ts';
import type { AmountLimits, AmountPreset } from './amount.ts';

interface Props {
  currency: Currency;
  text: string;
  limits: AmountLimits;
  presets: readonly AmountPreset[];
  error?: string;
  disabled?: boolean;
  onChange: (text: string) => void;
  /** The player has finished entering an amount (blur or a preset). */
  onCommit?: () => void;
}

/** The amount in the display unit (mBTC for BTC, spec §9), with presets and the allowed range. */
export function AmountField({ currency, text, limits, presets, error, disabled, onChange, onCommit }: Props) {
  const t = useT();
  const { format } = useMoney();
  const unit = displayUnit(currency);
  return (
    <div className="payment-amount">
      <Field
        name="amount"
        label={t('global-components.payment.amount', { unit: unit.code })}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onCommit}
        error={error}
        disabled={disabled}
        hint={t('global-components.payment.amountRange', {
          min: format(limits.min, currency.code),
          max: format(limits.max, currency.code),
        })}
        required
      />
      {presets.length > 0 && (
        <fieldset className="payment-presets">
          <legend className="visually-hidden">{t('global-components.payment.presets')}</legend>
          {presets.map((p) => (
            <button
              key={p.text}
              type="button"
              className={`payment-presets__item${p.text === text ? ' payment-presets__item--active' : ''}`}
              aria-pressed={p.text === text}
              disabled={disabled}
              onClick={() => {
                onChange(p.text);
                onCommit?.();
              }}
            >
              {format(p.major, currency.code)}
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
