import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyOf } from '../../src/modules/risk/index.ts';
import { databaseKind } from '../harness.ts';
import { registerPlayer } from '../player/helpers.ts';
import { rows } from '../wallet/db.ts';
import { createRiskTestApp, DAY, HOUR, type RiskTestApp } from './helpers.ts';

// The limits API of api-contract §6 and the rules of issue 11, with the risk clock moved across the delays.

let t: RiskTestApp;
beforeAll(async () => {
  t = await createRiskTestApp();
});
afterAll(() => t.close());

const limits = async (token: string) => {
  const res = await t.call('GET', '/api/player/limits', { token });
  expect(res.status).toBe(200);
  return res.json.data as Record<string, unknown>[];
};
const post = (token: string, body: unknown) => t.call('POST', '/api/player/limits', { token, body });
const put = (token: string, id: string, body: unknown) => t.call('PUT', `/api/player/limits/${id}`, { token, body });
const del = (token: string, id: string) => t.call('DELETE', `/api/player/limits/${id}`, { token });
const cash = (definition: number, amount: unknown, period = 'daily', currency = 'EUR') => ({
  definition,
  period,
  currency,
  amount,
});

describe(`limits API (${databaseKind})`, () => {
  it('refuses bad bodies with 422 and fields', async () => {
    const { token } = await t.member(0);
    const cases: [unknown, string][] = [
      [{ definition: 9, period: 'daily', currency: 'EUR', amount: 10 }, 'definition'],
      [{ definition: '1', period: 'daily', currency: 'EUR', amount: 10 }, 'definition'],
      [cash(1, 10, 'yearly'), 'period'],
      [cash(1, -1), 'amount'],
      [cash(1, 'ten'), 'amount'],
      [cash(1, '10'), 'amount'],
      [cash(1, 10.001), 'amount'],
      [cash(1, 1e13), 'amount'],
      [cash(2, 10, 'daily', 'XXX'), 'currency'],
      [{ definition: 3, period: 'daily', amount: 10 }, 'currency'],
      [{ definition: 1, period: 'daily', currency: 'EUR' }, 'amount'],
      [{ definition: 5, period: 'daily' }, 'period'],
      [{ definition: 4, period: '24h' }, 'period'],
      [{ definition: 4 }, 'period'],
    ];
    for (const [body, field] of cases) {
      const res = await post(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.fields[field], JSON.stringify(body)).toBeDefined();
    }
    expect(await limits(token)).toEqual([]);
  });

  it('shows every field; a decrease applies at once, an increase after 24 hours (pendingExist)', async () => {
    const { token, playerId } = await t.member(0);
    const created = await post(token, cash(1, 10));
    expect(created.status).toBe(200);
    const id = created.json.data.id as string;
    const [limit] = await limits(token);
    expect(limit).toMatchObject({
      id,
      definition: 1,
      status: 1,
      amount: 10,
      currentAmount: 0,
      currency: 'EUR',
      period: 'daily',
      cancelProcess: false,
      pendingExist: false,
    });
    expect(Object.keys(limit!).sort()).toEqual(
      [
        'id',
        'definition',
        'status',
        'amount',
        'currentAmount',
        'currency',
        'period',
        'startedAt',
        'expiredAt',
        'createdAt',
        'updatedAt',
        'cancelProcess',
        'pendingExist',
      ].sort(),
    );
    expect((await put(token, id, { amount: 5 })).json.data).toMatchObject({ amount: 5, pendingExist: false });
    expect((await put(token, id, { amount: 20 })).json.data).toMatchObject({ amount: 5, pendingExist: true });
    t.clock.advance(23 * HOUR);
    expect((await limits(token))[0]).toMatchObject({ amount: 5, pendingExist: true });
    t.clock.advance(HOUR + 1000);
    expect((await limits(token))[0]).toMatchObject({ amount: 20, pendingExist: false });
    // A POST of the same kind changes that limit: a higher amount waits again.
    expect((await post(token, cash(1, 30))).json.data).toMatchObject({ id, amount: 20, pendingExist: true });
    expect((await post(token, cash(1, 20))).json.data).toMatchObject({ id, amount: 20, pendingExist: false });
    const actions = (await historyOf(t.database.db, playerId)).map((h) => [h.actor, h.action]).reverse();
    expect(actions).toEqual([
      ['player', 'created'],
      ['player', 'decreased'],
      ['player', 'increase_requested'],
      ['system', 'increase_applied'],
      ['player', 'increase_requested'],
      ['player', 'waiting_cancelled'],
    ]);
    const [first] = (await historyOf(t.database.db, playerId)).reverse();
    expect(first).toMatchObject({ old: null, new: { amount: '1000', currency: 'EUR', definition: 1 } });
    await expect(t.database.db.execute(sql`delete from risk.limit_history`)).rejects.toThrow();
  });

  it('a removal waits 24 hours (cancelProcess) while the limit keeps holding', async () => {
    const { token, launch } = await t.member(100);
    const id = (await post(token, cash(1, 5))).json.data.id as string;
    expect((await del(token, id)).json.data).toMatchObject({ cancelProcess: true, amount: 5 });
    expect((await t.bet(launch, '6')).code).toBe('LIMIT_REACHED');
    t.clock.advance(DAY - HOUR);
    expect((await limits(token))[0]).toMatchObject({ cancelProcess: true });
    t.clock.advance(HOUR + 1000);
    expect(await limits(token)).toEqual([]);
    expect((await t.bet(launch, '6')).status).toBe('OK');
  });

  it("answers 404 for another player's limit and for a malformed id", async () => {
    const a = await t.member(0);
    const b = await t.member(0);
    const id = (await post(a.token, cash(3, 50))).json.data.id as string;
    expect((await put(b.token, id, { amount: 1 })).status).toBe(404);
    expect((await del(b.token, id)).status).toBe(404);
    expect((await put(a.token, 'not-a-uuid', { amount: 1 })).status).toBe(404);
    expect((await limits(a.token))[0]).toMatchObject({ amount: 50, cancelProcess: false });
    expect(await limits(b.token)).toEqual([]);
  });

  it('counts windows in the profile time zone', async () => {
    const { token } = await t.member(0);
    expect((await t.call('PUT', '/api/player/profile', { token, body: { timeZone: 'Asia/Tokyo' } })).status).toBe(200);
    await post(token, cash(2, 10));
    const [limit] = await limits(token);
    // Tokyo midnight is 15:00 UTC.
    expect(String(limit!.startedAt)).toMatch(/T15:00:00\.000Z$/);
    expect(Date.parse(String(limit!.expiredAt)) - Date.parse(String(limit!.startedAt))).toBe(DAY);
  });
});

