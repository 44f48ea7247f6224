import type { FieldRules, PaymentField, PaymentMethod, Rule } from '@croupier/contracts';
import { phoneDigits } from '../../shared/forms/validation.ts';

/** One choice of a select payment field (crypto networks, withdrawal currencies). */
export type FieldOption = NonNullable<PaymentField['options']>[number];

/** Keys with their own client handling (api-contract §8). */
export const FieldKey = {
  phone: 'phone',
  cpf: 'cpf_number',
  network: 'crypto_network',
  currencyWithdraw: 'currencyWithdraw',
  walletId: 'wallet_id',
  tag: 'tag',
  agentNumber: 'agentNumber',
} as const;

export type FieldValues = Readonly<Record<string, string>>;

/** A text in the page locale, English as the fallback, the key as the last resort. */
export const localized = (texts: Readonly<Record<string, string>>, locale: string, fallback = ''): string =>
  texts[locale] ?? texts[locale.split('-')[0] ?? ''] ?? texts.en ?? fallback;

export const isSelect = (field: PaymentField) => field.fieldType === 'select' || Boolean(field.options?.length);

const PHONE_NOISE = /[\s()-]/g;

/** The value the rules and the API see: phones without spacing. */
const normalized = (field: PaymentField, value: string) =>
  field.key === FieldKey.phone ? value.replace(PHONE_NOISE, '') : value.trim();

/** The options whose regex checks `wallet_id`: the chosen network's, or the chosen withdrawal currency's. */
function walletIdPattern(fields: readonly PaymentField[], values: FieldValues): string | null {
  for (const key of [FieldKey.network, FieldKey.currencyWithdraw]) {
    const field = fields.find((f) => f.key === key);
    const option = field?.options?.find((o) => o.id === (values[key] ?? ''));
    const pattern = key === FieldKey.network ? option?.regex : option?.regexp;
    if (pattern) return pattern;
  }
  return null;
}

/** A select with an empty-id option ("no network") is answered by choosing it: not a missing value. */
const allowsEmpty = (field: PaymentField) => Boolean(field.options?.some((o) => o.id === ''));

/**
 * The shared rule engine's rules for a method's fields (api-contract §8): required, `phone` and
 * `cpf_number` by their product rules, `wallet_id` by the chosen network's (or currency's) regex, any
 * other field with a `regexp` by it.
 */
export function rulesFor(fields: readonly PaymentField[], values: FieldValues): FieldRules {
  const rules: Record<string, Rule[]> = {};
  for (const field of fields) {
    const list: Rule[] = [];
    if (field.isRequired && !allowsEmpty(field)) list.push({ name: 'required' });
    if (field.key === FieldKey.phone) list.push({ name: 'phone' });
    else if (field.key === FieldKey.cpf) list.push({ name: 'cpf' });
    else if (field.key === FieldKey.walletId) {
      const pattern = walletIdPattern(fields, values) ?? (field.regexp || null);
      if (pattern) list.push({ name: 'regex', params: { pattern } });
    } else if (field.regexp && !isSelect(field)) list.push({ name: 'regex', params: { pattern: field.regexp } });
    rules[field.key] = list;
  }
  return rules;
}

/** Values as the rules should see them. */
export function valuesForRules(fields: readonly PaymentField[], values: FieldValues): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.key, normalized(f, values[f.key] ?? '')]));
}

/** Starting values: the server's prefill, else a select's first option, else empty. */
export function initialValues(fields: readonly PaymentField[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.key, f.value ?? (isSelect(f) ? (f.options?.[0]?.id ?? '') : '')]));
}

/**
 * The inputs shown, in `position` order. A field the server prefilled with a value its own regexp
 * accepts may stay hidden (api-contract §8); `agentNumber` and selects are always shown.
 */
export function visibleFields(fields: readonly PaymentField[]): PaymentField[] {
  return [...fields]
    .sort((a, b) => a.position - b.position)
    .filter((f) => {
      if (f.key === FieldKey.agentNumber || isSelect(f) || !f.value) return true;
      if (!f.regexp) return false;
      try {
        return !new RegExp(f.regexp).test(f.value);
      } catch {
        return true;
      }
    });
}

/**
 * The `fields` object of a deposit or withdrawal request: phones with a leading `+`, an empty network
 * as null ("no network"), everything else trimmed.
 */
export function fieldsPayload(fields: readonly PaymentField[], values: FieldValues): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const field of fields) {
    const value = normalized(field, values[field.key] ?? '');
    if (field.key === FieldKey.network) out[field.key] = value === '' ? null : value;
    else if (field.key === FieldKey.phone) out[field.key] = value ? `+${phoneDigits(value)}` : '';
    else out[field.key] = value;
  }
  return out;
}

/** The chosen crypto network option, for its amount limits. */
export function chosenNetwork(method: PaymentMethod, values: FieldValues): FieldOption | null {
  const field = method.fields.find((f) => f.key === FieldKey.network);
  return field?.options?.find((o) => o.id === (values[FieldKey.network] ?? '')) ?? null;
}
