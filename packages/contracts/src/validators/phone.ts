import { ParseError, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';

/** Parse failure kinds from libphonenumber-js, plus INVALID for a number that parses but is not assigned. */
export type PhoneFailureReason = 'INVALID_COUNTRY' | 'NOT_A_NUMBER' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID';

export type PhoneCheck =
  | {
      valid: true;
      /** Digits only, calling code first: the wire form of api-contract §1.5. */
      digits: string;
      callingCode: string;
      nationalNumber: string;
      country: string | undefined;
      extension: string | undefined;
    }
  | { valid: false; reason: PhoneFailureReason };

/** Spec §9. The library enforces the 2..17 national-digit bounds itself. */
export const PHONE_MAX_INPUT_LENGTH = 250;
export const CALLING_CODE_MAX_DIGITS = 3;

const PARSE_REASONS = new Set<string>(['INVALID_COUNTRY', 'NOT_A_NUMBER', 'TOO_SHORT', 'TOO_LONG']);

/**
 * Checks an international number given digits-only (the wire form) or with a leading '+'.
 * Uses the "max" metadata so validity is judged against each country's assigned ranges, not just length.
 */
export function checkPhone(value: string): PhoneCheck {
  // Checked on the raw input: prepending '+' must not push a 250-character input over the limit.
  if (value.length > PHONE_MAX_INPUT_LENGTH) return { valid: false, reason: 'TOO_LONG' };
  const text = value.startsWith('+') ? value : `+${value}`;
  try {
    // extract:false so "call +4915123456789 now" is not accepted by picking a number out of prose.
    const phone = parsePhoneNumberWithError(text, { extract: false });
    if (!phone.isValid()) return { valid: false, reason: 'INVALID' };
    return {
      valid: true,
      digits: phone.number.slice(1),
      callingCode: phone.countryCallingCode,
      nationalNumber: phone.nationalNumber,
      country: phone.country,
      extension: phone.ext,
    };
  } catch (error) {
    if (error instanceof ParseError) {
      return {
        valid: false,
        reason: PARSE_REASONS.has(error.message) ? (error.message as PhoneFailureReason) : 'INVALID',
      };
    }
    throw error;
  }
}

export const isPhone = (value: string): boolean => checkPhone(value).valid;

/**
 * A country calling code, digits only as in Country.phonePrefix. A bare prefix is never a full valid
 * number, so "valid with '+' prepended" (spec §5) is read as: a calling code the numbering metadata knows.
 */
export const isCallingCode = (value: string): boolean =>
  /^\d{1,3}$/.test(value) && Object.hasOwn(metadata.country_calling_codes, value);
