import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyRule, RuleRefusal, signatureOf } from '../../src/modules/wallet/seamless/index.ts';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { databaseKind } from '../harness.ts';
import { ledgerViolations, rows } from '../wallet/db.ts';
import { ACME, createSeamlessTestApp, type SeamlessTestApp } from './helpers.ts';

let t: SeamlessTestApp;
const memory = new MemoryPublisher();
/** A loss limit a test switches on: refuses stakes over 5.00 inside the bet's transaction. */
let lossLimitOn = false;
const lossLimit: MoneyRule = {
  name: 'test-loss-limit',
  kinds: ['bet'],
  async apply({ movement }) {
    if (lossLimitOn && movement.amount > 500n) throw new RuleRefusal('limit_reached', 'Loss limit reached');
    return undefined;
  },
};
beforeAll(async () => {
  t = await createSeamlessTestApp({ moneyRules: [lossLimit] });
  t.app.outbox.addPublisher(memory);
});
afterAll(() => t.close());

const db = () => t.database.db;
const uid = (prefix: string) => `${prefix}-${randomUUID()}`;
const counts = async () => {
  const [r] = await rows(
    db(),
    sql`select (select count(*) from wallet.transactions)::int as ledger,
               (select count(*) from wallet.seamless_transactions)::int as seamless,
               (select count(*) from wallet.seamless_rounds)::int as rounds`,
  );
  return r as { ledger: number; seamless: number; rounds: number };
};
const balance = async (token: string) => (await t.seamless('balance', { token })).json.balance as string;

