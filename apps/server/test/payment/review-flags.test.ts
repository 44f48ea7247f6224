import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { kycThresholdFlag } from '../../src/modules/kyc/index.ts';
import type { WithdrawalUnderReview } from '../../src/modules/payment/index.ts';
import { bigWinShare } from '../../src/modules/payment/review/flags/big-win-share.ts';
import { loginBlocked } from '../../src/modules/payment/review/flags/login-blocked.ts';
import { velocity } from '../../src/modules/payment/review/flags/velocity.ts';
import { selfExclusionHistoryFlag, turnOverOwedFlag } from '../../src/modules/risk/index.ts';
import { seededRates } from '../../src/modules/settings/index.ts';
import { databaseKind } from '../harness.ts';
import type { PlayerTestApp } from '../player/helpers.ts';
import { card, deposit, paymentPlayer, paymentTestApp, withdraw } from './helpers.ts';

// The withdrawal review's flags one by one (decision 0112), each raised and not raised on real rows. newInstrument
// and littlePlay are tested through the API in test/staff/withdrawals.test.ts.

let t: PlayerTestApp;
beforeAll(async () => {
  t = await paymentTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const credit = (playerId: string, amount: number) =>
  t.call('POST', '/api/dev/wallet/credit', { body: { playerId, currency: 'EUR', amount } });
const under = (p: { playerId: string; accountId: string }, amount = 100_00n): WithdrawalUnderReview => ({
  invoiceId: randomUUID(),
  playerId: p.playerId,
  accountId: p.accountId,
  currency: 'EUR',
  amount,
  baseAmount: amount,
  method: 'bank_transfer',
  instrument: null,
  createdAt: new Date(),
});

describe(`withdrawal risk flags (${databaseKind})`, () => {
  it('velocity: the third request in 24 hours', async () => {
    const p = await paymentPlayer(t);
    await credit(p.playerId, 300);
    await withdraw(t, p, 20);
    await withdraw(t, p, 20);
    expect(await velocity.raised(db(), under(p))).toBe(false);
    await withdraw(t, p, 20);
    expect(await velocity.raised(db(), under(p))).toBe(true);
  });

  it('loginBlocked: only with the staff login block', async () => {
    const p = await paymentPlayer(t);
    expect(await loginBlocked.raised(db(), under(p))).toBe(false);
    await db().execute(sql`update player.players set block_login = true where id = ${p.playerId}`);
    expect(await loginBlocked.raised(db(), under(p))).toBe(true);
  });

  it('bigWinShare: one round in 30 days won at least half the amount withdrawn', async () => {
    const p = await paymentPlayer(t);
    const round = (win: bigint, daysAgo: number, status = 'settled') =>
      db().execute(sql`
        insert into wallet.seamless_rounds (provider_id, round_id, player_id, game_id, currency, bet_total, win_total,
                                            status, created_at)
        values ('acme', ${randomUUID()}, ${p.playerId}, 'slot-1', 'EUR', 100, ${win.toString()}::bigint, ${status},
                now() - make_interval(days => ${daysAgo}))`);
    await round(40_00n, 1);
    expect(await bigWinShare.raised(db(), under(p, 100_00n))).toBe(false);
    await round(90_00n, 45);
    await round(90_00n, 1, 'rolled_back');
    expect(await bigWinShare.raised(db(), under(p, 100_00n))).toBe(false);
    await round(50_00n, 2);
    expect(await bigWinShare.raised(db(), under(p, 100_00n))).toBe(true);
  });

  it('selfExclusionHistory: live, or ended within 90 days', async () => {
    const p = await paymentPlayer(t);
    const limit = (definition: number, endedDaysAgo: number | null) =>
      db().execute(sql`
        insert into risk.limits (id, player_id, definition, period, started_at, ended_at, created_at)
        values (${randomUUID()}, ${p.playerId}, ${definition}, 'month', now() - interval '200 days',
                ${endedDaysAgo === null ? null : sql`now() - make_interval(days => ${endedDaysAgo})`}, now())`);
    // A bet limit is not an exclusion; an exclusion that ended 120 days ago is history enough.
    await db().execute(sql`
      insert into risk.limits (id, player_id, definition, period, currency, amount, started_at, created_at)
      values (${randomUUID()}, ${p.playerId}, 1, 'day', 'EUR', 100, now(), now())`);
    await limit(4, 120);
    expect(await selfExclusionHistoryFlag.raised(db(), under(p))).toBe(false);
    await limit(5, 10);
    expect(await selfExclusionHistoryFlag.raised(db(), under(p))).toBe(true);
  });

  it('turnoverOwed: a deposit not yet wagered (the rule on); a credit asks nothing', async () => {
    const p = await paymentPlayer(t);
    await credit(p.playerId, 100);
    expect(await turnOverOwedFlag.raised(db(), under(p))).toBe(false);
    expect((await deposit(t, p, card('4242424242424242', 50))).status).toBe(200);
    expect(await turnOverOwedFlag.raised(db(), under(p))).toBe(true);
  });

  it('kycRequired: unverified and past 2,000 EUR (this withdrawal counted; no rate counts as past); verified never', async () => {
    const flag = kycThresholdFlag({
      config: {} as Pick<Config, 'SUMSUB_APP_TOKEN' | 'SUMSUB_SECRET_KEY'>,
      rates: seededRates(),
    });
    const p = await paymentPlayer(t);
    expect(await flag.raised(db(), under(p, 100_00n))).toBe(false);
    expect(await flag.raised(db(), under(p, 2000_00n))).toBe(true);
    // A currency without a rate counts as past (fails closed).
    expect(await flag.raised(db(), { ...under(p, 100_00n), currency: 'XXX', baseAmount: null })).toBe(true);
    await db().execute(sql`
      insert into kyc.applicants (player_id, provider, status) values (${p.playerId}, 'sandbox', 'approved')`);
    expect(await flag.raised(db(), under(p, 2000_00n))).toBe(false);
  });
});
