import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals } from '../../src/modules/referral/schema.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, WEBHOOK_SECRET } from '../payment/helpers.ts';
import { nextIp, registration, uniqueEmail } from '../player/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { rewardsTo as referralRewardsTo, settledRound } from './helpers.ts';

// Issue 23 finding 5 (decision 0094): a referrer is paid only for a referee who looks like another person.
// Sharing a device fingerprint or a payment instrument with the referrer refuses the reward; sharing an address
// (IP) within the window, a referrer who may not gain value (cooling-off), or a referrer past the review
// threshold holds it. Either way the referrer is not paid and sees the referee as not qualified (refused) or in
// progress (held); the row keeps the status and the reasons for staff.

let t: SeamlessTestApp;

beforeAll(async () => {
  t = await createSeamlessTestApp(
    {},
    {
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      REFERRALS_ENABLED: 'true',
      REFERRAL_MIN_DEPOSIT_EUR: '10',
      REFERRAL_WAGER_EUR: '20',
      REFERRAL_REWARD_EUR: '10',
      REFERRAL_REVIEW_AFTER_COUNT: '2',
    },
  );
});
afterAll(() => t.close());

const SUCCESS_CARD = '4242 4242 4242 4242';

/** A player signed up from `ip` on device `fingerprint` (fresh ones unless given), with its EUR account. */
async function signUp(opts: { referralCode?: string; fingerprint?: string; ip?: string } = {}) {
  const ip = opts.ip ?? nextIp();
  const email = uniqueEmail('signals');
  const fingerprint = opts.fingerprint ?? `device-${randomUUID()}`;
  const res = await t.call('POST', '/api/player/register', {
    ip,
    body: registration(email, { referralCode: opts.referralCode ?? '', fingerprint }),
  });
  expect(res.status).toBe(200);
  const token = res.json.data.accessToken as string;
  const accounts = (await t.call('GET', '/api/wallet/accounts', { token })).json.data as { id: string }[];
  const profile = (await t.call('GET', '/api/player/profile', { token })).json.data;
  return {
    token,
    playerId: res.json.data.profile.id as string,
    accountId: accounts[0]!.id,
    ip,
    email,
    fingerprint,
    code: profile.referralCode as string,
  };
}

/** A real-money bet of `amount`, won back whole and settled. */
const bet = (playerId: string, amount: string) => settledRound(t, playerId, amount, amount);

type Signed = Awaited<ReturnType<typeof signUp>>;

/** The referrer's list as it sees it (reading it evaluates its open referrals). */
const listOf = async (token: string) =>
  (await t.call('GET', '/api/player/profile/referrals?perPage=50', { token })).json.referrals as {
    qualified: number;
    qualificationDate: string | null;
  }[];

/**
 * The referee deposits `amount` with card `number` and stakes 2 × 10 EUR (won back); then the referrer reads
 * its list, which evaluates the referral whether or not the retention consumer already did.
 */
async function qualifyBy(referee: Signed, referrer: Signed, number = SUCCESS_CARD, amount = 10) {
  expect((await deposit(t, referee, card(number, amount))).status).toBe(200);
  await bet(referee.playerId, '10.00');
  await bet(referee.playerId, '10.00');
  return listOf(referrer.token);
}

const rewardsTo = (playerId: string) => referralRewardsTo(t, playerId);

const rowOf = async (refereeId: string) =>
  (await t.database.db.select().from(referrals).where(sql`${referrals.refereeId} = ${refereeId}`))[0]!;

