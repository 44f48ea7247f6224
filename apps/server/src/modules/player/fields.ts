import type { FieldScenario, FormField } from '@croupier/contracts';
import { buildFieldRules, createMessageLookup, type FieldRules, type Rule, validateForm } from '@croupier/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fieldSettings } from './schema.ts';

type Row = Omit<typeof fieldSettings.$inferInsert, 'id'>;

const row = (
  scenario: FieldScenario,
  position: number,
  name: string,
  flags: { required?: boolean; visible?: boolean; editable?: boolean },
  description = '',
): Row => ({
  scenario,
  name,
  position,
  isRequired: flags.required ?? false,
  isVisible: flags.visible ?? true,
  editable: flags.editable ?? true,
  description,
});

/**
 * The fields a fresh installation starts with. The operator edits the rows afterwards (flags, order,
 * adding or removing fields); nothing here is consulted again once a scenario has rows.
 */
export const defaultFieldSettings: Row[] = [
  row('registration', 1, 'email', { required: true }, 'E-mail'),
  row('registration', 2, 'phone', {}, 'Phone (registration by SMS code)'),
  row('registration', 3, 'password', { required: true }, 'Password'),
  row('registration', 4, 'currency', { required: true }, 'Account currency'),
  row('registration', 5, 'country', { required: true }, 'Country of residence'),
  row('registration', 6, 'nickname', { visible: false }, 'Filled from the e-mail when hidden'),
  row('registration', 7, 'locale', { visible: false }, 'Filled with the interface language'),
  row('registration', 8, 'agreements', { required: true }, 'Terms and conditions, age confirmation'),
  row('registration', 9, 'receiveEmailPromo', {}, 'Promotions by e-mail'),
  row('registration', 10, 'receiveSmsPromo', {}, 'Promotions by SMS'),
  row('profile', 1, 'firstName', { editable: false }, 'First name; fixed once set (identity checks)'),
  row('profile', 2, 'lastName', { editable: false }, 'Last name; fixed once set (identity checks)'),
  row('profile', 3, 'nickname', {}, 'Nickname'),
  row('profile', 4, 'email', {}, 'E-mail; a change needs a new confirmation'),
  row('profile', 5, 'phone', {}, 'Phone; a change needs a new verification'),
  row('profile', 6, 'gender', {}, 'Gender'),
  row('profile', 7, 'birthdate', { editable: false }, 'Date of birth; fixed once set'),
  row('profile', 8, 'country', {}, 'Country of residence'),
  row('profile', 9, 'city', {}, 'City'),
  row('profile', 10, 'address', {}, 'Address'),
  row('profile', 11, 'postalCode', {}, 'Postal code'),
  row('profile', 12, 'timeZone', {}, 'Time zone'),
];

/**
 * Writes the default rows of every scenario that has none. Idempotent and safe to run concurrently;
 * a scenario the operator configured is never touched, so a removed field stays removed.
 */
export async function ensureFieldSettings(db: Db): Promise<void> {
  const existing = await db
    .select({ scenario: fieldSettings.scenario, n: sql<number>`count(*)::int` })
    .from(fieldSettings)
    .groupBy(fieldSettings.scenario);
  const configured = new Set(existing.filter((e) => Number(e.n) > 0).map((e) => e.scenario));
  const missing = defaultFieldSettings.filter((r) => !configured.has(r.scenario));
  if (missing.length > 0) await db.insert(fieldSettings).values(missing).onConflictDoNothing();
}

export async function fieldsOf(db: Db, scenario: FieldScenario): Promise<FormField[]> {
  const rows = await db
    .select()
    .from(fieldSettings)
    .where(eq(fieldSettings.scenario, scenario))
    .orderBy(asc(fieldSettings.position), asc(fieldSettings.id));
  return rows.map(({ scenario: _, ...field }) => field);
}

/**
 * The registration fields as served: an identifier (`email`, `phone`) only when its sign-up mode is the only
 * one on. Each tab puts its own identifier first as a required field and the server ignores the other one
 * (accounts/register.ts), so with both modes on neither is listed, and a mode that is off never shows its box.
 * (The seed's client removes only its own tab's identifier from the list.)
 */
export function registrationFields(
  fields: readonly FormField[],
  modes: { email: boolean; phone: boolean },
): FormField[] {
  const both = modes.email && modes.phone;
  return fields.filter((f) => {
    if (f.name === 'email') return modes.email && !both;
    if (f.name === 'phone') return modes.phone && !both;
    return true;
  });
}

type FieldFlags = Pick<FormField, 'name' | 'isRequired'>;

/**
 * The rules of a scenario's fields as the client builds them (validators' buildFieldRules), plus
 * `accepted` on a required agreements checkbox: a required checkbox sent as 0 is not an agreement.
 */
export function rulesOf(fields: readonly FieldFlags[]): Record<string, Rule[]> {
  const rules = buildFieldRules(fields);
  const agreements = fields.find((f) => f.name === 'agreements');
  if (agreements?.isRequired && rules.agreements) rules.agreements = [...rules.agreements, { name: 'accepted' }];
  return rules;
}

const messages = createMessageLookup();

/** English messages keyed by field, the shape of the envelope's `fields`. */
export const validateFields = (rules: FieldRules, values: Record<string, unknown>) =>
  validateForm(rules, values, messages);
