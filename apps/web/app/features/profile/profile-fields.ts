import type { FormField, Profile } from '@croupier/contracts';
import { CHECKBOX_FIELDS, type FieldValue } from '../../shared/forms/field-kinds.ts';
import { phoneDigits } from '../../shared/forms/validation.ts';

/** Never in the profile form (api-contract §2.1): passwords and the promo toggles (shown apart). */
const NEVER_SHOWN: ReadonlySet<string> = new Set([
  'password',
  'password_confirmation',
  'receiveSmsPromo',
  'receiveEmailPromo',
]);

export const profileFormFields = (fields: readonly FormField[]) =>
  fields.filter((f) => f.isVisible && !NEVER_SHOWN.has(f.name));

const hasValue = (value: unknown) => value !== null && value !== undefined && value !== '';

/** The input's starting value from the profile (a birthdate keeps only the part before a space). */
export function initialValue(profile: Profile, name: string): FieldValue {
  const value = (profile as Record<string, unknown>)[name];
  if (CHECKBOX_FIELDS.has(name)) return value === true;
  if (!hasValue(value)) return '';
  if (name === 'birthdate') return String(value).split(/[ T]/)[0] ?? '';
  if (name === 'phone') return `+${value}`;
  return String(value);
}

/** editable:false disables the input once the profile has a value (api-contract §2.1). */
export const isLocked = (field: FormField, profile: Profile) =>
  !field.editable && hasValue((profile as Record<string, unknown>)[field.name]);

/**
 * The PUT body: the form's enabled fields whose value changed (phone as digits, an emptied gender as
 * null); unchanged ones stay out so an empty optional value never fails a format rule.
 */
export function profileUpdateBody(
  fields: readonly FormField[],
  values: Readonly<Record<string, FieldValue>>,
  profile: Profile,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (isLocked(field, profile)) continue;
    const { name } = field;
    const value = values[name] ?? '';
    if (value === initialValue(profile, name)) continue;
    if (name === 'phone') body[name] = value === '' ? '' : phoneDigits(String(value));
    else if (name === 'gender') body[name] = value === '' ? null : value;
    else body[name] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}
