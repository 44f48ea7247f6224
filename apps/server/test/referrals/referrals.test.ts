import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals } from '../../src/modules/referral/schema.ts';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, WEBHOOK_SECRET } from '../payment/helpers.ts';
import { registerPlayer } from '../player/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { rewardsTo as referralRewardsTo, settledRound } from './helpers.ts';

// The referral programme (issue 16 item 7, decision 0067): a code per player, the referee bound at sign-up,
// qualification on a deposit of at least 20 EUR and 20 EUR of real stakes before the deadline, the referrer
// paid 10 EUR once; the list and settings endpoints per api-contract §4.

let t: SeamlessTestApp;
/** The modules' own events as delivered (the outbox keeps no delivered row, decision 0087). */
const internal = new MemoryPublisher({ internal: true });

beforeAll(async () => {
  t = await createSeamlessTestApp(
    {},
    {
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      REFERRALS_ENABLED: 'true',
      REFERRAL_MAX_COUNT: '3',
      REFERRAL_MIN_DEPOSIT_EUR: '20',
      REFERRAL_WAGER_EUR: '20',
      REFERRAL_REWARD_EUR: '10',
    },
  );
  t.app.outbox.addPublisher(internal);
});
afterAll(() => t.close());

const profileOf = async (token: string) => (await t.call('GET', '/api/player/profile', { token })).json.data;
const listOf = async (token: string, query = '') => t.call('GET', `/api/player/profile/referrals${query}`, { token });
const eurOf = async (token: string) =>
  (await t.call('GET', '/api/wallet/accounts', { token })).json.data.find(
    (a: { currency: string }) => a.currency === 'EUR',
  ) as { realBalance: number };

/** A device of its own: a referee on its referrer's device earns nothing (decision 0094, test signals.test.ts). */
const device = () => ({ fingerprint: `device-${randomUUID()}` });

/** A referrer and its code. */
async function referrer() {
  const { auth } = await registerPlayer(t, undefined, device());
  const token = auth.accessToken;
  const accounts = (await t.call('GET', '/api/wallet/accounts', { token })).json.data as { id: string }[];
  const { referralCode } = await profileOf(token);
  return { token, playerId: auth.profile.id, accountId: accounts[0]!.id, code: referralCode as string };
}

/** A referee signed up with `code` (on a device of its own), with its EUR account id. */
async function referee(code: string) {
  const { auth } = await registerPlayer(t, undefined, { referralCode: code, ...device() });
  const token = auth.accessToken;
  const accounts = (await t.call('GET', '/api/wallet/accounts', { token })).json.data as { id: string }[];
  return { token, playerId: auth.profile.id, accountId: accounts[0]!.id };
}

const bet = (playerId: string, amount: string) => settledRound(t, playerId, amount, '0');

const rewardsTo = (playerId: string) => referralRewardsTo(t, playerId);