describe(`enforcement in the money path (${databaseKind})`, () => {
  it('a bet limit: stakes in the period; a refusal publishes game.bet.restricted', async () => {
    const { token, launch, playerId } = await t.member(100);
    await post(token, cash(1, 5));
    expect((await t.bet(launch, '2')).status).toBe('OK');
    expect((await t.bet(launch, '2')).status).toBe('OK');
    expect(await t.bet(launch, '2')).toMatchObject({ status: 'ERROR', code: 'LIMIT_REACHED', balance: '96.00' });
    expect((await t.bet(launch, '1')).status).toBe('OK');
    expect((await limits(token))[0]).toMatchObject({ currentAmount: 5 });
    await t.app.outbox.drain();
    const notices = t.memory.published.filter((m) => m.channel === `game:bets#${playerId}`);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({
      event: 'game.bet.restricted',
      gameIdentity: 'slot-1',
      reason: 'bet_limit',
    });
    // The next day starts a new window.
    t.clock.advance(DAY);
    expect((await t.bet(launch, '2')).status).toBe('OK');
  });

  it('a loss limit: stakes − wins − refunds; a bet that could pass it is refused', async () => {
    const { token, launch } = await t.member(100);
    await post(token, cash(2, 10, 'weekly'));
    const r1 = 'r-loss-1';
    const b1 = await t.bet(launch, '8', `${r1}-${token.slice(-6)}`);
    expect(b1.status).toBe('OK');
    const win = await t.seamless('win', {
      token: launch,
      transactionId: `w-${b1.transactionId}`,
      roundId: `${r1}-${token.slice(-6)}`,
      amount: '5',
      currency: 'EUR',
      closeRound: true,
    });
    expect(win.json.status).toBe('OK');
    expect((await t.bet(launch, '7')).status).toBe('OK'); // net 3 + 7 = 10: at the limit
    expect((await t.bet(launch, '0.01')).code).toBe('LIMIT_REACHED');
    const round = `r-loss-2-${token.slice(-6)}`;
    const refunded = await t.bet(launch, '0.01', round);
    expect(refunded.code).toBe('LIMIT_REACHED');
    expect((await limits(token))[0]).toMatchObject({ currentAmount: 10 });
    // A rollback gives its stake back to the limit.
    const b3 = `r-loss-3-${token.slice(-6)}`;
    t.clock.advance(7 * DAY);
    const ok = await t.bet(launch, '4', b3);
    expect(ok.status).toBe('OK');
    const rb = await t.seamless('rollback', {
      token: launch,
      transactionId: `rb-${ok.transactionId}`,
      rollbackTransactionId: ok.transactionId,
      roundId: b3,
    });
    expect(rb.json.status).toBe('OK');
    expect((await limits(token))[0]).toMatchObject({ currentAmount: 0 });
    expect((await t.bet(launch, '10')).status).toBe('OK');
  });

  it('limits are per currency: a EUR limit leaves another currency alone', async () => {
    const { token, playerId } = await t.member(0);
    await post(token, cash(1, 1));
    await t.call('POST', '/api/dev/wallet/credit', { body: { playerId, currency: 'USD', amount: 50 } });
    const usd = await t.launch(playerId, { currency: 'USD' });
    const res = await t.seamless('bet', {
      token: usd,
      transactionId: `b-${usd.slice(-8)}`,
      roundId: `r-${usd.slice(-8)}`,
      amount: '5',
      currency: 'USD',
    });
    expect(res.json.status).toBe('OK');
  });
});

