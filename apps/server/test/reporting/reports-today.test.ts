import { StaffChannel } from '@croupier/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTodayAnnouncer, utcDayOf } from '../../src/modules/reporting/index.ts';
import { announceDashboardChange } from '../../src/modules/staff/index.ts';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from '../staff/helpers.ts';
import { insertDaily } from './reports-helpers.ts';

// The dashboard's `today` tile (decision 0121): today's rows of the daily report, and the throttled
// `dashboard.changed` that tells the back office they moved once the reporting consumer committed them.

let t: PlayerTestApp;
let finance: TestStaff;
beforeAll(async () => {
  t = await createPlayerTestApp();
  finance = await signedInStaff(t, 'finance');
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

describe(`the dashboard's today tile (${databaseKind})`, () => {
  it("answers today's rows of the daily report per currency, and nothing of yesterday", async () => {
    const today = utcDayOf(new Date());
    const yesterday = utcDayOf(new Date(Date.now() - 86_400_000));
    await insertDaily(t, [
      { day: today, currency: 'EUR', deposits: 5000n, withdrawals: 1000n, bets: 3000n, wins: 1000n, activePlayers: 2 },
      { day: today, currency: 'USD', deposits: 1080n, activePlayers: 0 },
      { day: yesterday, currency: 'EUR', deposits: 999999n },
    ]);
    const res = await t.request({ method: 'GET', url: '/api/backoffice/dashboard', headers: finance.headers });
    expect(res.status).toBe(200);
    const rate = { currency: 'EUR', rateDate: '2026-11-02' };
    expect(res.json.data.today).toEqual([
      {
        date: today,
        currency: 'EUR',
        deposits: 50,
        withdrawals: 10,
        bets: 30,
        wins: 10,
        ggr: 20,
        bonusCost: 0,
        ngr: 20,
        activePlayers: 2,
        newPlayers: 0,
        firstDeposits: 0,
        converted: { ...rate, deposits: 50, withdrawals: 10, ggr: 20, bonusCost: 0, ngr: 20 },
      },
      {
        date: today,
        currency: 'USD',
        deposits: 10.8,
        withdrawals: 0,
        bets: 0,
        wins: 0,
        ggr: 0,
        bonusCost: 0,
        ngr: 0,
        activePlayers: 0,
        newPlayers: 0,
        firstDeposits: 0,
        converted: { ...rate, deposits: 10, withdrawals: 0, ggr: 0, bonusCost: 0, ngr: 0 },
      },
    ]);
  });

  it("gives today's money only to staff who read reports: support's dashboard has none", async () => {
    await insertDaily(t, [{ day: utcDayOf(new Date()), currency: 'CAD', deposits: 700n }]);
    const support = await signedInStaff(t, 'support');
    const theirs = await t.request({ method: 'GET', url: '/api/backoffice/dashboard', headers: support.headers });
    expect(theirs.status).toBe(200);
    expect(theirs.json.data.today).toEqual([]);
    const ours = await t.request({ method: 'GET', url: '/api/backoffice/dashboard', headers: finance.headers });
    expect(ours.status, JSON.stringify(ours.json)).toBe(200);
    expect(ours.json.data.today.map((r: { currency: string }) => r.currency)).toContain('CAD');
  });

  it('announces `dashboard.changed` for the `today` tile on the staff channel', async () => {
    const announcer = createTodayAnnouncer({ announce: () => announceDashboardChange(t.database.db, 'today') });
    announcer.touched([utcDayOf(new Date())]);
    await announcer.stop();
    const events = (await t.published(StaffChannel.dashboard)).map((m) => m.data);
    expect(events).toContainEqual({ event: 'dashboard.changed', tile: 'today' });
  });
});

describe('the today announcer', () => {
  const setup = () => {
    vi.useFakeTimers({ now: new Date('2025-03-01T12:00:00Z') });
    const announce = vi.fn(async () => {});
    const announcer = createTodayAnnouncer({ announce, intervalMs: 1000 });
    const flush = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
    };
    return { announce, announcer, flush };
  };

  it('says nothing for pages without a figure of today', async () => {
    const { announce, announcer, flush } = setup();
    announcer.touched(['2025-02-28']);
    announcer.touched([]);
    await flush(5000);
    expect(announce).not.toHaveBeenCalled();
  });

  it('announces at once, then folds a burst into one announcement at the end of the second', async () => {
    const { announce, announcer, flush } = setup();
    announcer.touched(['2025-02-28', '2025-03-01']);
    await flush(0);
    expect(announce).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) {
      announcer.touched(['2025-03-01']);
      await flush(10);
    }
    // 500 ms in: the burst waits for the interval's end, once.
    expect(announce).toHaveBeenCalledTimes(1);
    await flush(500);
    expect(announce).toHaveBeenCalledTimes(2);
    await flush(5000);
    expect(announce).toHaveBeenCalledTimes(2);
    // Quiet for longer than the interval: the next one goes at once again.
    announcer.touched(['2025-03-01']);
    await flush(0);
    expect(announce).toHaveBeenCalledTimes(3);
  });

  it('drops a pending announcement on stop, and survives a failing write', async () => {
    const { announce, announcer, flush } = setup();
    announce.mockRejectedValueOnce(new Error('database down'));
    announcer.touched(['2025-03-01']);
    await flush(0);
    announcer.touched(['2025-03-01']);
    await announcer.stop();
    await flush(5000);
    expect(announce).toHaveBeenCalledTimes(1);
  });
});
