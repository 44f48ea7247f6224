import { ApiError, type Country, ErrorCode, type FormField } from '@croupier/contracts';
import { isLocaleCode, RestrictType } from '@croupier/contracts/reference/index';
import type { PlayerDeps, RequestMeta } from '../context.ts';
import { fieldsOf, rulesOf, validateFields } from '../fields.ts';
import { phoneDigits } from '../otp.ts';
import { textFields } from '../profile.ts';
import type { players } from '../schema.ts';
import { countriesOf } from './deps.ts';
import { addError, enabledCurrencies, type Fields, invalid, isoDate, MAX_PASSWORD, text, timeZoneIds } from './form.ts';

// Reading a registration form (api-contract §2.1): the scenario's fields, the tab's identifier and the
// password, then currency, country, language and the profile fields the form lists. Every problem is
// collected, and the form answers one 422 with all of them.

export type Channel = 'email' | 'phone';

/** A registration form that passed every check. */
export interface RegistrationForm {
  channel: Channel;
  /** The body as sent (agreements, promo flags, the SMS code). */
  values: Record<string, unknown>;
  /** The fields the form lists for this tab. */
  names: Set<string>;
  email: string | undefined;
  phone: string | undefined;
  password: string;
  currency: string | null;
  country: string | null;
  locale: string | null | undefined;
  profile: Partial<typeof players.$inferInsert>;
}

/** A sign-up mode that is off (the site settings in force, issue 27) has no form: its identifier field says so. */
export function assertSignUpMode(deps: Pick<PlayerDeps, 'settings'>, channel: Channel): void {
  if (deps.settings.siteSettings().signUpModes[channel]) return;
  throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
    [channel]: [`Sign-up by ${channel === 'email' ? 'e-mail' : 'phone'} is not available.`],
  });
}

const flagOf = (name: string): Pick<FormField, 'name' | 'isRequired'> => ({ name, isRequired: false });

/** Checks the body against the registration scenario; throws the 422 of every problem found. */
export async function readRegistration(
  deps: Pick<PlayerDeps, 'db' | 'settings'>,
  body: Record<string, unknown>,
  meta: RequestMeta,
  channel: Channel,
): Promise<RegistrationForm> {
  const scenario = await fieldsOf(deps.db, 'registration');
  // Each tab drops the other identifier and requires its own (api-contract §2.1); a password is always needed.
  const other = channel === 'email' ? 'phone' : 'email';
  const flags: Pick<FormField, 'name' | 'isRequired'>[] = scenario.filter(
    (f) => f.name !== other && f.name !== channel && f.name !== 'password',
  );
  flags.push({ ...flagOf(channel), isRequired: true }, { ...flagOf('password'), isRequired: true });
  const names = new Set(flags.map((f) => f.name));
  const values = { ...body };
  const fields: Fields = validateFields(rulesOf(flags), values);

  const email = channel === 'email' ? text(values, 'email', fields, 254)?.toLowerCase() : undefined;
  const phone = channel === 'phone' ? phoneOf(values, fields) : undefined;
  const password = passwordOf(values, fields);
  const { currency, country } = currencyAndCountry(countriesOf(deps.settings), values, names, fields, meta);
  const locale = names.has('locale') ? text(values, 'locale', fields, 5)?.toLowerCase() : undefined;
  if (locale && !isLocaleCode(locale)) addError(fields, 'locale', 'This language is not available.');
  const profile = collectProfileFields(values, names, fields);
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return { channel, values, names, email, phone, password: password!, currency, country, locale, profile };
}

/** The phone's wire form (digits), or its problem recorded on `fields`. */
function phoneOf(values: Record<string, unknown>, fields: Fields): string | undefined {
  if (typeof values.phone !== 'string' || fields.phone) return undefined;
  try {
    return phoneDigits(values.phone);
  } catch (error) {
    if (error instanceof ApiError) Object.assign(fields, error.fields);
    else throw error;
    return undefined;
  }
}

function passwordOf(values: Record<string, unknown>, fields: Fields): string | undefined {
  const password = values.password;
  if (typeof password !== 'string') {
    if (!fields.password) addError(fields, 'password', 'This value must be text.');
    return undefined;
  }
  if (password.length > MAX_PASSWORD) addError(fields, 'password', `Must be at most ${MAX_PASSWORD}.`);
  return password;
}

/**
 * The account's currency and the player's country: as chosen when the form lists them, else the visitor's
 * country when it is open, and that country's currency when none was chosen (if it is enabled).
 */
function currencyAndCountry(
  countries: ReadonlyMap<string, Country>,
  values: Record<string, unknown>,
  names: Set<string>,
  fields: Fields,
  meta: RequestMeta,
): { currency: string | null; country: string | null } {
  let currency: string | null = null;
  const givenCurrency = names.has('currency') ? text(values, 'currency', fields, 10) : undefined;
  if (givenCurrency) {
    if (!enabledCurrencies.has(givenCurrency.toUpperCase()))
      addError(fields, 'currency', 'This currency is not available.');
    else currency = givenCurrency.toUpperCase();
  }
  let country: string | null = null;
  const givenCountry = names.has('country') ? text(values, 'country', fields, 2) : undefined;
  if (givenCountry) {
    const c = countries.get(givenCountry.toUpperCase());
    if (!c) addError(fields, 'country', 'This country is not available.');
    else if (
      c.restrict &&
      (c.restrictType === RestrictType.authBlocked || c.restrictType === RestrictType.geoBlocked)
    ) {
      addError(fields, 'country', 'Registration is not available for this country.');
    } else country = c.code;
  } else if (meta.country && countries.has(meta.country) && !countries.get(meta.country)?.restrict) {
    country = meta.country;
  }
  currency ??= country ? (countries.get(country)?.currency ?? null) : null;
  if (currency && !enabledCurrencies.has(currency)) currency = null;
  return { currency, country };
}

/** Profile columns a registration form may carry (only the fields its scenario lists). */
function collectProfileFields(values: Record<string, unknown>, names: Set<string>, fields: Fields) {
  const out: Partial<typeof players.$inferInsert> = {};
  for (const [name, column] of Object.entries(textFields)) {
    if (!names.has(name) || column === 'freshchatRestoreId') continue;
    const v = text(values, name, fields);
    if (v !== undefined) out[column] = v;
  }
  if (names.has('timeZone') && out.timeZone && !timeZoneIds.has(out.timeZone)) {
    addError(fields, 'timeZone', 'This time zone is not available.');
  }
  if (names.has('gender') && values.gender !== undefined && values.gender !== null && values.gender !== '') {
    if (values.gender === 'male' || values.gender === 'female') out.gender = values.gender;
    else addError(fields, 'gender', 'This value is not valid.');
  }
  if (names.has('birthdate') && typeof values.birthdate === 'string' && values.birthdate !== '' && !fields.birthdate) {
    out.birthdate = isoDate(values.birthdate);
  }
  return out;
}
