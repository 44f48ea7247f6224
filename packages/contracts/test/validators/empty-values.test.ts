import { describe, expect, it } from 'vitest';
import { type RuleName, type RuleOf, ruleChecks, validateValue } from '../../src/validators/index.ts';

// Typed as a complete map, so a rule added to the registry without a sample here fails the typecheck.
const samples: { [K in RuleName]: RuleOf<K> } = {
  required: { name: 'required' },
  required_if: { name: 'required_if', params: { other: 'kind', value: 'x' } },
  countryCode: { name: 'countryCode' },
  languageCode: { name: 'languageCode' },
  callingCode: { name: 'callingCode' },
  lowercase: { name: 'lowercase' },
  uppercase: { name: 'uppercase' },
  yesLike: { name: 'yesLike' },
  noLike: { name: 'noLike' },
  booleanLike: { name: 'booleanLike' },
  date: { name: 'date' },
  after: { name: 'after', params: { param: '2024-01-01' } },
  afterOrEqual: { name: 'afterOrEqual', params: { param: '2024-01-01' } },
  before: { name: 'before', params: { param: '2024-01-01' } },
  beforeOrEqual: { name: 'beforeOrEqual', params: { param: '2024-01-01' } },
  slug: { name: 'slug' },
  array: { name: 'array' },
  phone: { name: 'phone' },
  cpf: { name: 'cpf' },
  tagManagerId: { name: 'tagManagerId' },
  min: { name: 'min', params: { min: 6 } },
  max: { name: 'max', params: { max: -1 } },
  digits: { name: 'digits', params: { param: 4 } },
  digits_between: { name: 'digits_between', params: { min: 4, max: 6 } },
  regex: { name: 'regex', params: { pattern: /^x$/ } },
  not_regex: { name: 'not_regex', params: { pattern: /.*/ } },
  minAge: { name: 'minAge', params: { min: 18 } },
  maxAge: { name: 'maxAge', params: { max: 100 } },
  date_equals: { name: 'date_equals', params: { param: '2024-01-01' } },
  different: { name: 'different', params: { param: 'other' } },
  confirmed: { name: 'confirmed' },
  same: { name: 'same', params: { param: 'other' } },
  string: { name: 'string' },
  alpha: { name: 'alpha' },
  numeric: { name: 'numeric' },
  integer: { name: 'integer' },
  ip: { name: 'ip' },
  mac_address: { name: 'mac_address' },
  url: { name: 'url' },
  accepted: { name: 'accepted' },
  declined: { name: 'declined' },
  email: { name: 'email' },
};

const requiredness = new Set<RuleName>(['required', 'required_if']);
const nonRequired = (Object.keys(samples) as RuleName[]).filter((name) => !requiredness.has(name));
// The partner fields hold values, so same/different/confirmed would fail if they looked at the empty value.
const values = { kind: 'x', other: 'something', field_confirmation: 'something' };

describe('empty values', () => {
  it('every registered rule has a sample', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(ruleChecks).sort());
  });

  it.each(nonRequired)('%s passes on undefined, null and the empty string', (name) => {
    for (const empty of [undefined, null, '']) {
      expect(validateValue([samples[name]], empty, values, { field: 'field' })).toBeNull();
    }
  });

  it.each(nonRequired)('%s does run on a non-empty value (so the pass above is not vacuous)', (name) => {
    // A value no sample accepts: an object is neither text, number, date, array nor yes/no;
    // `different` fails only on its partner's value.
    const value = name === 'different' ? values.other : { not: 'valid' };
    expect(validateValue([samples[name]], value, values, { field: 'field' })?.rule).toBe(name);
  });

  it('requiredness rules fail on every empty value', () => {
    for (const empty of [undefined, null, '']) {
      expect(validateValue([samples.required], empty)?.rule).toBe('required');
      expect(validateValue([samples.required_if], empty, values)?.rule).toBe('required_if');
    }
  });
});
