import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals } from '../../src/modules/referral/schema.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, WEBHOOK_SECRET } from '../payment/helpers.ts';
import { registerPlayer } from '../player/helpers.ts';
import { rewardsTo as referralRewardsTo } from '../referrals/helpers.ts';
import { createRollbackTestApp, newRound, type RollbackTestApp } from './rollback-helpers.ts';

// Referral qualification by play counts only net stakes (decision 0093): a stake counts once the provider can
// no longer roll it back (its round paid or closed) and a rolled back stake never counts, so a referee's bet
// that is later cancelled cannot pay the referrer.

let t: RollbackTestApp;

beforeAll(async () => {
  t = await createRollbackTestApp({
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    REFERRALS_ENABLED: 'true',
    REFERRAL_MIN_DEPOSIT_EUR: '20',
    REFERRAL_WAGER_EUR: '20',
    REFERRAL_REWARD_EUR: '10',
  });
});
afterAll(() => t.close());

const device = () => ({ fingerprint: `device-${randomUUID()}` });

async function pair() {
  const a = await registerPlayer(t, undefined, device());
  const code = (await t.call('GET', '/api/player/profile', { token: a.auth.accessToken })).json.data.referralCode;
  const b = await registerPlayer(t, undefined, { referralCode: code, ...device() });
  const accounts = (await t.call('GET', '/api/wallet/accounts', { token: b.auth.accessToken })).json.data;
  const referee = { token: b.auth.accessToken, playerId: b.auth.profile.id, accountId: accounts[0]!.id as string };
  expect((await deposit(t, referee, card('4242 4242 4242 4242', 50))).status).toBe(200);
  return { referrerId: a.auth.profile.id, referee, game: await t.launch(referee.playerId) };
}

const statusOf = async (refereeId: string) => {
  await t.drain();
  const [row] = await t.database.db.select().from(referrals).where(sql`${referrals.refereeId} = ${refereeId}`);
  return row!.status;
};

const rewardsTo = (playerId: string) => referralRewardsTo(t, playerId);

describe(`referral qualification counts only net stakes (${databaseKind})`, () => {
  it('a wager the provider then rolls back pays nobody; the same wager settled qualifies, once', async () => {
    const { referrerId, referee, game } = await pair();
    const round = newRound();
    const bet = await t.bet(game, round, '20.00');
    expect(await statusOf(referee.playerId)).toBe(1);
    await t.rollback(game, round, bet);
    expect(await statusOf(referee.playerId)).toBe(1);
    expect(await rewardsTo(referrerId)).toBe(0);

    const played = newRound();
    await t.bet(game, played, '20.00');
    expect(await statusOf(referee.playerId)).toBe(1);
    await t.settle(game, played);
    expect(await statusOf(referee.playerId)).toBe(2);
    expect(await rewardsTo(referrerId)).toBe(1);
  });

  it('a round that paid counts its stakes even before it closes', async () => {
    const { referrerId, referee, game } = await pair();
    const round = newRound();
    await t.bet(game, round, '25.00');
    const res = await t.seamless('win', {
      token: game,
      transactionId: `${round}:paid`,
      roundId: round,
      amount: '5.00',
      currency: 'EUR',
    });
    expect(res.json.status).toBe('OK');
    expect(await statusOf(referee.playerId)).toBe(2);
    expect(await rewardsTo(referrerId)).toBe(1);
  });
});