describe(`seamless wallet API (${databaseKind})`, () => {
  it('refuses a missing, wrong or foreign signature with 401 before parsing, and writes nothing', async () => {
    const { token } = await t.newPlayer('10');
    const before = await counts();
    const body = { token, transactionId: uid('b'), roundId: uid('r'), amount: '1.00', currency: 'EUR' };
    const payload = JSON.stringify(body);
    const cases = [
      { signature: '' },
      { signature: 'sha256=00' },
      { secret: 'not-the-secret-at-all' },
      { provider: 'nobody' },
      { provider: 'croupier-studio' },
      // A body that is not even JSON, but unsigned: 401, never 422 (nothing parsed before the signature).
      { raw: '{not json', signature: signatureOf('wrong-secret-xxxxxxxx', '{not json') },
      // The signature of another body.
      { signature: signatureOf(ACME.secret, `${payload} `) },
    ];
    for (const c of cases) {
      const res = await t.seamless('bet', body, c);
      expect(res.status, JSON.stringify(c)).toBe(401);
      expect(res.json).toMatchObject({ status: 'ERROR', code: 'INVALID_SIGNATURE' });
    }
    expect(await counts()).toEqual(before);
    // Signed but not JSON / wrong shape: 422 INVALID_REQUEST.
    expect((await t.seamless('bet', null, { raw: '{not json' })).json.code).toBe('INVALID_REQUEST');
    const bad = await t.seamless('bet', { ...body, amount: 1 });
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe('INVALID_REQUEST');
    expect((await t.seamless('bet', { ...body, amount: '1.001' })).json.code).toBe('INVALID_REQUEST');
  });

  it('answers balance, bet, win (closing the round) and rollback; records the round', async () => {
    const { token, playerId } = await t.newPlayer('100');
    expect(await t.seamless('balance', { token })).toEqual({
      status: 200,
      json: { status: 'OK', balance: '100.00', currency: 'EUR' },
    });
    const round = uid('r');
    const bet = await t.seamless('bet', {
      token,
      transactionId: uid('b'),
      roundId: round,
      amount: '2.50',
      currency: 'EUR',
      gameId: 'slot-1',
    });
    expect(bet.status).toBe(200);
    expect(bet.json).toMatchObject({
      status: 'OK',
      balance: '97.50',
      currency: 'EUR',
      ledgerTransactionId: expect.any(String),
    });
    const win = await t.seamless('win', {
      token,
      transactionId: uid('w'),
      roundId: round,
      betTransactionId: bet.json.transactionId,
      amount: '10',
      currency: 'EUR',
      closeRound: true,
    });
    expect(win.json).toMatchObject({ status: 'OK', balance: '107.50' });
    const [r] = await rows(
      db(),
      sql`select player_id, game_id, bet_total::text as bet_total, win_total::text as win_total, status from wallet.seamless_rounds where round_id = ${round}`,
    );
    expect(r).toMatchObject({
      player_id: playerId,
      game_id: 'slot-1',
      bet_total: '250',
      win_total: '1000',
      status: 'settled',
    });

    const round2 = uid('r');
    const bet2 = await t.seamless('bet', {
      token,
      transactionId: uid('b'),
      roundId: round2,
      amount: '5',
      currency: 'EUR',
    });
    expect(bet2.json.balance).toBe('102.50');
    const rb = await t.seamless('rollback', {
      token,
      transactionId: uid('rb'),
      rollbackTransactionId: bet2.json.transactionId,
      roundId: round2,
    });
    expect(rb.json).toMatchObject({ status: 'OK', balance: '107.50', ledgerTransactionId: expect.any(String) });
    const [r2] = await rows(
      db(),
      sql`select status, bet_total::text as bet_total from wallet.seamless_rounds where round_id = ${round2}`,
    );
    expect(r2).toEqual({ status: 'rolled_back', bet_total: '0' });
    // A win for the rolled-back bet is refused.
    const late = await t.seamless('win', {
      token,
      transactionId: uid('w'),
      roundId: round2,
      betTransactionId: bet2.json.transactionId,
      amount: '1',
      currency: 'EUR',
    });
    expect(late.json).toMatchObject({ status: 'ERROR', code: 'BET_NOT_FOUND', balance: '107.50' });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('publishes account.balance.updated for a bet, like any ledger movement', async () => {
    const { token, playerId } = await t.newPlayer('20');
    await t.app.outbox.drain();
    const before = memory.published.length;
    await t.seamless('bet', { token, transactionId: uid('b'), roundId: uid('r'), amount: '3', currency: 'EUR' });
    await t.app.outbox.drain();
    const events = memory.published.slice(before).filter((m) => m.channel === `wallet:accounts#${playerId}`);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      event: 'account.balance.updated',
      account: { balance: 17, currency: 'EUR' },
    });
  });

  it('replays every request three times: the same answer, one effect', async () => {
    const { token } = await t.newPlayer('50');
    const round = uid('r');
    const otherRound = uid('r');
    const betId = uid('b');
    const lateBetId = uid('b');
    const requests: [string, Record<string, unknown>][] = [
      ['bet', { token, transactionId: betId, roundId: round, amount: '4', currency: 'EUR' }],
      [
        'win',
        { token, transactionId: uid('w'), roundId: round, betTransactionId: betId, amount: '6', currency: 'EUR' },
      ],
      ['bet', { token, transactionId: lateBetId, roundId: otherRound, amount: '1', currency: 'EUR' }],
      ['rollback', { token, transactionId: uid('rb'), rollbackTransactionId: lateBetId, roundId: otherRound }],
      [
        'batch',
        {
          token,
          actions: [
            { action: 'bet', transactionId: uid('bb'), roundId: round, amount: '2', currency: 'EUR' },
            {
              action: 'win',
              transactionId: uid('bw'),
              roundId: round,
              amount: '0.5',
              currency: 'EUR',
              closeRound: true,
            },
          ],
        },
      ],
    ];
    const expected = ['46.00', '52.00', '51.00', '52.00', '50.50'];
    for (const [i, [path, body]] of requests.entries()) {
      const first = await t.seamless(path, body);
      expect(first.json.status, JSON.stringify(first.json)).toBe('OK');
      expect(first.json.balance).toBe(expected[i]);
      const after = await counts();
      for (let k = 0; k < 3; k++) {
        const again = await t.seamless(path, body);
        expect(again).toEqual(first);
      }
      expect(await counts()).toEqual(after);
      expect(await balance(token)).toBe(expected[i]);
    }
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('answers DUPLICATE_CONFLICT for a different request under a used transaction id', async () => {
    const { token } = await t.newPlayer('10');
    const body = { token, transactionId: uid('b'), roundId: uid('r'), amount: '1', currency: 'EUR' };
    expect((await t.seamless('bet', body)).json.status).toBe('OK');
    const before = await counts();
    const other = await t.seamless('bet', { ...body, amount: '2' });
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ status: 'ERROR', code: 'DUPLICATE_CONFLICT', balance: '9.00' });
    const asWin = await t.seamless('win', { ...body, amount: '1' });
    expect(asWin.json.code).toBe('DUPLICATE_CONFLICT');
    expect(await counts()).toEqual(before);
  });

  it('keeps a rollback that comes before its bet; the bet then has no net effect', async () => {
    const { token } = await t.newPlayer('10');
    const round = uid('r');
    const betId = uid('b');
    const rollback = { token, transactionId: uid('rb'), rollbackTransactionId: betId, roundId: round };
    const first = await t.seamless('rollback', rollback);
    expect(first.json).toMatchObject({ status: 'OK', balance: '10.00', ledgerTransactionId: null });
    const ledgerBefore = (await counts()).ledger;
    const bet = { token, transactionId: betId, roundId: round, amount: '3', currency: 'EUR' };
    for (let k = 0; k < 3; k++) {
      expect((await t.seamless('rollback', rollback)).json).toEqual(first.json);
      const late = await t.seamless('bet', bet);
      expect(late.json).toMatchObject({ status: 'OK', balance: '10.00', ledgerTransactionId: null });
    }
    expect((await counts()).ledger).toBe(ledgerBefore);
    expect(await balance(token)).toBe('10.00');
    // The tombstone became the bet, accepted and cancelled at once.
    const [p] = await rows(
      db(),
      sql`select kind, amount::text as amount, rolled_back_at from wallet.seamless_transactions where provider_tx_id = ${betId}`,
    );
    expect(p).toMatchObject({ kind: 'bet', amount: '300' });
    expect(p.rolled_back_at).not.toBeNull();
    const [r] = await rows(db(), sql`select status from wallet.seamless_rounds where round_id = ${round}`);
    expect(r.status).toBe('rolled_back');
  });

  it('accepts wins and rollbacks after the token expired, refuses bets with TOKEN_EXPIRED', async () => {
    const { playerId } = await t.newPlayer('10');
    const token = await t.launch(playerId);
    const round = uid('r');
    // The rollback's round has paid nothing: a round that paid a win keeps its stakes (decision 0021).
    const secondRound = uid('r');
    const bet = await t.seamless('bet', {
      token,
      transactionId: uid('b'),
      roundId: round,
      amount: '2',
      currency: 'EUR',
    });
    const bet2 = await t.seamless('bet', {
      token,
      transactionId: uid('b'),
      roundId: secondRound,
      amount: '1',
      currency: 'EUR',
    });
    expect(bet2.json.balance).toBe('7.00');
    await db().execute(sql`update wallet.seamless_sessions set expires_at = now() - interval '1 minute'`);
    const refused = await t.seamless('bet', {
      token,
      transactionId: uid('b'),
      roundId: round,
      amount: '1',
      currency: 'EUR',
    });
    expect(refused.json).toMatchObject({ status: 'ERROR', code: 'TOKEN_EXPIRED', balance: '7.00' });
    const win = await t.seamless('win', {
      token,
      transactionId: uid('w'),
      roundId: round,
      betTransactionId: bet.json.transactionId,
      amount: '5',
      currency: 'EUR',
    });
    expect(win.json).toMatchObject({ status: 'OK', balance: '12.00' });
    const rb = await t.seamless('rollback', {
      token,
      transactionId: uid('rb'),
      rollbackTransactionId: bet2.json.transactionId,
      roundId: secondRound,
    });
    expect(rb.json).toMatchObject({ status: 'OK', balance: '13.00' });
  });

  it('answers INSUFFICIENT_FUNDS with the balance and moves nothing', async () => {
    const { token } = await t.newPlayer('5');
    const before = await counts();
    const res = await t.seamless('bet', {
      token,
      transactionId: uid('b'),
      roundId: uid('r'),
      amount: '5.01',
      currency: 'EUR',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', balance: '5.00', currency: 'EUR' });
    expect(await counts()).toEqual(before);
  });

  it('answers CURRENCY_MISMATCH, INVALID_TOKEN, PLAYER_DISABLED, LIMIT_REACHED and BET_NOT_FOUND', async () => {
    const { token, playerId } = await t.newPlayer('10');
    const bet = (extra: Record<string, unknown> = {}) => ({
      token,
      transactionId: uid('b'),
      roundId: uid('r'),
      amount: '1',
      currency: 'EUR',
      ...extra,
    });
    expect((await t.seamless('bet', bet({ currency: 'USD' }))).json).toMatchObject({
      code: 'CURRENCY_MISMATCH',
      balance: '10.00',
    });
    expect((await t.seamless('win', { ...bet({ currency: 'USD' }) })).json.code).toBe('CURRENCY_MISMATCH');
    expect((await t.seamless('bet', bet({ token: 'nope' }))).json.code).toBe('INVALID_TOKEN');
    expect((await t.seamless('balance', { token: 'nope' })).json.code).toBe('INVALID_TOKEN');
    expect((await t.seamless('win', { ...bet(), betTransactionId: 'nope' })).json.code).toBe('BET_NOT_FOUND');
    expect((await t.seamless('win', bet())).json.code).toBe('BET_NOT_FOUND');

    lossLimitOn = true;
    try {
      expect((await t.seamless('bet', bet({ amount: '5.01' }))).json).toMatchObject({
        code: 'LIMIT_REACHED',
        balance: '10.00',
      });
      expect((await t.seamless('bet', bet({ amount: '5' }))).json.status).toBe('OK');
    } finally {
      lossLimitOn = false;
    }
    await db().execute(sql`update player.players set status = 3 where id = ${playerId}`);
    expect((await t.seamless('bet', bet())).json).toMatchObject({ code: 'PLAYER_DISABLED', balance: '5.00' });
  });

  it('answers signed garbage with a 4xx or an error code, never a 5xx', async () => {
    const { token } = await t.newPlayer('10');
    const valid = { token, transactionId: uid('b'), roundId: uid('r'), amount: '1', currency: 'EUR' };
    const wrong: unknown[] = [null, [], {}, -1, 1e308, true, 'x'.repeat(5000), 'a\u0000b', { $gt: '' }];
    const failures: string[] = [];
    for (const path of ['balance', 'bet', 'win', 'rollback', 'batch']) {
      const bodies: { raw?: string; body?: unknown }[] = [
        { raw: 'not json' },
        { raw: '[]' },
        { raw: 'null' },
        { body: {} },
        ...Object.keys({ ...valid, betTransactionId: 1, rollbackTransactionId: 1, actions: 1, gameId: 1 }).flatMap(
          (key) => wrong.map((v) => ({ body: { ...valid, transactionId: uid('g'), [key]: v } })),
        ),
        ...wrong.map((v) => ({ body: { actions: [v] } })),
      ];
      for (const b of bodies) {
        const res = await t.seamless(path, b.body, b.raw === undefined ? {} : { raw: b.raw });
        if (res.status >= 500) failures.push(`${path} ${b.raw ?? JSON.stringify(b.body).slice(0, 100)}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    // (Bodies that are valid but for an unknown key are real requests and may move money.)
    expect((await t.seamless('balance', { token })).json.status).toBe('OK');
  });

  it('runs a batch all-or-nothing', async () => {
    const { token } = await t.newPlayer('10');
    const round = uid('r');
    const before = await counts();
    const failing = await t.seamless('batch', {
      token,
      actions: [
        { action: 'bet', transactionId: uid('b'), roundId: round, amount: '4', currency: 'EUR' },
        { action: 'win', transactionId: uid('w'), roundId: round, amount: '1', currency: 'EUR' },
        { action: 'bet', transactionId: uid('b'), roundId: round, amount: '8', currency: 'EUR' },
      ],
    });
    expect(failing.json).toMatchObject({
      status: 'ERROR',
      code: 'INSUFFICIENT_FUNDS',
      balance: '10.00',
      actionIndex: 2,
    });
    expect(await counts()).toEqual(before);
    const okBatch = await t.seamless('batch', {
      token,
      actions: [
        { action: 'bet', transactionId: uid('b'), roundId: round, amount: '4', currency: 'EUR' },
        { action: 'win', transactionId: uid('w'), roundId: round, amount: '1', currency: 'EUR', closeRound: true },
      ],
    });
    expect(okBatch.json).toMatchObject({
      status: 'OK',
      balance: '7.00',
      results: [{ balance: '6.00' }, { balance: '7.00' }],
    });
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

describe('signing (the docs/provider-api.md test vector)', () => {
  it('signs the raw body with HMAC-SHA256 as sha256=<hex>', () => {
    expect(signatureOf('acme-docs-secret-0123456789', '{"token":"3q2-example-launch-token"}')).toBe(
      'sha256=62d12831ec4a0214a55a0363e2e687b523286ea8cddbb430ff684433af963572',
    );
  });
});
