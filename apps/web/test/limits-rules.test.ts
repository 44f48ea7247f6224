import type { Limit } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { cashLimitsOf, DAY_MS, isLocked, timeLeft } from '../app/features/limits/limit-rules.ts';
import { formatElapsed } from '../app/features/limits/reality-check-store.ts';

const limit = (over: Partial<Limit>): Limit => ({
  id: 'l',
  definition: 3,
  status: 1,
  amount: 10,
  currentAmount: 0,
  currency: 'EUR',
  period: 'daily',
  startedAt: null,
  expiredAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: null,
  cancelProcess: false,
  pendingExist: false,
  ...over,
});

describe('limits page rules (api-contract §6)', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('counts down whole days from expiredAt, "less than a day" under 24 hours, nothing once over or permanent', () => {
    expect(timeLeft(new Date(now + 3 * DAY_MS + 5).toISOString(), now)).toEqual({ kind: 'days', days: 3 });
    expect(timeLeft(new Date(now + DAY_MS).toISOString(), now)).toEqual({ kind: 'days', days: 1 });
    expect(timeLeft(new Date(now + DAY_MS - 1).toISOString(), now)).toEqual({ kind: 'lessThanDay' });
    expect(timeLeft(new Date(now - 1).toISOString(), now)).toBeNull();
    expect(timeLeft(null, now)).toBeNull();
  });

  it('disables edit and remove while an increase or a removal waits', () => {
    expect(isLocked(limit({}))).toBe(false);
    expect(isLocked(limit({ pendingExist: true }))).toBe(true);
    expect(isLocked(limit({ cancelProcess: true }))).toBe(true);
  });

  it('groups by definition, then currency and period (daily → monthly); plain mode keeps the given currencies', () => {
    const items = [
      limit({ id: 'm', period: 'monthly' }),
      limit({ id: 'usd', currency: 'USD' }),
      limit({ id: 'd', period: 'daily' }),
      limit({ id: 'bet', definition: 1 }),
      limit({ id: 'w', period: 'weekly' }),
    ];
    expect(cashLimitsOf(items, 3, null).map((l) => l.id)).toEqual(['d', 'w', 'm', 'usd']);
    expect(cashLimitsOf(items, 3, ['EUR']).map((l) => l.id)).toEqual(['d', 'w', 'm']);
    expect(cashLimitsOf(items, 1, null).map((l) => l.id)).toEqual(['bet']);
  });

  it('shows the session time as m:ss, then h:mm:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(15 * 60_000 + 9_000)).toBe('15:09');
    expect(formatElapsed(3_600_000 + 5 * 60_000 + 9_000)).toBe('1:05:09');
    expect(formatElapsed(-5)).toBe('0:00');
  });
});