describe(`referral signals (${databaseKind})`, () => {
  it('finding 5: two accounts from the referrer’s device and card qualify, and the referrer is paid nothing', async () => {
    const device = `device-${randomUUID()}`;
    const a = await signUp({ fingerprint: device });
    expect((await deposit(t, a, card(SUCCESS_CARD, 20))).status).toBe(200);
    const b = await signUp({ referralCode: a.code, fingerprint: device });
    const c = await signUp({ referralCode: a.code, fingerprint: device });
    await qualifyBy(b, a);
    await qualifyBy(c, a);
    const list = await listOf(a.token);
    expect(list.map((r) => r.qualified)).toEqual([3, 3]);
    expect(list.every((r) => r.qualificationDate === null)).toBe(true);
    expect(await rewardsTo(a.playerId)).toBe(0);
    for (const referee of [b, c]) {
      expect(await rowOf(referee.playerId)).toMatchObject({
        status: 2,
        rewardStatus: 'refused',
        rewardReasons: ['shared_device', 'shared_payment_instrument'],
      });
    }
  });

  it('an honest referee (own device, address and card) pays the referrer once', async () => {
    const a = await signUp();
    const b = await signUp({ referralCode: a.code });
    await qualifyBy(b, a);
    expect((await listOf(a.token))[0]).toMatchObject({ qualified: 2, qualificationDate: expect.any(String) });
    expect(await rewardsTo(a.playerId)).toBe(1);
    expect(await rowOf(b.playerId)).toMatchObject({ status: 2, rewardStatus: 'paid', rewardReasons: [] });
  });

  it('a device the referrer signed in from later (a session, not the sign-up) refuses the reward', async () => {
    const a = await signUp();
    const b = await signUp({ referralCode: a.code });
    // The referrer signs in on the referee's device.
    const login = await t.call('POST', '/api/player/sessions', {
      body: { login: a.email, password: 'secret-pass-1', fingerprint: b.fingerprint },
    });
    expect(login.status).toBe(200);
    await qualifyBy(b, a);
    expect((await listOf(a.token))[0]!.qualified).toBe(3);
    expect(await rewardsTo(a.playerId)).toBe(0);
    expect(await rowOf(b.playerId)).toMatchObject({ rewardStatus: 'refused', rewardReasons: ['shared_device'] });
  });

  it('a deposit with a card seen on the referrer’s account refuses the reward', async () => {
    const a = await signUp();
    expect((await deposit(t, a, card(SUCCESS_CARD, 20))).status).toBe(200);
    const b = await signUp({ referralCode: a.code });
    await qualifyBy(b, a);
    expect((await listOf(a.token))[0]!.qualified).toBe(3);
    expect(await rewardsTo(a.playerId)).toBe(0);
    expect(await rowOf(b.playerId)).toMatchObject({
      rewardStatus: 'refused',
      rewardReasons: ['shared_payment_instrument'],
    });
  });

  it('the referrer’s sign-up address holds the reward for review: shown in progress, not paid', async () => {
    const a = await signUp();
    const b = await signUp({ referralCode: a.code, ip: a.ip });
    await qualifyBy(b, a);
    expect((await listOf(a.token))[0]).toMatchObject({ qualified: 1, qualificationDate: null });
    expect(await rewardsTo(a.playerId)).toBe(0);
    expect(await rowOf(b.playerId)).toMatchObject({
      status: 2,
      rewardStatus: 'held',
      rewardReasons: ['shared_address'],
    });
    // A held reward is decided by staff, not by a later deposit or list view.
    await deposit(t, b, card(SUCCESS_CARD, 20));
    await bet(b.playerId, '10.00');
    expect((await listOf(a.token))[0]!.qualified).toBe(1);
    expect(await rewardsTo(a.playerId)).toBe(0);
  });

  it('a shared loopback address is no signal: a local demo, where everyone is 127.0.0.1, pays', async () => {
    const a = await signUp({ ip: '127.0.0.1' });
    const b = await signUp({ referralCode: a.code, ip: '127.0.0.1' });
    await qualifyBy(b, a);
    expect(await rowOf(b.playerId)).toMatchObject({ status: 2, rewardStatus: 'paid', rewardReasons: [] });
    expect(await rewardsTo(a.playerId)).toBe(1);
  });

  it('a referrer in a cooling-off is not paid: the reward is held', async () => {
    const a = await signUp();
    const b = await signUp({ referralCode: a.code });
    const cooling = await t.call('POST', '/api/player/limits', {
      token: a.token,
      body: { definition: 5, period: '24h' },
    });
    expect(cooling.status).toBe(200);
    await qualifyBy(b, a);
    expect((await listOf(a.token))[0]!.qualified).toBe(1);
    expect(await rewardsTo(a.playerId)).toBe(0);
    expect(await rowOf(b.playerId)).toMatchObject({ rewardStatus: 'held', rewardReasons: ['referrer_excluded'] });
  });

  it('past the review threshold (2 rewards in the window) the next reward is held', async () => {
    const a = await signUp();
    const referees = [];
    for (let i = 0; i < 3; i += 1) referees.push(await signUp({ referralCode: a.code }));
    for (const r of referees) await qualifyBy(r, a);
    expect(await rewardsTo(a.playerId)).toBe(2);
    const rows = await Promise.all(referees.map((r) => rowOf(r.playerId)));
    expect(rows.map((r) => r.rewardStatus)).toEqual(['paid', 'paid', 'held']);
    expect(rows[2]!.rewardReasons).toEqual(['review_threshold']);
    expect((await listOf(a.token)).map((r) => r.qualified).sort()).toEqual([1, 2, 2]);
  });
});
