import { describe, expect, it } from 'vitest';
import { type Rule, validateValue } from '../../src/validators/index.ts';

const failing = (rules: Rule[], value: unknown, values: Record<string, unknown> = {}, field = 'field') =>
  validateValue(rules, value, values, { field, now: new Date(Date.UTC(2024, 5, 15, 12)) })?.rule ?? null;

describe('required', () => {
  it.each([undefined, null, '', '   ', []])('fails on %j', (value) => {
    expect(failing([{ name: 'required' }], value)).toBe('required');
  });

  it.each(['a', 0, '0', false, ['x'], { a: 1 }])('passes on %j', (value) => {
    expect(failing([{ name: 'required' }], value)).toBeNull();
  });
});

describe('required_if', () => {
  const rule: Rule = { name: 'required_if', params: { other: 'documentType', value: 'passport' } };

  it('is required only while the other field has the trigger value', () => {
    expect(failing([rule], '', { documentType: 'passport' })).toBe('required_if');
    expect(failing([rule], 'AB123', { documentType: 'passport' })).toBeNull();
    expect(failing([rule], '', { documentType: 'id_card' })).toBeNull();
    expect(failing([rule], '', {})).toBeNull();
  });

  it('takes a list of trigger values and compares checkbox values as text', () => {
    const anyOf: Rule = { name: 'required_if', params: { other: 'receiveSmsPromo', value: ['1', 'true'] } };
    expect(failing([anyOf], undefined, { receiveSmsPromo: 1 })).toBe('required_if');
    expect(failing([anyOf], undefined, { receiveSmsPromo: true })).toBe('required_if');
    expect(failing([anyOf], undefined, { receiveSmsPromo: 0 })).toBeNull();
  });
});

describe('min and max', () => {
  it('measure strings by length in characters', () => {
    expect(failing([{ name: 'min', params: { min: 6 } }], 'abcdef')).toBeNull();
    expect(failing([{ name: 'min', params: { min: 6 } }], 'abcde')).toBe('min');
    expect(failing([{ name: 'max', params: { max: 3 } }], 'abc')).toBeNull();
    expect(failing([{ name: 'max', params: { max: 3 } }], 'abcd')).toBe('max');
    // Four code points, seven UTF-16 units.
    expect(failing([{ name: 'max', params: { max: 4 } }], 'ab🎰🎲')).toBeNull();
  });

  it('measure numbers by value', () => {
    expect(failing([{ name: 'min', params: { min: 18 } }], 18)).toBeNull();
    expect(failing([{ name: 'min', params: { min: 18 } }], 17.5)).toBe('min');
    expect(failing([{ name: 'max', params: { max: 100 } }], 101)).toBe('max');
  });

  it('measure numeric strings by value only on a field declared numeric', () => {
    expect(failing([{ name: 'min', params: { min: 18 } }], '25')).toBe('min');
    expect(failing([{ name: 'integer' }, { name: 'min', params: { min: 18 } }], '25')).toBeNull();
    expect(failing([{ name: 'numeric' }, { name: 'max', params: { max: 10 } }], '10.5')).toBe('max');
    expect(failing([{ name: 'numeric' }, { name: 'max', params: { max: 10 } }], '9.99')).toBeNull();
  });

  it('measure arrays by size', () => {
    expect(failing([{ name: 'min', params: { min: 2 } }], ['a', 'b'])).toBeNull();
    expect(failing([{ name: 'min', params: { min: 2 } }], ['a'])).toBe('min');
    expect(failing([{ name: 'max', params: { max: 1 } }], ['a', 'b'])).toBe('max');
  });

  it('fail on values that have no size', () => {
    expect(failing([{ name: 'min', params: { min: 0 } }], true)).toBe('min');
    expect(failing([{ name: 'max', params: { max: 10 } }], { length: 1 })).toBe('max');
  });
});

