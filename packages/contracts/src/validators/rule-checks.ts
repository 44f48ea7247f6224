import { isBooleanLike, isNoLike, isYesLike } from './boolean-like.ts';
import { isCountryCode, isLanguageCode, isLowercase, isSlug, isTagManagerId, isUppercase } from './codes.ts';
import { isCpf } from './cpf.ts';
import { compareDates, isValidDate, wholeYearsSince } from './date.ts';
import { isEmail } from './email.ts';
import { isEmpty } from './empty.ts';
import { isIp } from './ip.ts';
import { isMacAddress } from './mac-address.ts';
import { digitsOf, isInteger, isNumeric } from './numeric.ts';
import { checkPhone, isCallingCode } from './phone.ts';
import type { DateReference, RuleName, RuleParamsMap } from './rule.ts';
import type { RuleContext, RuleOutcome } from './rule-context.ts';
import { sizeOf } from './size.ts';
import { isUrl } from './url.ts';

export interface RuleCheck<P> {
  /** Implicit rules run on empty values too; all others pass on them unseen (spec §5). */
  implicit?: boolean;
  check(value: unknown, params: P, context: RuleContext): RuleOutcome;
}

type RuleChecks = { readonly [K in RuleName]: RuleCheck<RuleParamsMap[K]> };

const otherValue = (field: string, context: RuleContext): unknown =>
  Object.hasOwn(context.values, field) ? context.values[field] : undefined;

// A string naming a field of the form refers to that field's value; anything else is the date itself.
const resolveDate = (reference: DateReference, context: RuleContext): unknown =>
  typeof reference === 'string' && Object.hasOwn(context.values, reference) ? context.values[reference] : reference;

const compareWith = (
  value: unknown,
  reference: DateReference,
  context: RuleContext,
  accept: (order: number) => boolean,
) => {
  const order = compareDates(value, resolveDate(reference, context));
  return order !== null && accept(order);
};

const isRequiredPresent = (value: unknown): boolean => {
  if (isEmpty(value)) return false;
  // As Laravel: whitespace-only text and empty lists do not satisfy "required".
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
};

// Compared as text so a checkbox's 1 matches a configured '1', and true matches 'true'.
const looselyEqual = (a: unknown, b: unknown): boolean => !isEmpty(a) && !isEmpty(b) && String(a) === String(b);

const declaredNumeric = (context: RuleContext): boolean =>
  context.rules.some((rule) => rule.name === 'numeric' || rule.name === 'integer');

/** Accepts a RegExp or Laravel's "/source/flags" string; a bare string is taken as the source. */
function toRegExp(pattern: RegExp | string): RegExp | null {
  try {
    if (pattern instanceof RegExp) {
      // Drop g/y: a stateful lastIndex would make the same value pass and fail on alternate calls.
      return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
    }
    const delimited = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
    return delimited ? new RegExp(delimited[1] ?? '', (delimited[2] ?? '').replace(/[gy]/g, '')) : new RegExp(pattern);
  } catch {
    return null;
  }
}

const matches = (value: unknown, pattern: RegExp | string): boolean | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const regex = toRegExp(pattern);
  return regex ? regex.test(String(value)) : null;
};

const textRule = (test: (value: string) => boolean): RuleCheck<undefined> => ({
  check: (value) => typeof value === 'string' && test(value),
});

export const ruleChecks: RuleChecks = {
  required: { implicit: true, check: isRequiredPresent },
  required_if: {
    implicit: true,
    check(value, { other, value: expected }, context) {
      const actual = otherValue(other, context);
      const triggers = Array.isArray(expected) ? expected : [expected];
      return !triggers.some((trigger) => looselyEqual(actual, trigger)) || isRequiredPresent(value);
    },
  },

  countryCode: textRule(isCountryCode),
  languageCode: textRule(isLanguageCode),
  callingCode: textRule(isCallingCode),
  lowercase: textRule(isLowercase),
  uppercase: textRule(isUppercase),
  yesLike: { check: isYesLike },
  noLike: { check: isNoLike },
  booleanLike: { check: isBooleanLike },
  date: { check: isValidDate },
  after: { check: (value, { param }, context) => compareWith(value, param, context, (order) => order > 0) },
  afterOrEqual: { check: (value, { param }, context) => compareWith(value, param, context, (order) => order >= 0) },
  before: { check: (value, { param }, context) => compareWith(value, param, context, (order) => order < 0) },
  beforeOrEqual: { check: (value, { param }, context) => compareWith(value, param, context, (order) => order <= 0) },
  slug: textRule(isSlug),
  array: { check: (value) => Array.isArray(value) },
  phone: {
    check(value) {
      // A phone that arrived as a JSON number is still a digit string once printed.
      const text = typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : value;
      if (typeof text !== 'string') return { reason: 'NOT_A_NUMBER' };
      const result = checkPhone(text);
      return result.valid || { reason: result.reason };
    },
  },
  cpf: textRule(isCpf),
  tagManagerId: textRule(isTagManagerId),

  min: {
    check(value, { min }, context) {
      const size = sizeOf(value, declaredNumeric(context));
      return size !== null && size >= min;
    },
  },
  max: {
    check(value, { max }, context) {
      const size = sizeOf(value, declaredNumeric(context));
      return size !== null && size <= max;
    },
  },
  digits: { check: (value, { param }) => digitsOf(value)?.length === param },
  digits_between: {
    check(value, { min, max }) {
      const length = digitsOf(value)?.length;
      return length !== undefined && length >= min && length <= max;
    },
  },
  regex: { check: (value, { pattern }) => matches(value, pattern) === true },
  not_regex: { check: (value, { pattern }) => matches(value, pattern) === false },
  minAge: {
    check(value, { min }, context) {
      const age = wholeYearsSince(value, context.now);
      return age !== null && age >= min;
    },
  },
  maxAge: {
    check(value, { max }, context) {
      const age = wholeYearsSince(value, context.now);
      return age !== null && age <= max;
    },
  },
  date_equals: { check: (value, { param }, context) => compareWith(value, param, context, (order) => order === 0) },
  different: { check: (value, { param }, context) => value !== otherValue(param, context) },
  confirmed: {
    check: (value, params, context) => value === otherValue(params?.param ?? `${context.field}_confirmation`, context),
  },
  same: { check: (value, { param }, context) => value === otherValue(param, context) },
  string: { check: (value) => typeof value === 'string' },
  // Unicode letters and combining marks, as Laravel's alpha: "José" and "Łukasz" are names too.
  alpha: textRule((value) => /^[\p{L}\p{M}]+$/u.test(value)),
  numeric: { check: isNumeric },
  integer: { check: isInteger },
  ip: { check: (value, params) => typeof value === 'string' && isIp(value, params?.version) },
  mac_address: textRule(isMacAddress),
  url: { check: (value, params) => typeof value === 'string' && isUrl(value, params?.protocols) },
  accepted: { check: isYesLike },
  declined: { check: isNoLike },
  email: textRule(isEmail),
};
