import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAccount, transfer, withTransaction } from '../../src/modules/wallet/index.ts';
import { databaseKind } from '../harness.ts';
import { registerPlayer } from '../player/helpers.ts';
import type { SeamlessTestApp } from '../seamless/helpers.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';
import { auditOf, depositedPlayer, playersTestApp, rowsOf } from './players-helpers.ts';

let t: SeamlessTestApp;
let support: TestStaff;
beforeAll(async () => {
  t = await playersTestApp();
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const get = (url: string, staff: TestStaff = support) => t.request({ method: 'GET', url, headers: staff.headers });
const post = (url: string, payload: object, staff: TestStaff = support) =>
  t.request({ method: 'POST', url, headers: staff.headers, payload });
const uid = (prefix: string) => `${prefix}-${randomUUID()}`;

/** A deposit of 50, a bet of 2.50 won 10, a bet of 5 rolled back: five movements on the EUR account. */
async function playedPlayer() {
  const p = await depositedPlayer(t, 50);
  const token = await t.launch(p.playerId);
  const act = async (path: string, body: object) => {
    const res = await t.seamless(path, { token, ...body });
    if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.json)}`);
    return res.json;
  };
  const round = uid('r');
  const bet = await act('bet', { transactionId: uid('b'), roundId: round, amount: '2.50', currency: 'EUR' });
  await act('win', {
    transactionId: uid('w'),
    roundId: round,
    betTransactionId: bet.transactionId,
    amount: '10',
    currency: 'EUR',
    closeRound: true,
  });
  const round2 = uid('r');
  const bet2 = await act('bet', { transactionId: uid('b'), roundId: round2, amount: '5', currency: 'EUR' });
  await act('rollback', { transactionId: uid('rb'), rollbackTransactionId: bet2.transactionId, roundId: round2 });
  return p;
}

describe(`player transactions (${databaseKind})`, () => {
  it('lists the ledger movements newest first: type, signed amount, balance after, reference; audited', async () => {
    const p = await playedPlayer();
    const res = await get(`/api/backoffice/players/${p.playerId}/transactions`);
    expect(res.status).toBe(200);
    const rows = res.json.data as Record<string, unknown>[];
    expect(rows.map((r) => [r.type, r.amount, r.currency, r.balanceAfter])).toEqual([
      ['rollback', 5, 'EUR', 57.5],
      ['bet', -5, 'EUR', 52.5],
      ['win', 10, 'EUR', 57.5],
      ['bet', -2.5, 'EUR', 47.5],
      ['deposit', 50, 'EUR', 50],
    ]);
    expect(res.json.meta).toEqual({ page: 1, perPage: 25, totalPages: 1, totalRows: 5 });
    const [invoice] = rowsOf(
      await t.database.db.execute(sql`select id from payment.invoices where player_id = ${p.playerId}`),
    );
    expect(rows[4]).toMatchObject({ reference: invoice.id, id: expect.any(String), createdAt: expect.any(String) });
    expect(rows[0]!.reference).toBeNull();
    // The newest balance after is the balance the player sees.
    const seen = (await t.call('GET', '/api/wallet/accounts', { token: p.token })).json.data[0];
    expect(seen.balance).toBe(57.5);

    const page2 = await get(`/api/backoffice/players/${p.playerId}/transactions?perPage=2&page=2`);
    expect(page2.json.data.map((r: { type: string }) => r.type)).toEqual(['win', 'bet']);
    expect(page2.json.meta).toEqual({ page: 2, perPage: 2, totalPages: 3, totalRows: 5 });
    expect((await get(`/api/backoffice/players/${p.playerId}/transactions?currency=usd`)).json.data).toEqual([]);
    expect((await get(`/api/backoffice/players/${p.playerId}/transactions?currency=eur`)).json.meta.totalRows).toBe(5);

    const audit = await auditOf(t, p.playerId);
    expect(audit.map((r) => [r.action, r.target_type, r.staff_id])).toEqual([
      ['player.transactions.view', 'player', support.id],
      ['player.transactions.view', 'player', support.id],
      ['player.transactions.view', 'player', support.id],
      ['player.transactions.view', 'player', support.id],
    ]);
    expect(audit[1]!.after).toEqual({ page: 2, perPage: 2, currency: null });
    expect(audit[2]!.after).toEqual({ page: 1, perPage: 25, currency: 'USD' });
  });

  it('keeps each account apart: a USD credit is its own movement with its own balance', async () => {
    const p = await depositedPlayer(t, 20);
    const credit = await t.call('POST', '/api/dev/wallet/credit', {
      body: { playerId: p.playerId, currency: 'USD', amount: 7.25 },
    });
    expect(credit.status).toBe(200);
    const rows = (await get(`/api/backoffice/players/${p.playerId}/transactions`)).json.data;
    expect(rows.map((r: Record<string, unknown>) => [r.type, r.amount, r.currency, r.balanceAfter])).toEqual([
      ['other', 7.25, 'USD', 7.25],
      ['deposit', 20, 'EUR', 20],
    ]);
  });

  it('walks deeper when movements have many entries, and keeps every balance after exact', async () => {
    const { auth } = await registerPlayer(t);
    const playerId = auth.profile.id;
    // Ten movements of four 1-cent legs each on the player's account: 40 entries for 10 movements.
    for (let i = 0; i < 10; i++) {
      await withTransaction(t.database.db, async (tx) => {
        const [account] = rowsOf(
          await tx.execute(sql`select id from wallet.accounts where player_id = ${playerId} and currency = 'EUR'`),
        );
        const house = await houseAccount(tx, 'EUR', 'cash');
        await transfer({
          tx,
          kind: 'test.split',
          idempotencyKey: `test.split:${playerId}:${i}`,
          legs: [
            { accountId: house.id, part: 'real', amount: -4n },
            ...[1, 2, 3, 4].map(() => ({ accountId: account.id as string, part: 'real' as const, amount: 1n })),
          ],
        });
      });
    }
    const res = await get(`/api/backoffice/players/${playerId}/transactions?perPage=5`);
    expect(res.json.data.map((r: Record<string, unknown>) => [r.type, r.amount, r.balanceAfter])).toEqual(
      [0.4, 0.36, 0.32, 0.28, 0.24].map((after) => ['other', 0.04, after]),
    );
    expect(res.json.data[0].reference).toBe(`${playerId}:9`);
    expect(res.json.meta.totalRows).toBe(10);
    const second = await get(`/api/backoffice/players/${playerId}/transactions?perPage=5&page=2`);
    expect(second.json.data.map((r: { balanceAfter: number }) => r.balanceAfter)).toEqual([
      0.2, 0.16, 0.12, 0.08, 0.04,
    ]);
  });
});

describe(`player 360 totals (${databaseKind})`, () => {
  it('counts the last 6 months per currency: deposits, bets net of rollbacks, wins', async () => {
    const p = await playedPlayer();
    const view = (await get(`/api/backoffice/players/${p.playerId}`)).json.data;
    expect(view.totals).toEqual([{ currency: 'EUR', deposits: 50, withdrawals: 0, bets: 2.5, wins: 10 }]);
    expect(view.accounts[0]).toMatchObject({ balance: 57.5 });
  });
});

describe(`staff limits (${databaseKind})`, () => {
  const limitsUrl = (id: string) => `/api/backoffice/players/${id}/limits`;
  const body = (amount: number, more: Record<string, unknown> = {}) => ({
    definition: 1,
    period: 'daily',
    currency: 'EUR',
    amount,
    reason: 'Player asked on the phone',
    ...more,
  });

  it('adds a limit, lowers it at once, refuses a raise with 20006; each change audited with before and after', async () => {
    const { auth } = await registerPlayer(t);
    const id = auth.profile.id;
    const added = await post(limitsUrl(id), body(100));
    expect(added.status).toBe(200);
    expect(added.json.data).toMatchObject({ definition: 1, amount: 100, currency: 'EUR', period: 'daily' });
    const lowered = await post(limitsUrl(id), body(50));
    expect(lowered.status).toBe(200);
    expect(lowered.json.data).toMatchObject({ id: added.json.data.id, amount: 50, pendingExist: false });

    const raised = await post(limitsUrl(id), body(80));
    expect(raised.status).toBe(422);
    expect(raised.json.error.code).toBe(20006);
    expect((await post(limitsUrl(id), body(50))).status).toBe(200);

    // The player sees the lowered limit, in force now.
    const own = (await t.call('GET', '/api/player/limits', { token: auth.accessToken })).json.data;
    expect(own).toEqual([expect.objectContaining({ id: added.json.data.id, amount: 50 })]);
    // The limit's own history names the staff member.
    const history = rowsOf(
      await t.database.db.execute(
        sql`select actor, action from risk.limit_history where player_id = ${id} order by id`,
      ),
    );
    expect(history.map((h) => [h.actor, h.action])).toEqual([
      [support.id, 'created'],
      [support.id, 'decreased'],
      [support.id, 'waiting_cancelled'],
    ]);

    const audit = await auditOf(t, id);
    expect(audit.map((r) => r.action)).toEqual(['player.limit', 'player.limit', 'player.limit']);
    expect(audit[0]).toMatchObject({
      staff_id: support.id,
      target_type: 'limit',
      target_id: added.json.data.id,
      reason: 'Player asked on the phone',
      before: null,
      after: expect.objectContaining({ amount: 100 }),
    });
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ amount: 100 }),
      after: expect.objectContaining({ amount: 50 }),
    });
  });

  it("cancels the player's waiting increase by lowering (or keeping) the amount", async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const made = await t.call('POST', '/api/player/limits', {
      token,
      body: { definition: 2, period: 'weekly', currency: 'EUR', amount: 100 },
    });
    await t.call('PUT', `/api/player/limits/${made.json.data.id}`, { token, body: { amount: 500 } });
    const waiting = (await t.call('GET', '/api/player/limits', { token })).json.data[0];
    expect(waiting).toMatchObject({ amount: 100, pendingExist: true });
    // 300 is below the waiting 500 but above the 100 in force: still a raise.
    const raise = await post(limitsUrl(auth.profile.id), body(300, { definition: 2, period: 'weekly' }));
    expect(raise.json.error.code).toBe(20006);
    const res = await post(limitsUrl(auth.profile.id), body(40, { definition: 2, period: 'weekly' }));
    expect(res.json.data).toMatchObject({ id: made.json.data.id, amount: 40, pendingExist: false });
  });

  it('refuses exclusions, unknown periods and currencies, a bad precision and a missing reason with 422', async () => {
    const { auth } = await registerPlayer(t);
    const url = limitsUrl(auth.profile.id);
    const cases: [Record<string, unknown>, string][] = [
      [body(1, { definition: 4, period: 'month_6' }), 'definition'],
      [body(1, { definition: 5, period: 'day_1' }), 'definition'],
      [body(1, { period: 'hourly' }), 'period'],
      [body(1, { currency: 'XXX' }), 'currency'],
      [body(1.001), 'amount'],
      [body(1, { reason: '' }), 'reason'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(url, payload);
      expect(res.status, field).toBe(422);
      expect(res.json.error.code, field).toBe(3);
      expect(res.json.error.fields[field], field).toBeDefined();
    }
    expect(await auditOf(t, auth.profile.id)).toEqual([]);
    expect((await t.call('GET', '/api/player/limits', { token: auth.accessToken })).json.data).toEqual([]);
  });

  it('is refused to a role without players:limits', async () => {
    const { auth } = await registerPlayer(t);
    const payments = await signedInStaff(t, 'payments');
    const res = await post(limitsUrl(auth.profile.id), body(10), payments);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe(20003);
  });
});
