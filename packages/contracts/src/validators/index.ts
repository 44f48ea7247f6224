// Shared by the browser and the server: nothing here may depend on Node-only APIs.
export { isBooleanLike, isNoLike, isYesLike } from './boolean-like.ts';
export { isCountryCode, isLanguageCode, isLowercase, isSlug, isTagManagerId, isUppercase } from './codes.ts';
export { isCpf } from './cpf.ts';
export {
  type CalendarDate,
  compareDates,
  daysInMonth,
  isLeapYear,
  isValidDate,
  MAX_DATE_YEAR,
  MIN_DATE_YEAR,
  parseDateString,
  toCalendarDate,
  toTimestamp,
  wholeYearsSince,
} from './date.ts';
export { isEmail } from './email.ts';
export { isEmpty } from './empty.ts';
export {
  checkRule,
  type FieldRules,
  type ValidateFormOptions,
  type ValidateOptions,
  type ValidationFailure,
  validateForm,
  validateValue,
} from './engine.ts';
export { buildFieldRules, type FieldDefinition, productFieldRules, rulesForField } from './field-rules.ts';
export { isIp, isIpv4, isIpv6 } from './ip.ts';
export { isMacAddress } from './mac-address.ts';
export {
  createMessageLookup,
  defaultValidationMessages,
  formatMessage,
  lookupMessage,
  type MessageLookup,
  type MessageTable,
} from './messages.ts';
export {
  formatNumberMask,
  type NumberMaskOptions,
  type NumberSeparators,
  numberSeparators,
  unmaskNumber,
} from './number-mask.ts';
export { digitsOf, isInteger, isNumeric } from './numeric.ts';
export { applyPatternMask } from './pattern-mask.ts';
export {
  CALLING_CODE_MAX_DIGITS,
  checkPhone,
  isCallingCode,
  isPhone,
  PHONE_MAX_INPUT_LENGTH,
  type PhoneCheck,
  type PhoneFailureReason,
} from './phone.ts';
export type { DateReference, Rule, RuleName, RuleOf, RuleParamsMap } from './rule.ts';
export { type RuleCheck, ruleChecks } from './rule-checks.ts';
export type { RuleContext, RuleOutcome } from './rule-context.ts';
export { sizeOf } from './size.ts';
export { DEFAULT_URL_PROTOCOLS, isUrl } from './url.ts';
