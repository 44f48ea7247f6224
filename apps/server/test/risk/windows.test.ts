import { describe, expect, it } from 'vitest';
import { exclusionEnd, lastsAtLeast } from '../../src/modules/risk/periods.ts';
import { windowOf, zoneOrUtc } from '../../src/modules/risk/windows.ts';

// Period windows in the player's time zone (decision 0039): local calendar days, Monday weeks, calendar
// months; DST days are 23 or 25 hours long; a zone without local midnight starts its day when it can.

const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];
const at = (s: string) => new Date(s);

describe('period windows', () => {
  it('daily, weekly and monthly in UTC', () => {
    expect(iso(windowOf('daily', at('2026-03-11T15:00:00Z'), 'UTC'))).toEqual([
      '2026-03-11T00:00:00.000Z',
      '2026-03-12T00:00:00.000Z',
    ]);
    // 11 March 2026 is a Wednesday: the week runs Monday 9th to Monday 16th.
    expect(iso(windowOf('weekly', at('2026-03-11T15:00:00Z'), 'UTC'))).toEqual([
      '2026-03-09T00:00:00.000Z',
      '2026-03-16T00:00:00.000Z',
    ]);
    expect(iso(windowOf('monthly', at('2026-12-31T23:59:59Z'), 'UTC'))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });

  it("follows the player's zone: the same instant is another local day", () => {
    // 23:30 UTC on the 10th is already the 11th in Berlin (UTC+1 in winter) and still the 10th in New York.
    const instant = at('2026-02-10T23:30:00Z');
    expect(iso(windowOf('daily', instant, 'Europe/Berlin'))).toEqual([
      '2026-02-10T23:00:00.000Z',
      '2026-02-11T23:00:00.000Z',
    ]);
    expect(iso(windowOf('daily', instant, 'America/New_York'))).toEqual([
      '2026-02-10T05:00:00.000Z',
      '2026-02-11T05:00:00.000Z',
    ]);
    expect(iso(windowOf('daily', instant, 'Asia/Kolkata'))).toEqual([
      '2026-02-10T18:30:00.000Z',
      '2026-02-11T18:30:00.000Z',
    ]);
  });

  it('a spring-forward day has 23 hours and a fall-back day 25 (Europe/Berlin)', () => {
    const spring = windowOf('daily', at('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(iso(spring)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = windowOf('daily', at('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect(iso(autumn)).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
    // The week around the change is 7 local days, one hour short.
    const week = windowOf('weekly', at('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(iso(week)).toEqual(['2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
  });

  it('a zone whose clocks skip midnight starts the day at the first local time that exists', () => {
    // America/Santiago springs forward at 00:00 → 01:00 (6 September 2026): the day starts at 01:00 local.
    const w = windowOf('daily', at('2026-09-06T12:00:00Z'), 'America/Santiago');
    expect(w.start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(w.end.getTime() - w.start.getTime()).toBe(23 * 3_600_000);
  });

  it('every instant lies in its window, across zones and a year of days', () => {
    for (const zone of ['UTC', 'Europe/London', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Kathmandu']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) {
        for (const period of ['daily', 'weekly', 'monthly'] as const) {
          const w = windowOf(period, new Date(t), zone);
          expect(w.start.getTime()).toBeLessThanOrEqual(t);
          expect(w.end.getTime()).toBeGreaterThan(t);
        }
      }
    }
  });

  it('an unknown or missing zone counts in UTC', () => {
    expect(zoneOrUtc('Mars/Olympus')).toBe('UTC');
    expect(zoneOrUtc(null)).toBe('UTC');
    expect(windowOf('daily', at('2026-05-05T05:00:00Z'), 'Nowhere/Else').start.toISOString()).toBe(
      '2026-05-05T00:00:00.000Z',
    );
  });
});

describe('exclusion periods', () => {
  const from = at('2026-01-31T10:00:00Z');
  it('days are exact 24-hour spans, months and years calendar ones, forever never ends', () => {
    expect(exclusionEnd('24h', from)?.toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(exclusionEnd('42d', from)?.toISOString()).toBe('2026-03-14T10:00:00.000Z');
    expect(exclusionEnd('1y', from)?.toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(exclusionEnd('forever', from)).toBeNull();
    expect(() => exclusionEnd('2w', from)).toThrow(RangeError);
  });
  it('longer or equal is allowed, shorter is not, permanent beats everything', () => {
    expect(lastsAtLeast(null, at('2030-01-01T00:00:00Z'))).toBe(true);
    expect(lastsAtLeast(at('2030-01-01T00:00:00Z'), null)).toBe(false);
    expect(lastsAtLeast(at('2030-01-01T00:00:00Z'), at('2029-01-01T00:00:00Z'))).toBe(true);
  });
});
