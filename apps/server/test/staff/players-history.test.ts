import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../src/modules/game/seed.ts';
import { databaseKind } from '../harness.ts';
import { turnOverOff, withdraw } from '../payment/helpers.ts';
import { ACME, type SeamlessTestApp } from '../seamless/helpers.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';
import { auditOf, depositedPlayer, playersTestApp, rowsOf } from './players-helpers.ts';

// The player 360's rounds and invoices (decision 0107): the wallet's rounds and the payment module's invoices of
// one player, newest first, paged by the server, each read audited.

let t: SeamlessTestApp;
let support: TestStaff;
beforeAll(async () => {
  t = await playersTestApp();
  // The catalogue knows acme's slot-2 (a seeded game given its identity), not slot-1.
  await seedGames(t.database.db);
  await t.database.db.execute(sql`update game.games set identity = 'slot-2' where identity = 'neon-fruits'`);
  // The withdrawal below is not held back by the turn-over wager (tested in risk/turn-over).
  await turnOverOff(t);
  support = await signedInStaff(t, 'support');
});
afterAll(() => t.close());

const get = (url: string, staff: TestStaff = support) => t.request({ method: 'GET', url, headers: staff.headers });
const uid = (prefix: string) => `${prefix}-${randomUUID()}`;
// Rounds and invoices are ordered by their creation time: a few milliseconds apart, whatever the clock's grain.
const pause = () => new Promise((r) => setTimeout(r, 5));

const launch = async (playerId: string, gameId: string, currency = 'EUR') => {
  const res = await t.call('POST', '/api/dev/seamless/launch-token', {
    body: { playerId, currency, providerId: ACME.id, gameId },
  });
  if (res.status !== 200) throw new Error(`launch failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data.token as string;
};

/**
 * A deposit of 50 (card); a round of slot-2 (Neon Fruits), bet 2.50 won 10; a round of slot-1 (not in the catalogue),
 * bet 5 rolled back; an open USD round of 1; a withdrawal of 20 waiting for the bank.
 */
async function historyPlayer() {
  const p = await depositedPlayer(t, 50);
  const act = async (token: string, path: string, body: object) => {
    const res = await t.seamless(path, { token, ...body });
    if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.json)}`);
    return res.json;
  };
  const neon = await launch(p.playerId, 'slot-2');
  const won = uid('r');
  const bet = await act(neon, 'bet', { transactionId: uid('b'), roundId: won, amount: '2.50', currency: 'EUR' });
  await act(neon, 'win', {
    transactionId: uid('w'),
    roundId: won,
    betTransactionId: bet.transactionId,
    amount: '10',
    currency: 'EUR',
    closeRound: true,
  });
  await pause();
  const slot = await launch(p.playerId, 'slot-1');
  const refunded = uid('r');
  const bet2 = await act(slot, 'bet', { transactionId: uid('b'), roundId: refunded, amount: '5', currency: 'EUR' });
  await act(slot, 'rollback', {
    transactionId: uid('rb'),
    rollbackTransactionId: bet2.transactionId,
    roundId: refunded,
  });
  await pause();
  const credit = await t.call('POST', '/api/dev/wallet/credit', {
    body: { playerId: p.playerId, currency: 'USD', amount: 5 },
  });
  if (credit.status !== 200) throw new Error(`credit failed: ${JSON.stringify(credit.json)}`);
  const usd = await launch(p.playerId, 'slot-2', 'USD');
  const open = uid('r');
  await act(usd, 'bet', { transactionId: uid('b'), roundId: open, amount: '1', currency: 'USD' });
  await pause();
  const out = await withdraw(t, p, 20);
  if (out.status !== 200) throw new Error(`withdrawal failed: ${JSON.stringify(out.json)}`);
  return { ...p, rounds: { won, refunded, open } };
}

describe(`player rounds (${databaseKind})`, () => {
  it('lists every round newest first: casino and provider ids, game, bet and win, status, times; audited', async () => {
    const p = await historyPlayer();
    const res = await get(`/api/backoffice/players/${p.playerId}/rounds`);
    expect(res.status).toBe(200);
    const rows = res.json.data as Record<string, unknown>[];
    expect(rows.map((r) => [r.providerRoundId, r.status, r.currency, r.bet, r.win, r.gameId, r.gameName])).toEqual([
      [p.rounds.open, 'open', 'USD', 1, 0, 'slot-2', 'Neon Fruits'],
      // A rolled-back round's bet is net of the rollback.
      [p.rounds.refunded, 'rolled_back', 'EUR', 0, 0, 'slot-1', null],
      [p.rounds.won, 'settled', 'EUR', 2.5, 10, 'slot-2', 'Neon Fruits'],
    ]);
    expect(rows[2]).toMatchObject({
      roundId: `${ACME.id}:${p.rounds.won}`,
      providerId: ACME.id,
      createdAt: expect.any(String),
      settledAt: expect.any(String),
    });
    expect(rows[0]!.settledAt).toBeNull();
    expect(res.json.meta).toEqual({ page: 1, perPage: 25, totalPages: 1, totalRows: 3 });

    const page2 = await get(`/api/backoffice/players/${p.playerId}/rounds?perPage=2&page=2`);
    expect(page2.json.data.map((r: { providerRoundId: string }) => r.providerRoundId)).toEqual([p.rounds.won]);
    expect(page2.json.meta).toEqual({ page: 2, perPage: 2, totalPages: 2, totalRows: 3 });

    const settled = await get(`/api/backoffice/players/${p.playerId}/rounds?status=settled`);
    expect(settled.json.data.map((r: { providerRoundId: string }) => r.providerRoundId)).toEqual([p.rounds.won]);
    const eur = await get(`/api/backoffice/players/${p.playerId}/rounds?currency=eur`);
    expect(eur.json.data.map((r: { providerRoundId: string }) => r.providerRoundId)).toEqual([
      p.rounds.refunded,
      p.rounds.won,
    ]);
    expect(eur.json.meta.totalRows).toBe(2);
    const none = await get(`/api/backoffice/players/${p.playerId}/rounds?currency=EUR&status=open`);
    expect([none.json.data, none.json.meta.totalRows]).toEqual([[], 0]);
    expect((await get(`/api/backoffice/players/${p.playerId}/rounds?status=won`)).status).toBe(422);

    const audit = (await auditOf(t, p.playerId)).filter((r) => r.action === 'player.rounds.view');
    expect(audit.map((r) => [r.target_type, r.staff_id, r.result])).toEqual(
      Array.from({ length: 5 }, () => ['player', support.id, 'ok']),
    );
    expect(audit.map((r) => r.after)).toEqual([
      { page: 1, perPage: 25, status: null, currency: null },
      { page: 2, perPage: 2, status: null, currency: null },
      { page: 1, perPage: 25, status: 'settled', currency: null },
      { page: 1, perPage: 25, status: null, currency: 'EUR' },
      { page: 1, perPage: 25, status: 'open', currency: 'EUR' },
    ]);
  });
});