describe(`cooling-off and self-exclusion (${databaseKind})`, () => {
  it('cooling-off: login and withdrawals stay; bets, real launches and deposits are refused; never shortened', async () => {
    const { token, launch, email, playerId } = await t.member(100);
    const res = await post(token, { definition: 5, period: '24h' });
    expect(res.json.data).toMatchObject({ definition: 5, period: '24h', status: 1, amount: null, currency: null });
    const id = res.json.data.id as string;
    expect(Date.parse(res.json.data.expiredAt) - Date.parse(res.json.data.startedAt)).toBe(DAY);
    expect(await t.bet(launch, '1')).toMatchObject({ status: 'ERROR', code: 'PLAYER_DISABLED' });
    await t.app.outbox.drain();
    expect(t.memory.published.filter((m) => m.channel === `game:bets#${playerId}`).at(-1)?.data).toMatchObject({
      reason: 'cooling_off',
    });
    const play = await t.call('POST', '/api/game/games/neon-fruits/play', {
      token,
      body: { lobbyUrl: '/games', locale: 'en', countryCode: 'DE', platform: 2, demoMode: false },
    });
    expect(play.status).toBe(422);
    expect(play.json.error.code).toBe(14100);
    const demo = await t.call('POST', '/api/game/games/neon-fruits/play', {
      token,
      body: { lobbyUrl: '/games', locale: 'en', countryCode: 'DE', platform: 2, demoMode: true },
    });
    expect(demo.status).toBe(200);
    const methods = await t.call('GET', '/api/payment/methods/deposit?currency=EUR', { token });
    expect(methods.status).toBe(422);
    expect(methods.json.error.code).toBe(13100);
    expect((await t.call('GET', '/api/payment/methods/withdrawal?currency=EUR', { token })).status).toBe(200);
    const login = await t.call('POST', '/api/player/sessions', {
      body: { login: email, password: 'secret-pass-1', fingerprint: 'fp' },
    });
    expect(login.status).toBe(200);
    // Longer is allowed, shorter and lifting are not.
    expect((await put(token, id, { period: '7d' })).json.data).toMatchObject({ period: '7d' });
    // A period of another kind (a self-exclusion's) or none is not a cooling-off period.
    expect((await put(token, id, { period: '1y' })).json.error.fields.period).toBeDefined();
    expect((await put(token, id, {})).json.error.fields.period).toBeDefined();
    const shorter = await put(token, id, { period: '24h' });
    expect(shorter.status).toBe(422);
    expect(shorter.json.error.fields.period).toBeDefined();
    expect((await post(token, { definition: 5, period: '24h' })).status).toBe(422);
    expect((await del(token, id)).status).toBe(422);
    t.clock.advance(7 * DAY - HOUR);
    expect((await t.bet(launch, '1')).code).toBe('PLAYER_DISABLED');
    t.clock.advance(HOUR + 1000);
    expect((await t.bet(launch, '1')).status).toBe('OK');
    expect(await limits(token)).toEqual([]);
  });

  it('self-exclusion: sessions end, login and the same e-mail refused, marketing off, reopens 24 h after asking', async () => {
    const { token, launch, email, playerId } = await t.member(100);
    await t.call('PUT', '/api/player/profile', { token, body: { receiveEmailPromo: true } });
    const res = await post(token, { definition: 4, period: '6m' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ definition: 4, period: '6m', status: 1 });
    expect((await t.call('GET', '/api/player/profile', { token })).status).toBe(401);
    const [flags] = await rows(
      t.database.db,
      sql`select receive_email_promo, receive_sms_promo from player.players where id = ${playerId}`,
    );
    expect(flags).toEqual({ receive_email_promo: false, receive_sms_promo: false });
    expect((await t.bet(launch, '1')).code).toBe('PLAYER_DISABLED');
    const signIn = () =>
      t.call('POST', '/api/player/sessions', { body: { login: email, password: 'secret-pass-1', fingerprint: 'fp' } });
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe(11010);
    const again = await t.call('POST', '/api/player/register', {
      body: {
        email,
        password: 'secret-pass-2',
        currency: 'EUR',
        country: 'DE',
        agreements: 1,
        locale: 'en',
        fingerprint: 'x',
      },
    });
    expect(again.status).toBe(422);
    expect(again.json.error.fields.email).toBeDefined();
    // Six months later the account stays closed until asked: this sign-in asks, and 24 hours must pass.
    t.clock.advance(186 * DAY);
    const asked = await signIn();
    expect(asked.status).toBe(403);
    expect(asked.json.error.message).toMatch(/reopens at/);
    expect((await t.bet(launch, '1')).code).toBe('PLAYER_DISABLED');
    t.clock.advance(23 * HOUR);
    expect((await signIn()).status).toBe(403);
    t.clock.advance(HOUR + 1000);
    const back = await signIn();
    expect(back.status).toBe(200);
    expect(await limits(back.json.data.accessToken)).toEqual([]);
    const actions = (await historyOf(t.database.db, playerId)).map((h) => h.action).reverse();
    expect(actions).toEqual(['created', 'reopen_requested', 'reopened']);
  });

  it('a permanent self-exclusion never reopens and cannot be lifted', async () => {
    const p = await registerPlayer(t);
    const res = await post(p.auth.accessToken, { definition: 4, period: 'forever' });
    expect(res.json.data).toMatchObject({ expiredAt: null });
    t.clock.advance(3650 * DAY);
    for (let i = 0; i < 2; i++) {
      const signIn = await t.call('POST', '/api/player/sessions', {
        body: { login: p.email, password: p.password, fingerprint: 'fp' },
      });
      expect(signIn.status).toBe(403);
      expect(signIn.json.error.code).toBe(11010);
      t.clock.advance(2 * DAY);
    }
  });
});
