import type { Currency, PaymentMethod } from '@croupier/contracts';
import type { ReactNode } from 'react';
import { useT } from '../../shared/i18n/i18n.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { presetsOf } from './amount.ts';
import { AmountField } from './amount-field.tsx';
import { trackWallet } from './analytics.ts';
import { MethodFieldInput } from './method-field-input.tsx';
import { visibleFields } from './method-fields.ts';
import { MethodPicker } from './method-picker.tsx';
import type { PaymentForm } from './use-payment-form.ts';

interface Props {
  methods: readonly PaymentMethod[];
  method: PaymentMethod;
  currency: Currency;
  form: PaymentForm;
  busy: boolean;
  onSelect: (method: string) => void;
  onSubmit: () => void;
  /** The submit area (button or a notice replacing it). */
  children: ReactNode;
}

/** Method picker, amount and the method's own fields: the body shared by deposits and withdrawals. */
export function MethodForm({ methods, method, currency, form, busy, onSelect, onSubmit, children }: Props) {
  const t = useT();
  const known = new Set(['amount', ...method.fields.map((f) => f.key)]);
  const other = Object.entries(form.errors).filter(([k]) => !known.has(k));
  return (
    <form
      className="payment-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {methods.length > 0 && <MethodPicker methods={methods} selected={method.method} onSelect={onSelect} />}
      {form.limits && (
        <AmountField
          currency={currency}
          text={form.amountText}
          limits={form.limits}
          presets={presetsOf(method, currency)}
          error={form.errors.amount}
          disabled={busy}
          onChange={form.changeAmount}
          onCommit={() => {
            if (form.amountText) trackWallet('amount', { method: method.method, currency: currency.code });
          }}
        />
      )}
      {visibleFields(method.fields).map((field) => (
        <MethodFieldInput
          key={field.key}
          field={field}
          value={form.values[field.key] ?? ''}
          error={form.errors[field.key]}
          disabled={busy}
          onChange={form.changeField}
        />
      ))}
      {other.length > 0 && (
        <Alert tone="error" text={other.map(([, v]) => v || t('alerts.somethingWentWrong.text')).join(' ')} />
      )}
      {children}
    </form>
  );
}
