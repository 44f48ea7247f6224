import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { login } from '../player/helpers.ts';
import { createRiskTestApp, type RiskTestApp, uid } from '../risk/helpers.ts';

// The reality check's figures follow rollbacks exactly (decision 0093): a rollback takes its stake back from
// the play session that counted it, and from no other (a sign-in starts a new session, decision 0057).

let t: RiskTestApp;
beforeAll(async () => {
  t = await createRiskTestApp();
});
afterAll(() => t.close());

const totals = async (token: string) => {
  const res = await t.call('GET', '/api/player/reality-check', { token });
  expect(res.status).toBe(200);
  return res.json.data.totals as { currency: string; stakes: number; wins: number; net: number }[];
};

const rollback = async (launch: string, roundId: string, betId: string) => {
  const res = await t.seamless('rollback', {
    token: launch,
    transactionId: uid('rb'),
    rollbackTransactionId: betId,
    roundId,
  });
  expect(res.json.status).toBe('OK');
};

describe(`reality-check figures follow rollbacks (${databaseKind})`, () => {
  it('a stake of the session is taken back from it', async () => {
    const { token, launch } = await t.member(100);
    const round = uid('r');
    const bet = await t.bet(launch, '5', round);
    await t.bet(launch, '3');
    await rollback(launch, round, bet.transactionId);
    expect(await totals(token)).toEqual([{ currency: 'EUR', stakes: 3, wins: 0, net: -3 }]);
  });

  it('a stake of an earlier session is not taken from this one, nor made negative', async () => {
    const { launch, email } = await t.member(100);
    const [early, later] = [uid('r'), uid('r')];
    const first = await t.bet(launch, '5', early);
    const second = await t.bet(launch, '4', later);
    const signedIn = await login(t, email, 'secret-pass-1');
    const token = signedIn.json.data.accessToken as string;
    // The first movement of the new session is the rollback of a bet from the one before.
    await rollback(launch, early, first.transactionId);
    expect(await totals(token)).toEqual([]);
    await t.bet(launch, '2');
    await rollback(launch, later, second.transactionId);
    expect(await totals(token)).toEqual([{ currency: 'EUR', stakes: 2, wins: 0, net: -2 }]);
  });
});
