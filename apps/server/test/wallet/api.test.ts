import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { createTestApp } from '../harness.ts';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { ledgerViolations } from './db.ts';

let t: PlayerTestApp;
const memory = new MemoryPublisher();
beforeAll(async () => {
  t = await createPlayerTestApp();
  t.app.outbox.addPublisher(memory);
});
afterAll(() => t.close());

const list = (token: string) => t.call('GET', '/api/wallet/accounts', { token });
const credit = (body: Record<string, unknown>) => t.call('POST', '/api/dev/wallet/credit', { body });

describe('wallet accounts API', () => {
  it('refuses guests with 401 on every endpoint', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/wallet/accounts'],
      ['POST', '/api/wallet/accounts'],
      ['PUT', `/api/wallet/accounts/${id}/switch`],
      ['PUT', `/api/wallet/accounts/${id}/hide`],
    ] as const) {
      const res = await t.call(method, url, method === 'POST' ? { body: { currency: 'EUR' } } : {});
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it('opens the registration currency account, active, at registration', async () => {
    const { auth } = await registerPlayer(t, undefined, { currency: 'USD' });
    const res = await list(auth.accessToken);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      {
        id: expect.any(String),
        currency: 'USD',
        status: 1,
        balance: 0,
        realBalance: 0,
        bonusBalance: 0,
        lockedBalance: 0,
        withdrawalBalance: 0,
      },
    ]);
  });

  it('adds, switches and hides accounts; exactly one is active', async () => {
    const { auth } = await registerPlayer(t);
    const token = auth.accessToken;
    const [eur] = (await list(token)).json.data;
    expect(eur).toMatchObject({ currency: 'EUR', status: 1 });

    const added = await t.call('POST', '/api/wallet/accounts', { token, body: { currency: 'btc' } });
    expect(added.status).toBe(200);
    expect(added.json.data.map((a: { currency: string; status: number }) => [a.currency, a.status])).toEqual([
      ['EUR', 1],
      ['BTC', 2],
    ]);
    const again = await t.call('POST', '/api/wallet/accounts', { token, body: { currency: 'BTC' } });
    expect(again.json.data).toEqual(added.json.data);
    const btc = added.json.data[1];

    const switched = await t.call('PUT', `/api/wallet/accounts/${btc.id}/switch`, { token });
    expect(switched.status).toBe(200);
    expect(switched.json.data.filter((a: { status: number }) => a.status === 1)).toEqual([
      expect.objectContaining({ id: btc.id }),
    ]);

    const hideActive = await t.call('PUT', `/api/wallet/accounts/${btc.id}/hide`, { token });
    expect(hideActive.status).toBe(422);
    expect(hideActive.json.error.fields.accountId).toBeDefined();

    const hidden = await t.call('PUT', `/api/wallet/accounts/${eur.id}/hide`, { token });
    expect(hidden.status).toBe(200);
    expect(hidden.json.data.map((a: { id: string }) => a.id)).toEqual([btc.id]);
    expect((await list(token)).json.data).toHaveLength(1);

    // Adding a hidden currency shows the same account again.
    const shown = await t.call('POST', '/api/wallet/accounts', { token, body: { currency: 'EUR' } });
    expect(shown.json.data.map((a: { id: string; status: number }) => [a.id, a.status])).toEqual([
      [eur.id, 2],
      [btc.id, 1],
    ]);
  });

  it('answers 422 on bad input and 404 on accounts that are not the caller’s', async () => {
    const alice = await registerPlayer(t);
    const bob = await registerPlayer(t);
    const token = alice.auth.accessToken;
    for (const body of [{}, { currency: 'XXX' }, { currency: 5 }, { currency: '' }]) {
      const res = await t.call('POST', '/api/wallet/accounts', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.fields.currency).toBeDefined();
    }
    const [bobs] = (await list(bob.auth.accessToken)).json.data;
    for (const id of [bobs.id, randomUUID(), 'not-a-uuid']) {
      for (const action of ['switch', 'hide']) {
        const res = await t.call('PUT', `/api/wallet/accounts/${id}/${action}`, { token });
        expect(res.status, `${action} ${id}`).toBe(404);
      }
    }
    expect((await list(bob.auth.accessToken)).json.data[0]).toEqual(bobs);
  });
});