describe('digits and digits_between', () => {
  it('digits wants exactly that many digits', () => {
    expect(failing([{ name: 'digits', params: { param: 4 } }], '0042')).toBeNull();
    expect(failing([{ name: 'digits', params: { param: 4 } }], 1234)).toBeNull();
    expect(failing([{ name: 'digits', params: { param: 4 } }], '123')).toBe('digits');
    expect(failing([{ name: 'digits', params: { param: 4 } }], '12a4')).toBe('digits');
    expect(failing([{ name: 'digits', params: { param: 4 } }], '-123')).toBe('digits');
    expect(failing([{ name: 'digits', params: { param: 3 } }], 1.5)).toBe('digits');
  });

  it('digits_between bounds the digit count inclusively', () => {
    const rule: Rule = { name: 'digits_between', params: { min: 4, max: 6 } };
    expect(failing([rule], '1234')).toBeNull();
    expect(failing([rule], '123456')).toBeNull();
    expect(failing([rule], '123')).toBe('digits_between');
    expect(failing([rule], '1234567')).toBe('digits_between');
    expect(failing([rule], '12 34')).toBe('digits_between');
  });
});

describe('regex and not_regex', () => {
  it('regex passes on a match, with a RegExp or a Laravel-style string', () => {
    expect(failing([{ name: 'regex', params: { pattern: /^[A-Z]{3}$/ } }], 'EUR')).toBeNull();
    expect(failing([{ name: 'regex', params: { pattern: /^[A-Z]{3}$/ } }], 'eur')).toBe('regex');
    expect(failing([{ name: 'regex', params: { pattern: '/^[a-z]{3}$/i' } }], 'EUR')).toBeNull();
    expect(failing([{ name: 'regex', params: { pattern: '^\\d+$' } }], 42)).toBeNull();
    expect(failing([{ name: 'regex', params: { pattern: '^\\d+$' } }], ['42'])).toBe('regex');
  });

  it('a global RegExp gives the same answer on every call', () => {
    const rule: Rule = { name: 'regex', params: { pattern: /abc/g } };
    expect([failing([rule], 'abc'), failing([rule], 'abc'), failing([rule], 'abc')]).toEqual([null, null, null]);
  });

  it('an unusable pattern fails rather than passing', () => {
    expect(failing([{ name: 'regex', params: { pattern: '/([/' } }], 'x')).toBe('regex');
    expect(failing([{ name: 'not_regex', params: { pattern: '/([/' } }], 'x')).toBe('not_regex');
  });

  it('not_regex passes when there is no match', () => {
    expect(failing([{ name: 'not_regex', params: { pattern: /<script/i } }], 'hello')).toBeNull();
    expect(failing([{ name: 'not_regex', params: { pattern: /<script/i } }], '<SCRIPT>')).toBe('not_regex');
  });
});

describe('minAge and maxAge', () => {
  // now is 2024-06-15.
  it('minAge counts whole years up to the injected now', () => {
    const adult: Rule = { name: 'minAge', params: { min: 18 } };
    expect(failing([adult], '2006-06-15')).toBeNull();
    expect(failing([adult], '2006-06-16')).toBe('minAge');
    expect(failing([adult], Date.UTC(2000, 0, 1))).toBeNull();
    expect(failing([adult], '2006-02-30')).toBe('minAge');
  });

  it('maxAge caps whole years', () => {
    const cap: Rule = { name: 'maxAge', params: { max: 100 } };
    expect(failing([cap], '1923-06-16')).toBeNull();
    expect(failing([cap], '1923-06-15')).toBe('maxAge');
    expect(failing([cap], 'yesterday')).toBe('maxAge');
  });

  it('uses the current time when no now is given', () => {
    expect(validateValue([{ name: 'minAge', params: { min: 18 } }], '1990-01-01')).toBeNull();
    expect(validateValue([{ name: 'minAge', params: { min: 18 } }], '2999-01-01')?.rule).toBe('minAge');
  });
});

describe('date_equals', () => {
  it('compares with a literal date or another field', () => {
    const literal: Rule = { name: 'date_equals', params: { param: '2024-01-05' } };
    expect(failing([literal], '2024-1-5')).toBeNull();
    expect(failing([literal], '2024-01-05 18:30:00')).toBeNull();
    expect(failing([literal], '2024-01-06')).toBe('date_equals');
    expect(failing([literal], Date.UTC(2024, 0, 5))).toBeNull();
    const field: Rule = { name: 'date_equals', params: { param: 'startDate' } };
    expect(failing([field], '2024-03-01', { startDate: '2024-3-1' })).toBeNull();
    expect(failing([field], '2024-03-01', { startDate: '2024-3-2' })).toBe('date_equals');
    expect(failing([field], '2024-03-01', { startDate: '' })).toBe('date_equals');
  });
});