describe(`player invoices (${databaseKind})`, () => {
  it('lists deposits and withdrawals newest first, every status, with the provider reference; audited', async () => {
    const p = await historyPlayer();
    const res = await get(`/api/backoffice/players/${p.playerId}/invoices`);
    expect(res.status).toBe(200);
    const stored = rowsOf(
      await t.database.db.execute(
        sql`select id, provider_reference from payment.invoices where player_id = ${p.playerId} order by created_at desc`,
      ),
    );
    expect(res.json.data).toEqual([
      {
        id: stored[0].id,
        type: 'withdrawal',
        status: 'pending',
        statusResult: 'pending',
        amount: 20,
        currency: 'EUR',
        method: 'bank_transfer',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        reference: stored[0].provider_reference,
      },
      {
        id: stored[1].id,
        type: 'deposit',
        status: 'success',
        statusResult: 'success',
        amount: 50,
        currency: 'EUR',
        method: 'card',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        reference: stored[1].provider_reference,
      },
    ]);
    expect(res.json.meta).toEqual({ page: 1, perPage: 25, totalPages: 1, totalRows: 2 });

    const page2 = await get(`/api/backoffice/players/${p.playerId}/invoices?perPage=1&page=2`);
    expect(page2.json.data.map((r: { id: string }) => r.id)).toEqual([stored[1].id]);
    expect(page2.json.meta).toEqual({ page: 2, perPage: 1, totalPages: 2, totalRows: 2 });
    const deposits = await get(`/api/backoffice/players/${p.playerId}/invoices?type=deposit`);
    expect(deposits.json.data.map((r: { id: string }) => r.id)).toEqual([stored[1].id]);
    const pending = await get(`/api/backoffice/players/${p.playerId}/invoices?status=pending`);
    expect(pending.json.data.map((r: { id: string }) => r.id)).toEqual([stored[0].id]);
    const failed = await get(`/api/backoffice/players/${p.playerId}/invoices?type=deposit&status=failure`);
    expect([failed.json.data, failed.json.meta.totalRows]).toEqual([[], 0]);
    expect((await get(`/api/backoffice/players/${p.playerId}/invoices?type=2`)).status).toBe(422);

    const audit = (await auditOf(t, p.playerId)).filter((r) => r.action === 'player.invoices.view');
    expect(audit.map((r) => [r.target_type, r.staff_id])).toEqual(
      Array.from({ length: 5 }, () => ['player', support.id]),
    );
    expect(audit.map((r) => r.after)).toEqual([
      { page: 1, perPage: 25, type: null, status: null },
      { page: 2, perPage: 1, type: null, status: null },
      { page: 1, perPage: 25, type: 'deposit', status: null },
      { page: 1, perPage: 25, type: null, status: 'pending' },
      { page: 1, perPage: 25, type: 'deposit', status: 'failure' },
    ]);
  });
});

describe(`rounds and invoices: who may read them (${databaseKind})`, () => {
  it('answers 404 for an unknown player and records nothing; 403 for a role without players:read', async () => {
    const unknown = randomUUID();
    for (const path of ['rounds', 'invoices']) {
      const res = await get(`/api/backoffice/players/${unknown}/${path}`);
      expect([res.status, res.json.error.code]).toEqual([404, ErrorCode.notFound]);
    }
    expect(await auditOf(t, unknown)).toEqual([]);

    const { playerId } = await depositedPlayer(t, 10);
    const marketing = await signedInStaff(t, 'marketing');
    for (const path of ['rounds', 'invoices']) {
      const res = await get(`/api/backoffice/players/${playerId}/${path}`, marketing);
      expect([res.status, res.json.error.code]).toEqual([403, ErrorCode.staffForbidden]);
    }
    // Only the refusals are recorded: nothing was seen.
    expect((await auditOf(t, playerId)).map((r) => [r.action, r.target_id, r.result, r.staff_id])).toEqual(
      ['rounds', 'invoices'].map((path) => [
        'permission.denied',
        `GET /api/backoffice/players/:id/${path}`,
        'denied',
        marketing.id,
      ]),
    );
  });
});