describe('development credit and exact major units', () => {
  it.each([
    ['JPY', [1, 250], 251],
    ['EUR', [0.01, 10.5, 0.1, 0.2], 10.81],
    ['BTC', [0.00000001, 1.23456789], 1.2345679],
    ['USDT', [0.000001, 99.999999], 100],
  ])('credits %s exactly', async (currency, amounts, total) => {
    const { auth } = await registerPlayer(t);
    let last: { currency: string; balance: number } | undefined;
    for (const amount of amounts as number[]) {
      const res = await credit({ playerId: auth.profile.id, currency, amount });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      last = res.json.data;
    }
    expect(last).toMatchObject({ currency, balance: total, realBalance: total, withdrawalBalance: total });
    const account = (await list(auth.accessToken)).json.data.find((a: { currency: string }) => a.currency === currency);
    expect(account).toEqual(last);
  });

  it('keeps 0.1 + 0.2 EUR at exactly 0.3', async () => {
    const { auth } = await registerPlayer(t);
    await credit({ playerId: auth.profile.id, currency: 'EUR', amount: 0.1 });
    const res = await credit({ playerId: auth.profile.id, currency: 'EUR', amount: 0.2 });
    expect(res.json.data.balance).toBe(0.3);
  });

  it('refuses amounts with too many decimals, non-positive ones, unknown currencies and players', async () => {
    const { auth } = await registerPlayer(t);
    const playerId = auth.profile.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ playerId, currency: 'EUR', amount: 0.001 }, 'amount'],
      [{ playerId, currency: 'JPY', amount: 1.5 }, 'amount'],
      [{ playerId, currency: 'BTC', amount: 0.000000001 }, 'amount'],
      [{ playerId, currency: 'EUR', amount: 0 }, 'amount'],
      [{ playerId, currency: 'EUR', amount: -5 }, 'amount'],
      [{ playerId, currency: 'EUR', amount: 'ten' }, 'amount'],
      [{ playerId, currency: 'EUR', amount: 1e300 }, 'amount'],
      [{ playerId, currency: 'XXX', amount: 1 }, 'currency'],
      [{ playerId: randomUUID(), currency: 'EUR', amount: 1 }, 'playerId'],
      [{ playerId: 'nope', currency: 'EUR', amount: 1 }, 'playerId'],
    ];
    for (const [body, field] of cases) {
      const res = await credit(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json.error.fields)).toContain(field);
    }
    expect((await list(auth.accessToken)).json.data[0].balance).toBe(0);
  });

  it('replays an idempotency key without a second credit, and refuses a different request under it', async () => {
    const { auth } = await registerPlayer(t);
    const body = { playerId: auth.profile.id, currency: 'EUR', amount: 5, idempotencyKey: `k-${randomUUID()}` };
    const first = await credit(body);
    const second = await credit(body);
    expect(second.json).toEqual(first.json);
    expect((await list(auth.accessToken)).json.data[0].balance).toBe(5);
    const other = await credit({ ...body, amount: 6 });
    expect(other.status).toBe(409);
    expect((await list(auth.accessToken)).json.data[0].balance).toBe(5);
  });

  it('publishes account.balance.updated on the player channel after commit', async () => {
    const { auth } = await registerPlayer(t);
    await credit({ playerId: auth.profile.id, currency: 'EUR', amount: 7.25 });
    await t.app.outbox.drain();
    const events = memory.published.filter((m) => m.channel === `wallet:accounts#${auth.profile.id}`);
    expect(events.map((e) => e.data)).toEqual([
      { event: 'account.balance.updated', account: expect.objectContaining({ currency: 'EUR', balance: 7.25 }) },
    ]);
  });

  it('leaves the ledger consistent', async () => {
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});

describe('development credit switch', () => {
  it('does not exist when DEV_MAILBOX is off', async () => {
    const off = await createTestApp({ DEV_MAILBOX: 'false' });
    try {
      const res = await off.request({
        method: 'POST',
        url: '/api/dev/wallet/credit',
        payload: { playerId: randomUUID(), currency: 'EUR', amount: 1 },
      });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
