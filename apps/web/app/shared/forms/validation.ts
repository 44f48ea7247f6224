import {
  type ContentTree,
  checkPhone,
  createMessageLookup,
  defaultValidationMessages,
  type FieldRules,
  type MessageLookup,
  validateForm,
} from '@croupier/contracts';
import { lookup } from '../i18n/translate.ts';

/** Rule names whose content key (fields-settings.validation.*) is spelled differently. */
const CONTENT_KEY: Readonly<Record<string, string>> = {
  digits_between: 'digitsBetween',
  not_regex: 'notRegex',
  date_equals: 'dateEquals',
  mac_address: 'macAddress',
  required_if: 'requiredIf',
  tagManagerId: 'gtm',
};

const PHONE_REASON_KEY: Readonly<Record<string, string>> = {
  TOO_SHORT: 'phoneTooShort',
  TOO_LONG: 'phoneTooLong',
  INVALID_COUNTRY: 'phoneInvalidCountry',
  NOT_A_NUMBER: 'phoneNotANumber',
};

const contentMessage = (content: ContentTree, key: string) =>
  lookup(content, `fields-settings.validation.${key}`) ?? undefined;

/** The shared messages in the visitor's language, English built-ins as the last fallback (spec §5). */
export function messageLookup(content: ContentTree): MessageLookup {
  const table: Record<string, string> = {};
  for (const rule of Object.keys(defaultValidationMessages)) {
    const message = contentMessage(content, CONTENT_KEY[rule] ?? rule);
    if (message) table[rule] = message;
  }
  return createMessageLookup(table);
}

/**
 * Client-side validation with the shared rule engine; the first message per field, shaped like a
 * server 422 after firstMessages. Phone failures name their reason (too short, too long, ...).
 */
export function validateFields(
  rules: FieldRules,
  values: Readonly<Record<string, unknown>>,
  content: ContentTree,
): Record<string, string> {
  const messages = messageLookup(content);
  const all = validateForm(rules, values, messages);
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(all)) {
    let message = list[0] ?? messages('invalid');
    const value = values[field];
    if (message === messages('phone') && typeof value === 'string' && value !== '') {
      const check = checkPhone(value.replace(/[\s()-]/g, ''));
      const key = check.valid ? undefined : PHONE_REASON_KEY[check.reason];
      message = (key && contentMessage(content, key)) || message;
    }
    out[field] = message;
  }
  return out;
}

/** Digits only, country code first, no '+' (api-contract §1.5); the input as typed when not a phone. */
export function phoneDigits(value: string): string {
  const check = checkPhone(value.replace(/[\s()-]/g, ''));
  return check.valid ? check.digits : value.replace(/\D/g, '');
}
