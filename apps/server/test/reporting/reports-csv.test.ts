import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from '../staff/helpers.ts';
import { insertBonusCost, insertDaily, insertPlayers, report } from './reports-helpers.ts';

// Every report as CSV (backoffice-api.md §8, decision 0121): the same path with `Accept: text/csv`, a header
// line, RFC 4180 quoting, amounts in major units with every decimal of the currency, an attachment's filename,
// and streamed: many rows arrive in chunks, read a page at a time.

let t: PlayerTestApp;
let finance: TestStaff;
let ann = '';
let eve = '';
const CAMPAIGNS = 4500;
beforeAll(async () => {
  t = await createPlayerTestApp();
  finance = await signedInStaff(t, 'finance');
  ann = (await registerPlayer(t)).auth.profile.id;
  eve = (await registerPlayer(t)).auth.profile.id;
  await t.database.db.execute(sql`update player.players set nickname = ${'Ann, "the shark"'} where id = ${ann}`);
  await t.database.db.execute(sql`update player.players set nickname = ${'=HYPERLINK("http://x")'} where id = ${eve}`);
  await insertDaily(t, [
    {
      day: '2025-03-01',
      currency: 'EUR',
      deposits: 10050n,
      bets: 50000n,
      wins: 41234n,
      bonusCost: 1500n,
      activePlayers: 3,
    },
    { day: '2025-03-01', currency: 'JPY', bets: 1000n, wins: 1500n, activePlayers: 1 },
    { day: '2025-03-02', currency: 'BTC', bets: 123456789n, activePlayers: 1 },
  ]);
  await insertPlayers(t, [
    { day: '2025-03-01', playerId: ann, currency: 'EUR', bets: 10000n, wins: 2000n, stakeCount: 1 },
    { day: '2025-03-01', playerId: eve, currency: 'EUR', bets: 5000n, wins: 1n, stakeCount: 1 },
  ]);
  // Many campaigns: several pages of the bonus cost report.
  await insertBonusCost(
    t,
    Array.from({ length: CAMPAIGNS }, (_, i) => ({
      day: '2025-05-01',
      kind: 'tournament',
      campaignId: `c${String(i).padStart(5, '0')}`,
      currency: 'EUR',
      cost: BigInt(i + 1),
      players: 1,
    })),
  );
});
afterAll(() => t.close());

describe(`reports as CSV (${databaseKind})`, () => {
  it('answers the daily report as a CSV attachment: header, CRLF lines, exact major units, the converted columns', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/daily?from=2025-03-01&to=2025-03-31', { csv: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="croupier-daily-2025-03-01-2025-03-31.csv"');
    expect(res.headers.vary).toMatch(/accept/i);
    expect(res.body).toBe(
      [
        'date,currency,deposits,withdrawals,bets,wins,ggr,bonusCost,ngr,activePlayers,newPlayers,firstDeposits,convertedCurrency,rateDate,convertedDeposits,convertedWithdrawals,convertedGgr,convertedBonusCost,convertedNgr',
        '2025-03-01,EUR,100.50,0.00,500.00,412.34,87.66,15.00,72.66,3,0,0,EUR,2026-11-02,100.50,0.00,87.66,15.00,72.66',
        // The yen has no decimals; 165 yen a euro.
        '2025-03-01,JPY,0,0,1000,1500,-500,0,-500,1,0,0,EUR,2026-11-02,0.00,0.00,-3.03,0.00,-3.03',
        '2025-03-02,BTC,0.00000000,0.00000000,1.23456789,0.00000000,1.23456789,0.00000000,1.23456789,1,0,0,EUR,2026-11-02,0.00,0.00,74073.93,0.00,74073.93',
        '',
      ].join('\r\n'),
    );
  });

  it('quotes a field with a comma or a quote, and defuses text a spreadsheet would run as a formula', async () => {
    const res = await report(t, finance, '/api/backoffice/reports/players?from=2025-03-01&to=2025-03-01', {
      csv: true,
    });
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="croupier-players-losers-2025-03-01-2025-03-01.csv"',
    );
    expect(res.body.split('\r\n')).toEqual([
      'playerId,name,currency,bets,wins,ggr,deposits,withdrawals',
      `${ann},"Ann, ""the shark""",EUR,100.00,20.00,80.00,0.00,0.00`,
      `${eve},"'=HYPERLINK(""http://x"")",EUR,50.00,0.01,49.99,0.00,0.00`,
      '',
    ]);
  });

  it('answers JSON unless the client prefers CSV, and refuses bad input with the JSON error envelope', async () => {
    const url = '/api/backoffice/reports/funnel?from=2025-03-01&to=2025-03-01';
    for (const accept of [
      'application/json',
      '*/*',
      'text/csv;q=0.5, application/json',
      'application/json, text/csv',
    ]) {
      const res = await t.request({ method: 'GET', url, headers: { ...finance.headers, accept } });
      expect([accept, res.headers['content-type']]).toEqual([accept, expect.stringMatching(/^application\/json/)]);
    }
    const csv = await t.request({
      method: 'GET',
      url,
      headers: { ...finance.headers, accept: 'application/json;q=0.1, text/csv' },
    });
    expect(csv.body.split('\r\n')[0]).toBe('date,registrations,deposited,conversion,medianHoursToDeposit');
    // The back office's download link cannot set a header: `format=csv` asks the same.
    const link = await t.request({ method: 'GET', url: `${url}&format=csv`, headers: finance.headers });
    expect([link.headers['content-type'], link.body]).toEqual([csv.headers['content-type'], csv.body]);
    const bad = await report(t, finance, '/api/backoffice/reports/funnel?from=2025-03-01&to=2024-03-01', { csv: true });
    expect(bad.status).toBe(422);
    expect(bad.json.error.fields).toHaveProperty('to');
  });

  it('streams a report of many rows: chunked, no length, several chunks, every row once and in order', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const got = await new Promise<{ status: number; headers: Record<string, unknown>; chunks: number; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/backoffice/reports/bonus-cost?from=2025-05-01&to=2025-05-01',
            headers: { ...finance.headers, accept: 'text/csv' },
          },
          (res) => {
            let chunks = 0;
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              chunks += 1;
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, body }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(got.status).toBe(200);
    expect(got.headers['transfer-encoding']).toBe('chunked');
    expect(got.headers['content-length']).toBeUndefined();
    expect(got.chunks).toBeGreaterThan(1);
    const lines = got.body.split('\r\n');
    expect(lines[0]).toBe('kind,campaignId,name,currency,cost,players');
    expect(lines.at(-1)).toBe('');
    expect(lines.length).toBe(CAMPAIGNS + 2);
    expect(lines[1]).toBe('tournament,c00000,Tournament,EUR,0.01,0');
    expect(lines[CAMPAIGNS]).toBe(`tournament,c0${CAMPAIGNS - 1},Tournament,EUR,45.00,0`);
  });
});
