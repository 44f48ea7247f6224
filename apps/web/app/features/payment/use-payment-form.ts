import type { Currency, PaymentMethod } from '@croupier/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useValidator } from '../../shared/forms/use-validator.ts';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useMoney } from '../../shared/money/use-money.ts';
import { type AmountCheck, checkAmount, initialAmountText, limitsFor } from './amount.ts';
import { chosenNetwork, fieldsPayload, initialValues, rulesFor, valuesForRules } from './method-fields.ts';

export interface ValidForm {
  amount: number;
  fields: Record<string, string | null>;
}

/** Server 422 keys → input names: `fields.card_number` and `card_number` both land on that input. */
export const inputNameOf = (key: string) => (key.startsWith('fields.') ? key.slice('fields.'.length) : key);

/**
 * The state of one method's form: amount (in the display unit), the method's fields, their errors from
 * the shared validators and from the server, and whether the player has changed anything.
 */
export function usePaymentForm(method: PaymentMethod | null, currency: Currency | null, cap?: number | null) {
  const t = useT();
  const validate = useValidator();
  const { format } = useMoney();
  const [amountText, setAmountText] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const [methodKey, setMethodKey] = useState<string | null>(null);

  // A new method (or the currency loading) starts from its defaults.
  const key = method && currency ? `${method.method}:${currency.code}` : null;
  if (key !== methodKey) {
    setMethodKey(key);
    setAmountText(method && currency ? initialAmountText(method, currency) : '');
    setValues(method ? initialValues(method.fields) : {});
    setErrors({});
    setDirty(false);
  }

  const limits = useMemo(
    () => (method ? limitsFor(method, chosenNetwork(method, values), cap) : null),
    [method, values, cap],
  );

  const amountMessage = useCallback(
    (check: AmountCheck): string | undefined => {
      if (check.ok || !currency) return undefined;
      const limit = check.limit !== undefined ? format(check.limit, currency.code) : '';
      return t(`global-components.payment.amountErrors.${check.problem}`, { limit });
    },
    [currency, format, t],
  );

  const changeAmount = useCallback((text: string) => {
    setAmountText(text);
    setDirty(true);
    setErrors(({ amount: _, ...rest }) => rest);
  }, []);

  const changeField = useCallback((name: string, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setDirty(true);
    setErrors(({ [name]: _, ...rest }) => rest);
  }, []);

  /** Checks everything; shows the messages and answers null when something is wrong. */
  const check = useCallback((): ValidForm | null => {
    if (!method || !currency || !limits) return null;
    const amount = checkAmount(amountText, currency, limits);
    const found = validate(rulesFor(method.fields, values), valuesForRules(method.fields, values));
    const amountError = amountMessage(amount);
    if (amountError) found.amount = amountError;
    setErrors(found);
    if (!amount.ok || Object.keys(found).length > 0) return null;
    return { amount: amount.major, fields: fieldsPayload(method.fields, values) };
  }, [method, currency, limits, amountText, values, validate, amountMessage]);

  const showServerErrors = useCallback((fields: Record<string, string>) => {
    setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [inputNameOf(k), v])));
  }, []);

  return {
    amountText,
    values,
    errors,
    dirty,
    limits,
    changeAmount,
    changeField,
    check,
    showServerErrors,
    clearDirty: () => setDirty(false),
  };
}

export type PaymentForm = ReturnType<typeof usePaymentForm>;
