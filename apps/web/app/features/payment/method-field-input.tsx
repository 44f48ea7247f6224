import type { PaymentField } from '@croupier/contracts';
import { Field } from '../../shared/forms/field.tsx';
import { SelectField } from '../../shared/forms/select-field.tsx';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { FieldKey, isSelect, localized } from './method-fields.ts';

interface Props {
  field: PaymentField;
  value: string;
  error?: string;
  disabled?: boolean;
  onChange: (name: string, value: string) => void;
}

const INPUT: Readonly<Record<string, React.InputHTMLAttributes<HTMLInputElement>>> = {
  [FieldKey.phone]: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  card_number: { inputMode: 'numeric', autoComplete: 'cc-number' },
  cardholder: { autoComplete: 'cc-name' },
  expiry: { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY' },
  cvc: { inputMode: 'numeric', autoComplete: 'cc-csc' },
};

/** One input of a method's form (api-contract §8): labels and hints come from the method, per locale. */
export function MethodFieldInput({ field, value, error, disabled, onChange }: Props) {
  const { t, locale } = useI18n();
  const label = localized(field.labels, locale, field.key);
  const hint = localized(field.hints, locale) || undefined;
  if (isSelect(field)) {
    return (
      <SelectField
        name={field.key}
        label={label}
        // The select's empty choice doubles as the "no network" option (id '', sent as null).
        placeholder={t(
          field.options?.some((o) => o.id === '')
            ? 'global-components.payment.noNetwork'
            : 'global-components.payment.choose',
        )}
        options={(field.options ?? []).filter((o) => o.id !== '').map((o) => ({ value: o.id, label: o.name }))}
        value={value}
        onChange={(e) => onChange(field.key, e.currentTarget.value)}
        error={error}
        disabled={disabled}
        required={field.isRequired}
      />
    );
  }
  return (
    <Field
      name={field.key}
      label={label}
      hint={hint}
      multiline={field.fieldType === 'textarea'}
      value={value}
      onChange={(e) => onChange(field.key, e.currentTarget.value)}
      error={error}
      disabled={disabled}
      required={field.isRequired}
      {...INPUT[field.key]}
    />
  );
}
