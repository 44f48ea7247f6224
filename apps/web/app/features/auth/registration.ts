import { buildFieldRules, type FieldRules, type FormField } from '@croupier/contracts';
import { CHECKBOX_FIELDS, type FieldValue } from '../../shared/forms/field-kinds.ts';
import { phoneDigits } from '../../shared/forms/validation.ts';

export type AuthTab = 'email' | 'phone';

/** Hidden when the server says isVisible:false, then filled in by the client (api-contract §2.1). */
const AUTO_FILLED: ReadonlySet<string> = new Set(['country', 'currency', 'nickname']);

export interface RegistrationContext {
  tab: AuthTab;
  /** The UI locale: `locale` is always hidden and sent with it. */
  locale: string;
  geoCountry: string | null;
  geoCurrency: string | null;
}

/**
 * The registration fields of one tab, in server order: the other identifier is removed and the tab's
 * one is present, visible and required (api-contract §2.1).
 */
export function fieldsForTab(fields: readonly FormField[], tab: AuthTab): FormField[] {
  const other = tab === 'email' ? 'phone' : 'email';
  const kept = fields.filter((f) => f.name !== other);
  const own = kept.find((f) => f.name === tab);
  if (own) return kept.map((f) => (f === own ? { ...f, isRequired: true, isVisible: true, editable: true } : f));
  const added: FormField = {
    id: 0,
    name: tab,
    description: '',
    editable: true,
    isRequired: true,
    isVisible: true,
    position: 0,
  };
  return [added, ...kept];
}

/** Inputs the visitor sees: visible fields, never `locale`. */
export const isRendered = (field: FormField) => field.isVisible && field.name !== 'locale';

/** Fields whose values are sent: rendered ones, auto-filled hidden ones and `locale`. */
const isSent = (field: FormField) => isRendered(field) || field.name === 'locale' || AUTO_FILLED.has(field.name);

/** The shared rules (buildFieldRules) for the fields this form sends. */
export const registrationRules = (fields: readonly FormField[]): FieldRules => buildFieldRules(fields.filter(isSent));

/** Values with the hidden ones filled: country from geo, currency from its country, nickname from the e-mail. */
export function filledValues(
  fields: readonly FormField[],
  values: Readonly<Record<string, FieldValue>>,
  ctx: RegistrationContext,
): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (!isSent(field)) continue;
    const { name } = field;
    if (name === 'locale') out[name] = ctx.locale;
    else if (!field.isVisible && name === 'country') out[name] = ctx.geoCountry ?? '';
    else if (!field.isVisible && name === 'currency') out[name] = ctx.geoCurrency ?? '';
    else if (!field.isVisible && name === 'nickname') out[name] = String(values.email ?? '').split('@')[0] ?? '';
    else out[name] = values[name] ?? (CHECKBOX_FIELDS.has(name) ? false : '');
  }
  return out;
}

/** Values as the rule engine sees them: an unchecked box is empty, so `required` means "tick it". */
export const valuesForRules = (values: Readonly<Record<string, FieldValue>>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === false ? '' : v]));

/**
 * The request body: one key per field (checkboxes 1/0, phone as digits, empty optional values left
 * out) plus fingerprint, affiliateTag and referralCode (api-contract §3.1).
 */
export function registrationBody(
  filled: Readonly<Record<string, FieldValue>>,
  extra: { fingerprint: string; affiliateTag: string | null; referralCode: string },
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(filled)) {
    if (CHECKBOX_FIELDS.has(name)) body[name] = value === true ? 1 : 0;
    else if (value === '') continue;
    else if (name === 'phone') body[name] = phoneDigits(String(value));
    else body[name] = typeof value === 'string' && !name.toLowerCase().includes('password') ? value.trim() : value;
  }
  body.fingerprint = extra.fingerprint;
  if (extra.affiliateTag) body.affiliateTag = extra.affiliateTag;
  body.referralCode = extra.referralCode;
  return body;
}

/** Tabs the constants allow (player.registration); e-mail when neither is set. */
export function availableTabs(registration: { email: boolean; phone: boolean }): AuthTab[] {
  const tabs: AuthTab[] = [];
  if (registration.email) tabs.push('email');
  if (registration.phone) tabs.push('phone');
  return tabs.length ? tabs : ['email'];
}