describe(`referrals (${databaseKind})`, () => {
  it('gives every player a code and answers the settings and the constants', async () => {
    const a = await referrer();
    expect(a.code).toMatch(/^[A-Z2-9]{8}$/);
    const settings = await t.call('GET', '/api/player/referral-settings', { token: a.token });
    expect(settings.json).toEqual({ data: { enabled: true, maxReferralCount: 3, ownerBonusId: null } });
    const constants = await t.call('GET', '/api/settings/constants');
    expect(constants.json.data.player.referral).toMatchObject({
      enabled: true,
      qualificationStatuses: [{ id: 1 }, { id: 2 }, { id: 3 }],
    });
  });

  it('binds a referee signed up with the code (any case), visible to the referrer only', async () => {
    const a = await referrer();
    const b = await referee(a.code.toLowerCase());
    const list = await listOf(a.token);
    expect(list.status).toBe(200);
    expect(list.json.meta).toEqual({ page: 1, perPage: 10, totalPages: 1, totalRows: 1 });
    const [row] = list.json.referrals;
    expect(row).toMatchObject({ qualified: 1, qualificationDate: null });
    const days = (Date.parse(row.qualificationEndDate) - Date.parse(row.registrationDate)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    // The referee sees its own (empty) list, never its referrer's.
    expect((await listOf(b.token)).json).toEqual({
      referrals: [],
      meta: { page: 1, perPage: 10, totalPages: 1, totalRows: 0 },
    });
  });

  it('binds nobody for an unknown or malformed code, and the sign-up still succeeds', async () => {
    const a = await referrer();
    await referee('NOSUCHCODE');
    await referee('bad code!');
    expect((await listOf(a.token)).json.meta.totalRows).toBe(0);
  });

  it('stops binding at maxReferralCount', async () => {
    const a = await referrer();
    for (let i = 0; i < 4; i++) await referee(a.code);
    expect((await listOf(a.token)).json.meta.totalRows).toBe(3);
  });

  it('qualifies on a deposit and the wager, and pays the referrer exactly once', async () => {
    const a = await referrer();
    const b = await referee(a.code);
    // Below the minimum deposit: not recorded.
    expect((await deposit(t, b, card('4242 4242 4242 4242', 15))).status).toBe(200);
    const [open] = await t.database.db.select().from(referrals).where(sql`${referrals.refereeId} = ${b.playerId}`);
    expect(open!.depositedAt).toBeNull();
    expect((await deposit(t, b, card('4242 4242 4242 4242', 50))).status).toBe(200);
    await bet(b.playerId, '15.00');
    expect((await listOf(a.token)).json.referrals[0].qualified).toBe(1);
    const before = (await eurOf(a.token)).realBalance;
    await bet(b.playerId, '5.00');
    // Several reads at once: one transition, one reward.
    const lists = await Promise.all([listOf(a.token), listOf(a.token), listOf(a.token)]);
    for (const l of lists) expect(l.json.referrals[0].qualified).toBe(2);
    const [row] = (await listOf(a.token)).json.referrals;
    expect(row.qualificationDate).not.toBeNull();
    expect((await eurOf(a.token)).realBalance).toBe(before + 10);
    expect(await rewardsTo(a.playerId)).toBe(1);
    // A later deposit by the referee changes nothing.
    await deposit(t, b, card('4242 4242 4242 4242', 20));
    expect(await rewardsTo(a.playerId)).toBe(1);
  });

  it('qualifies by playing as soon as the wager is reached, with no list view or deposit, once under replays', async () => {
    const a = await referrer();
    const b = await referee(a.code);
    expect((await deposit(t, b, card('4242 4242 4242 4242', 50))).status).toBe(200);
    const before = (await eurOf(a.token)).realBalance;
    await bet(b.playerId, '12.00');
    await t.app.outbox.drain();
    const statusOf = async () =>
      (await t.database.db.select().from(referrals).where(sql`${referrals.refereeId} = ${b.playerId}`))[0]!;
    expect((await statusOf()).status).toBe(1);
    await bet(b.playerId, '8.00');
    // The retention consumer applies the bet after commit: poll the referral row (no list read, no deposit).
    let row = await statusOf();
    for (let i = 0; i < 200 && row.status === 1; i++) {
      await t.app.outbox.drain();
      row = await statusOf();
    }
    expect(row.status).toBe(2);
    expect(row.qualifiedAt).not.toBeNull();
    expect(await rewardsTo(a.playerId)).toBe(1);
    expect((await eurOf(a.token)).realBalance).toBe(before + 10);

    // The referee's bet events delivered again, to a consumer that has not seen them: nothing more is paid.
    const { referralOnStake } = await import('../../src/modules/referral/qualify.ts');
    const { referralRules } = await import('../../src/modules/referral/rules.ts');
    const { realStakeHandler } = await import('../../src/modules/retention/stakes.ts');
    const { createRetentionConsumer, RETENTION_CHANNEL } = await import('../../src/modules/retention/events.ts');
    const log = { error: () => {} };
    const rules = referralRules(t.config, async () => {});
    const replay = createRetentionConsumer(
      t.database.db,
      [realStakeHandler([referralOnStake(rules, log)])],
      `replay-${Date.now()}`,
    );
    await t.app.outbox.drain();
    const events = internal.published.filter(
      (m) => m.channel === RETENTION_CHANNEL && (m.data as { playerId?: string }).playerId === b.playerId,
    );
    expect(events.filter((e) => e.event === 'game.bet')).toHaveLength(2);
    await replay.publishBatch!(events);
    await replay.publishBatch!([...events].reverse());
    expect(await rewardsTo(a.playerId)).toBe(1);
    expect((await listOf(a.token)).json.referrals[0].qualified).toBe(2);
    expect(await rewardsTo(a.playerId)).toBe(1);
  });

  it('a deposit without enough wager leaves it in progress; past the deadline it is not qualified', async () => {
    const a = await referrer();
    const b = await referee(a.code);
    await deposit(t, b, card('4242 4242 4242 4242', 50));
    expect((await listOf(a.token)).json.referrals[0].qualified).toBe(1);
    await t.database.db
      .update(referrals)
      .set({ qualificationEndAt: new Date(Date.now() - 1000) })
      .where(sql`${referrals.refereeId} = ${b.playerId}`);
    await bet(b.playerId, '30.00');
    const [row] = (await listOf(a.token)).json.referrals;
    expect(row).toMatchObject({ qualified: 3, qualificationDate: null });
    expect(await rewardsTo(a.playerId)).toBe(0);
  });

  it('pages the list newest first', async () => {
    const a = await referrer();
    for (let i = 0; i < 3; i++) await referee(a.code);
    const page = await listOf(a.token, '?page=2&perPage=2');
    expect(page.json.meta).toEqual({ page: 2, perPage: 2, totalPages: 2, totalRows: 3 });
    expect(page.json.referrals).toHaveLength(1);
  });

  it('refuses guests and bad paging with the error envelope', async () => {
    expect((await t.call('GET', '/api/player/profile/referrals')).status).toBe(401);
    expect((await t.call('GET', '/api/player/referral-settings')).status).toBe(401);
    const a = await referrer();
    for (const q of ['?page=0', '?perPage=1000', '?page=abc']) {
      const res = await listOf(a.token, q);
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe(3);
    }
  });
});

describe(`referrals switched off (${databaseKind})`, () => {
  let off: SeamlessTestApp;
  beforeAll(async () => {
    off = await createSeamlessTestApp();
  });
  afterAll(() => off.close());

  it('gives no codes, binds nobody and says so', async () => {
    const { auth } = await registerPlayer(off);
    const token = auth.accessToken;
    expect((await off.call('GET', '/api/player/profile', { token })).json.data.referralCode).toBeNull();
    expect((await off.call('GET', '/api/player/referral-settings', { token })).json.data.enabled).toBe(false);
    expect((await off.call('GET', '/api/settings/constants')).json.data.player.referral.enabled).toBe(false);
  });
});
