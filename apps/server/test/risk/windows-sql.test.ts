import { timeZones } from '@croupier/contracts/reference/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { poolSql, statement } from '../../src/db/lean-sql.ts';
import { type CashPeriod, cashPeriods, windowOf } from '../../src/modules/risk/windows.ts';
import { profileZone, profileZoneSql, windowStartSql } from '../../src/modules/risk/windows-sql.ts';
import { databaseKind } from '../harness.ts';
import { freshWalletDatabase } from '../wallet/db.ts';

// The limits rule computes its windows in SQL (decision 0078); they must be exactly windows.ts's (decision
// 0039): same daily, weekly and monthly starts for every offered zone, around every local midnight of a
// year, across each zone's DST changes, on PGlite and on PostgreSQL.

const STARTS = statement(
  'test_risk_window_starts',
  `select p.period, x.i, w4.window_start as start
     from unnest($1::timestamptz[]) with ordinality as x(at, i),
          unnest(array['daily', 'weekly', 'monthly']) as p(period),
          ${windowStartSql('p.period', 'x.at', profileZoneSql('$2::text'))}`,
);

let database: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await freshWalletDatabase());
});
afterAll(() => close());

const DAY = 86_400_000;

/**
 * Each local midnight of 2026 in `zone` (JS; every DST change of the offered zones once): the last second
 * before it and its first.
 */
function instantsOf(zone: string): Date[] {
  const out: Date[] = [];
  for (let t = Date.UTC(2026, 0, 1, 12); t < Date.UTC(2027, 0, 1); t += DAY) {
    const start = windowOf('daily', new Date(t), zone).start.getTime();
    out.push(new Date(start - 1000), new Date(start));
  }
  return out;
}

describe(`limit windows in SQL (${databaseKind})`, () => {
  it('are the windows of windows.ts for every offered zone, DST days included', async () => {
    const sql = poolSql(database.db);
    for (const { id: zone } of timeZones) {
      const instants = instantsOf(zone);
      const got = await sql.query<{ period: CashPeriod; i: string; start: Date }>(STARTS, [instants, zone]);
      expect(got).toHaveLength(instants.length * 3);
      const mismatches = got.filter((r) => {
        const at = instants[Number(r.i) - 1]!;
        return windowOf(r.period, at, zone).start.getTime() !== new Date(r.start).getTime();
      });
      expect({ zone, mismatches: mismatches.slice(0, 3) }).toEqual({ zone, mismatches: [] });
    }
  });

  it('reads an odd profile value as UTC, as profileZone does', async () => {
    const sql = poolSql(database.db);
    const at = new Date('2026-05-05T05:00:00Z');
    for (const value of ['Mars/Olympus', 'Europe/Rome', '', 'utc']) {
      expect(profileZone(value)).toBe('UTC');
      const got = await sql.query<{ period: CashPeriod; start: Date }>(STARTS, [[at], value]);
      for (const p of cashPeriods) {
        const row = got.find((r) => r.period === p)!;
        expect(new Date(row.start).toISOString()).toBe(windowOf(p, at, 'UTC').start.toISOString());
      }
    }
  });
});
