import { describe, expect, it } from 'vitest';
import {
  createMessageLookup,
  defaultValidationMessages,
  formatMessage,
  lookupMessage,
  ruleChecks,
} from '../../src/validators/index.ts';

describe('formatMessage', () => {
  it('fills {min}, {max}, {param} and {field}', () => {
    expect(formatMessage('{field} must be between {min} and {max}.', { field: 'Nickname', min: 3, max: 20 })).toBe(
      'Nickname must be between 3 and 20.',
    );
    expect(formatMessage('Must match {param}.', { param: 'password' })).toBe('Must match password.');
  });

  it('replaces every occurrence and leaves unknown or missing placeholders visible', () => {
    expect(formatMessage('{min}-{min} {nope} {max}', { min: 1, max: undefined })).toBe('1-1 {nope} {max}');
  });

  it('prints lists, dates and zero readably', () => {
    expect(formatMessage('one of {value}', { value: ['1', 'true'] })).toBe('one of 1, true');
    expect(formatMessage('after {param}', { param: new Date(Date.UTC(2024, 0, 5)) })).toBe('after 2024-01-05');
    expect(formatMessage('at least {min}', { min: 0 })).toBe('at least 0');
  });

  it('does not read placeholders from the prototype', () => {
    expect(formatMessage('{constructor} {toString}', {})).toBe('{constructor} {toString}');
  });
});

describe('message lookup', () => {
  const ukrainian = { required: "Обов'язкове поле.", min: '' };
  const english = { required: 'Please fill this in.', min: 'At least {min}, please.' };

  it('prefers the locale table, then the default-locale table, then built-in English', () => {
    expect(lookupMessage('required', ukrainian, english)).toBe("Обов'язкове поле.");
    expect(lookupMessage('min', ukrainian, english)).toBe('At least {min}, please.');
    expect(lookupMessage('email', ukrainian, english)).toBe('Enter a valid e-mail address.');
    expect(lookupMessage('email')).toBe(defaultValidationMessages.email);
  });

  it('falls back to the generic message for a key nobody knows', () => {
    expect(lookupMessage('somethingElse', ukrainian, english)).toBe('This value is not valid.');
    expect(lookupMessage('toString')).toBe('This value is not valid.');
  });

  it('creates a reusable lookup', () => {
    const lookup = createMessageLookup(ukrainian, english);
    expect(lookup('required')).toBe("Обов'язкове поле.");
    expect(lookup('max')).toBe('Must be at most {max}.');
  });

  it('has an English message for every rule', () => {
    for (const name of Object.keys(ruleChecks)) {
      expect(Object.hasOwn(defaultValidationMessages, name), name).toBe(true);
    }
  });
});
