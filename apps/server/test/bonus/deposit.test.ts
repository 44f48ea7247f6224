import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, codes } from '../../src/modules/bonus/schema.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, type Player, paymentPlayer, paymentTestApp, webhook } from '../payment/helpers.ts';
import type { PlayerTestApp } from '../player/helpers.ts';

// Deposit bonuses (issue 12 §5): the attached code or the chosen bonus is issued when the deposit succeeds,
// in the credit's transaction, exactly once whatever replays the settlement; a cooling-off refuses claims.

let t: PlayerTestApp;
let matchId: string;

beforeAll(async () => {
  t = await paymentTestApp();
  const [match] = await t.database.db
    .insert(bonuses)
    .values({
      identity: 'match-test',
      name: 'Match 100%',
      kind: 'deposit',
      depositPercentage: 100,
      maxAmounts: { EUR: '3000' },
      minDeposits: { EUR: '1000' },
      wagerMultiplier: '5',
    })
    .returning();
  matchId = match!.id;
  await t.database.db.insert(codes).values({ code: 'MATCH', bonusId: matchId, triggers: [3] });
});
afterAll(() => t.close());

const accounts = async (p: Player) =>
  (await t.call('GET', '/api/wallet/accounts', { token: p.token })).json.data.find(
    (a: { currency: string }) => a.currency === 'EUR',
  );
const playerBonuses = async (p: Player) =>
  (await t.call('GET', '/api/game/player-bonuses', { token: p.token })).json.data as {
    amount: number;
    status: number;
  }[];

describe(`deposit bonuses (${databaseKind})`, () => {
  it('offers the deposit bonus for an amount in range, not below it', async () => {
    const p = await paymentPlayer(t);
    const offers = await t.call('GET', '/api/game/bonuses?currency=EUR&amount=20', { token: p.token });
    expect(offers.json.data.map((b: { id: string }) => b.id)).toContain(matchId);
    const small = await t.call('GET', '/api/game/bonuses?currency=EUR&amount=5', { token: p.token });
    expect(small.json.data.map((b: { id: string }) => b.id)).not.toContain(matchId);
  });

  it('issues the attached code on a successful deposit, capped, and marks the code applied', async () => {
    const p = await paymentPlayer(t);
    const attached = await t.call('POST', '/api/game/bonuses/bonuscodes', {
      token: p.token,
      body: { bonusCode: 'match', trigger: 3 },
    });
    expect(attached.json.data.status).toBe(1);
    const res = await deposit(t, p, card('4242 4242 4242 4242', 50));
    expect(res.status).toBe(200);
    expect(await playerBonuses(p)).toMatchObject([{ amount: 30, status: 2 }]);
    expect(await accounts(p)).toMatchObject({ realBalance: 50, bonusBalance: 30 });
    const left = await t.call('GET', '/api/game/bonuses/bonuscodes?trigger=3', { token: p.token });
    expect(left.json.data).toEqual([]);
  });

  it('issues the bonus chosen in the form once, even when the settlement event is replayed', async () => {
    const p = await paymentPlayer(t);
    const { invoiceId } = (await deposit(t, p, { method: 'ewallet', amount: 20, bonusId: matchId })).json.data;
    const raw = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.succeeded', reference: `sbx_${invoiceId}` });
    const results = await Promise.all([webhook(t, raw), webhook(t, raw), webhook(t, raw)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await playerBonuses(p)).toMatchObject([{ amount: 20, status: 2 }]);
    expect(await accounts(p)).toMatchObject({ realBalance: 20, bonusBalance: 20 });
    const status = await t.call('GET', `/api/game/bonuses/status?bonusIds[]=${matchId}&currency=EUR`, {
      token: p.token,
    });
    expect(status.json.data).toEqual([{ id: matchId, issueStatus: 1 }]);
  });

  it('issues nothing when the player declines, or for a once-only bonus the second time', async () => {
    const p = await paymentPlayer(t);
    await deposit(t, p, { ...card('4242 4242 4242 4242', 20), bonusId: matchId, isBonusDecline: true });
    expect(await playerBonuses(p)).toEqual([]);
    await deposit(t, p, { ...card('4242 4242 4242 4242', 20), bonusId: matchId });
    await deposit(t, p, { ...card('4242 4242 4242 4242', 20), bonusId: matchId });
    expect(await playerBonuses(p)).toHaveLength(1);
  });

  it('a code-only bonus is never offered nor given by naming it in the form; its code gives it', async () => {
    const [only] = await t.database.db
      .insert(bonuses)
      .values({
        identity: 'code-only-test',
        name: 'Code only 50%',
        kind: 'deposit',
        depositPercentage: 50,
        maxAmounts: { EUR: '3000' },
        minDeposits: { EUR: '1000' },
        wagerMultiplier: '5',
        codeOnly: true,
      })
      .returning();
    await t.database.db.insert(codes).values({ code: 'ONLYCODE', bonusId: only!.id, triggers: [3] });
    const p = await paymentPlayer(t);
    const offers = await t.call('GET', '/api/game/bonuses?currency=EUR', { token: p.token });
    expect(offers.json.data.map((b: { id: string }) => b.id)).not.toContain(only!.id);
    await deposit(t, p, { ...card('4242 4242 4242 4242', 20), bonusId: only!.id });
    expect(await playerBonuses(p)).toEqual([]);
    const attached = await t.call('POST', '/api/game/bonuses/bonuscodes', {
      token: p.token,
      body: { bonusCode: 'ONLYCODE', trigger: 3 },
    });
    expect(attached.status).toBe(200);
    await deposit(t, p, { ...card('4242 4242 4242 4242', 20) });
    expect(await playerBonuses(p)).toMatchObject([{ amount: 10, status: 2 }]);
  });

  it('refuses bonus codes during a cooling-off', async () => {
    const p = await paymentPlayer(t);
    const cooling = await t.call('POST', '/api/player/limits', {
      token: p.token,
      body: { definition: 5, period: '24h' },
    });
    expect(cooling.status).toBe(200);
    const refused = await t.call('POST', '/api/game/bonuses/bonuscodes', {
      token: p.token,
      body: { bonusCode: 'MATCH', trigger: 3 },
    });
    expect(refused.status).toBe(409);
  });
});
