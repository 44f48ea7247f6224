import type { RuleName } from './rule.ts';

export type MessageTable = Readonly<Record<string, string>>;
export type MessageLookup = (key: string) => string;

/**
 * Built-in English, the last fallback. Messages sit next to their input, so they do not repeat the
 * field name; `{field}` is still available to translations that want it.
 */
export const defaultValidationMessages: { readonly [K in RuleName | 'invalid']: string } = {
  invalid: 'This value is not valid.',
  required: 'This field is required.',
  required_if: 'This field is required when {other} is {value}.',
  countryCode: 'Enter a two-letter country code in capitals.',
  languageCode: 'Enter a two-letter language code in lower case.',
  callingCode: 'Enter a valid country calling code.',
  lowercase: 'Use lower-case letters only.',
  uppercase: 'Use upper-case letters only.',
  yesLike: 'Answer yes, on, 1 or true.',
  noLike: 'Answer no, off, 0 or false.',
  booleanLike: 'This value must be true or false.',
  date: 'Enter a valid date.',
  after: 'Enter a date after {param}.',
  afterOrEqual: 'Enter a date on or after {param}.',
  before: 'Enter a date before {param}.',
  beforeOrEqual: 'Enter a date on or before {param}.',
  slug: 'Use only letters, digits, hyphens and underscores.',
  array: 'This value must be a list.',
  phone: 'Enter a valid phone number.',
  cpf: 'Enter a valid CPF number.',
  tagManagerId: 'Enter a tag manager id such as GTM-ABC123.',
  min: 'Must be at least {min}.',
  max: 'Must be at most {max}.',
  digits: 'Must be exactly {param} digits.',
  digits_between: 'Must be between {min} and {max} digits.',
  regex: 'The format is not valid.',
  not_regex: 'The format is not valid.',
  minAge: 'You must be at least {min} years old.',
  maxAge: 'You must be at most {max} years old.',
  date_equals: 'Enter the date {param}.',
  different: 'Must be different from {param}.',
  confirmed: 'The confirmation does not match.',
  same: 'Must match {param}.',
  string: 'This value must be text.',
  alpha: 'Use letters only.',
  numeric: 'Enter a number.',
  integer: 'Enter a whole number.',
  ip: 'Enter a valid IP address.',
  mac_address: 'Enter a valid MAC address.',
  url: 'Enter a valid URL.',
  accepted: 'This must be accepted.',
  declined: 'This must be declined.',
  email: 'Enter a valid e-mail address.',
};

// An empty translation is an untranslated entry, not a deliberately blank message.
const pick = (table: MessageTable | undefined, key: string): string | undefined =>
  table && Object.hasOwn(table, key) && table[key] !== '' ? table[key] : undefined;

/**
 * The message for `key` from the player's locale, else the default locale, else built-in English,
 * else the generic "invalid" message so a message is always shown.
 */
export function lookupMessage(key: string, localeTable?: MessageTable, defaultLocaleTable?: MessageTable): string {
  return (
    pick(localeTable, key) ??
    pick(defaultLocaleTable, key) ??
    pick(defaultValidationMessages, key) ??
    defaultValidationMessages.invalid
  );
}

export const createMessageLookup =
  (localeTable?: MessageTable, defaultLocaleTable?: MessageTable): MessageLookup =>
  (key) =>
    lookupMessage(key, localeTable, defaultLocaleTable);

const display = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(display).join(', ');
  // Dates are days in this product; the time part of a midnight UTC instant is noise.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value);
};

/** Replaces `{name}` placeholders ({min}, {max}, {param}, {field}, ...); unknown ones stay visible. */
export const formatMessage = (template: string, params: Readonly<Record<string, unknown>> = {}): string =>
  template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) && params[name] !== undefined && params[name] !== null
      ? display(params[name])
      : placeholder,
  );
