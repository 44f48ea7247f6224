import { backofficeEndpoints, ErrorCode } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, nextIp, type PlayerTestApp } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from '../staff/helpers.ts';

// Who reads the reports (backoffice-api.md §3, §8): finance reads every report, as JSON and as CSV, and changes
// nothing (it may not even start a reconciliation); support reads none. The sweep in test/staff covers every
// endpoint × role; this pins the reports' own answers, CSV included.

const e = backofficeEndpoints.reports;
const reads = [e.daily, e.games, e.players, e.bonusCost, e.funnel].map(
  (x) => `${x.path}?from=2025-03-01&to=2025-03-31`,
);

let t: PlayerTestApp;
let finance: TestStaff;
let support: TestStaff;
beforeAll(async () => {
  t = await createPlayerTestApp();
  finance = await signedInStaff(t, 'finance');
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const get = (url: string, staff: TestStaff, accept?: string) =>
  t.request({
    method: 'GET',
    url,
    headers: { ...staff.headers, 'cf-connecting-ip': nextIp(), ...(accept ? { accept } : {}) },
  });

describe(`the reports' permissions (${databaseKind})`, () => {
  it.each(reads)('finance reads %s as JSON and as CSV', async (url) => {
    expect((await get(url, finance)).status).toBe(200);
    const csv = await get(url, finance, 'text/csv');
    expect([csv.status, csv.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/csv/)]);
  });

  it.each(reads)('support is refused %s (403 20003), as CSV too', async (url) => {
    for (const accept of [undefined, 'text/csv']) {
      const res = await get(url, support, accept);
      expect([res.status, res.json?.error?.code]).toEqual([403, ErrorCode.staffForbidden]);
    }
  });

  it('finance cannot start a reconciliation', async () => {
    const res = await t.request({
      method: 'POST',
      url: e.reconcile.path,
      headers: { ...finance.headers, 'cf-connecting-ip': nextIp(), 'content-type': 'application/json' },
      payload: JSON.stringify({ from: '2025-03-01', to: '2025-03-31' }),
    });
    expect([res.status, res.json?.error?.code]).toEqual([403, ErrorCode.staffForbidden]);
  });
});