describe('different, same, confirmed', () => {
  it('different fails when the other field holds the same value', () => {
    const rule: Rule = { name: 'different', params: { param: 'currentPassword' } };
    expect(failing([rule], 'n3w-secret', { currentPassword: 'old-secret' })).toBeNull();
    expect(failing([rule], 'old-secret', { currentPassword: 'old-secret' })).toBe('different');
    expect(failing([rule], 'n3w-secret', {})).toBeNull();
  });

  it('same wants the exact value of the other field', () => {
    const rule: Rule = { name: 'same', params: { param: 'password' } };
    expect(failing([rule], 'secret1', { password: 'secret1' })).toBeNull();
    expect(failing([rule], 'secret2', { password: 'secret1' })).toBe('same');
    expect(failing([rule], '1', { password: 1 })).toBe('same');
  });

  it('confirmed looks at <field>_confirmation unless told otherwise', () => {
    expect(failing([{ name: 'confirmed' }], 'secret1', { password_confirmation: 'secret1' }, 'password')).toBeNull();
    expect(failing([{ name: 'confirmed' }], 'secret1', { password_confirmation: 'Secret1' }, 'password')).toBe(
      'confirmed',
    );
    expect(failing([{ name: 'confirmed' }], 'secret1', {}, 'password')).toBe('confirmed');
    const custom: Rule = { name: 'confirmed', params: { param: 'repeatNewPassword' } };
    expect(failing([custom], 'secret1', { repeatNewPassword: 'secret1' }, 'newPassword')).toBeNull();
  });
});

describe('type rules', () => {
  it('string', () => {
    expect(failing([{ name: 'string' }], 'abc')).toBeNull();
    expect(failing([{ name: 'string' }], 12)).toBe('string');
  });

  it('alpha takes letters of any script and combining marks only', () => {
    expect(failing([{ name: 'alpha' }], 'José')).toBeNull();
    expect(failing([{ name: 'alpha' }], 'Олександр')).toBeNull();
    expect(failing([{ name: 'alpha' }], 'Jose\u0301')).toBeNull();
    expect(failing([{ name: 'alpha' }], 'Anne-Marie')).toBe('alpha');
    expect(failing([{ name: 'alpha' }], 'R2D2')).toBe('alpha');
  });

  it.each([42, -1.5, '42', '-1.5', '+3', '1e3', '.5', '5.'])('numeric accepts %j', (value) => {
    expect(failing([{ name: 'numeric' }], value)).toBeNull();
  });

  it.each([
    'abc',
    '1,5',
    ' 1',
    '1 ',
    '0x1A',
    'Infinity',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    '-',
  ])('numeric refuses %j', (value) => {
    expect(failing([{ name: 'numeric' }], value)).toBe('numeric');
  });

  it.each([0, 25, -3, '25', '-3', '+7', '0'])('integer accepts %j', (value) => {
    expect(failing([{ name: 'integer' }], value)).toBeNull();
  });

  it.each([2.5, '2.5', '025', '1e3', 'twenty', '99999999999999999999', true])('integer refuses %j', (value) => {
    expect(failing([{ name: 'integer' }], value)).toBe('integer');
  });
});

describe('accepted and declined', () => {
  it.each(['yes', 'on', '1', 1, true, 'true'])('accepted takes %j', (value) => {
    expect(failing([{ name: 'accepted' }], value)).toBeNull();
    expect(failing([{ name: 'declined' }], value)).toBe('declined');
  });

  it.each(['no', 'off', '0', 0, false, 'false'])('declined takes %j', (value) => {
    expect(failing([{ name: 'declined' }], value)).toBeNull();
    expect(failing([{ name: 'accepted' }], value)).toBe('accepted');
  });
});

describe('rule order', () => {
  it('reports the first failing rule with its params', () => {
    const rules: Rule[] = [{ name: 'required' }, { name: 'min', params: { min: 6 } }, { name: 'alpha' }];
    expect(validateValue(rules, '')).toEqual({ rule: 'required', key: 'required', params: {} });
    expect(validateValue(rules, 'ab1')).toEqual({ rule: 'min', key: 'min', params: { min: 6 } });
    expect(validateValue(rules, 'abcdef1')).toEqual({ rule: 'alpha', key: 'alpha', params: {} });
    expect(validateValue(rules, 'abcdefg')).toBeNull();
  });
});
