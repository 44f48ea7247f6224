import { describe, expect, it } from 'vitest';
import {
  compareDates,
  isValidDate,
  parseDateString,
  toTimestamp,
  validateValue,
  wholeYearsSince,
} from '../../src/validators/index.ts';

describe('date validator', () => {
  it.each([
    ['2024-2-29', { year: 2024, month: 2, day: 29 }],
    ['2000-2-29', { year: 2000, month: 2, day: 29 }],
    ['2024-02-09', { year: 2024, month: 2, day: 9 }],
    ['1000-1-1', { year: 1000, month: 1, day: 1 }],
    ['3000-12-31', { year: 3000, month: 12, day: 31 }],
    ['1990-04-30', { year: 1990, month: 4, day: 30 }],
  ])('reads %s as a calendar day', (input, expected) => {
    expect(parseDateString(input)).toEqual(expected);
    expect(isValidDate(input)).toBe(true);
  });

  it.each([
    ['2023-2-29', 'not a leap year'],
    ['1900-2-29', 'century not divisible by 400'],
    ['2100-02-29', 'century not divisible by 400'],
    ['999-1-1', 'year below 1000'],
    ['0999-1-1', 'year below 1000, padded'],
    ['3001-1-1', 'year above 3000'],
    ['2024-0-10', 'month 0'],
    ['2024-13-1', 'month 13'],
    ['2024-4-31', 'April has 30 days'],
    ['2024-1-0', 'day 0'],
    ['2024-1-32', 'day 32'],
    ['24-1-1', 'two-digit year'],
    ['2024/01/01', 'wrong separator'],
    ['2024-001-01', 'three-digit month'],
    ['2024-01-01T00:00:00Z', 'ISO time is not the date form'],
    [' 2024-01-01', 'leading space leaves nothing before it'],
    ['01-01-2024', 'day-first order'],
    ['not a date', 'prose'],
  ])('refuses %s (%s)', (input) => {
    expect(parseDateString(input)).toBeNull();
    expect(isValidDate(input)).toBe(false);
  });

  it('ignores what follows a space, so the server datetime form is read as its day', () => {
    expect(parseDateString('1990-05-17 13:45:00')).toEqual({ year: 1990, month: 5, day: 17 });
    expect(toTimestamp('1990-05-17 13:45:00')).toBe(Date.UTC(1990, 4, 17));
    expect(parseDateString('2023-02-29 00:00:00')).toBeNull();
  });

  it('accepts finite numbers as millisecond timestamps and valid Date objects', () => {
    expect(toTimestamp(0)).toBe(0);
    expect(toTimestamp(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(toTimestamp(new Date(Date.UTC(2020, 0, 1)))).toBe(Date.UTC(2020, 0, 1));
    expect(toTimestamp(Number.NaN)).toBeNull();
    expect(toTimestamp(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toTimestamp(9e15)).toBeNull();
    expect(toTimestamp(new Date('nonsense'))).toBeNull();
    expect(toTimestamp(true)).toBeNull();
    expect(toTimestamp({})).toBeNull();
  });

  it('reads date strings as UTC midnight', () => {
    expect(toTimestamp('2024-2-29')).toBe(Date.UTC(2024, 1, 29));
  });
});

describe('date comparisons', () => {
  it('orders dates across forms', () => {
    expect(compareDates('2024-03-01', '2024-2-29')).toBe(1);
    expect(compareDates('2024-02-29', Date.UTC(2024, 1, 29))).toBe(0);
    expect(compareDates('2024-02-28', new Date(Date.UTC(2024, 1, 29)))).toBe(-1);
    expect(compareDates('2023-02-29', '2024-01-01')).toBeNull();
    expect(compareDates('2024-01-01', 'tomorrow')).toBeNull();
  });

  const values = { from: '2024-05-10', broken: '2024-02-30' };
  const run = (name: 'after' | 'afterOrEqual' | 'before' | 'beforeOrEqual', value: unknown, param: string) =>
    validateValue([{ name, params: { param } }], value, values)?.rule ?? 'pass';

  it.each([
    ['after', '2024-05-11', 'pass'],
    ['after', '2024-05-10', 'after'],
    ['after', '2024-05-09', 'after'],
    ['afterOrEqual', '2024-05-10', 'pass'],
    ['afterOrEqual', '2024-05-09', 'afterOrEqual'],
    ['before', '2024-05-09', 'pass'],
    ['before', '2024-05-10', 'before'],
    ['beforeOrEqual', '2024-05-10', 'pass'],
    ['beforeOrEqual', '2024-05-11', 'beforeOrEqual'],
  ] as const)('%s the "from" field: %s gives %s', (name, value, expected) => {
    expect(run(name, value, 'from')).toBe(expected);
  });

  it('compares against a literal date when the parameter is not a field', () => {
    expect(run('after', '2024-1-2', '2024-01-01')).toBe('pass');
    expect(run('after', '2023-12-31', '2024-01-01')).toBe('after');
  });

  it.each([
    'after',
    'afterOrEqual',
    'before',
    'beforeOrEqual',
  ] as const)('%s fails when either side is not a valid date', (name) => {
    expect(run(name, '2024-13-01', 'from')).toBe(name);
    expect(run(name, '2024-05-10', 'broken')).toBe(name);
    expect(run(name, '2024-05-10', 'missingField')).toBe(name);
  });
});

describe('whole years since a date', () => {
  const now = new Date(Date.UTC(2024, 5, 15, 10));

  it('counts a birthday only once its day has come', () => {
    expect(wholeYearsSince('2006-06-15', now)).toBe(18);
    expect(wholeYearsSince('2006-06-16', now)).toBe(17);
    expect(wholeYearsSince('2006-5-31', now)).toBe(18);
    expect(wholeYearsSince(Date.UTC(2006, 5, 16), now)).toBe(17);
  });

  it('reaches a 29 February birthday on 1 March in a common year', () => {
    expect(wholeYearsSince('2004-02-29', new Date(Date.UTC(2023, 1, 28)))).toBe(18);
    expect(wholeYearsSince('2004-02-29', new Date(Date.UTC(2023, 2, 1)))).toBe(19);
  });

  it('is null for an invalid date', () => {
    expect(wholeYearsSince('2006-02-30', now)).toBeNull();
  });
});
