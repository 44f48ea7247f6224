import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { account, applyCode, bonusesOf, defineBonus, ledgerHolds, newPlayer, type Player } from './helpers.ts';

// The wagering ledger under random bet, win and rollback sequences (issue 12 §11): parts never negative, every
// currency's ledger sums to zero, wagering progress is the stakes not rolled back, the bonus balance is the
// active bonus's money, and conversion never pays more than the max win.

let t: SeamlessTestApp;
const MAX_WIN = 5; // EUR

beforeAll(async () => {
  t = await createSeamlessTestApp();
  await defineBonus(t, { identity: 'prop', amount: 10_00n, wager: '2', maxWin: 5_00n, code: 'PROP', reusable: true });
});
afterAll(() => t.close());

type Step = { bet: number; after: 'win' | 'rollback' | 'open'; win: number };
const step = fc.record({
  bet: fc.integer({ min: 50, max: 500 }),
  after: fc.constantFrom('win', 'rollback', 'open'),
  win: fc.integer({ min: 0, max: 600 }),
}) as fc.Arbitrary<Step>;
const eur = (cents: number) => (cents / 100).toFixed(2);
const cents = (major: number) => Math.round(major * 100);

let seq = 0;
async function send(p: Player, kind: 'bet' | 'win' | 'rollback', round: string, amount?: string) {
  const body =
    kind === 'bet'
      ? { transactionId: `${round}:b0`, roundId: round, amount, currency: 'EUR' }
      : kind === 'win'
        ? { transactionId: `${round}:w`, roundId: round, betTransactionId: `${round}:b0`, amount, currency: 'EUR' }
        : { transactionId: `${round}:rb0`, rollbackTransactionId: `${round}:b0`, roundId: round };
  return (await t.seamless(kind, { token: p.game, ...body })).json as { status: string };
}

/** One sequence on a fresh player with 30 EUR and an active 10 EUR bonus (wager ×2, max win 5 EUR). */
async function run(steps: Step[]) {
  const p = await newPlayer(t, 30);
  expect((await applyCode(t, p, 'PROP')).json.data.status).toBe(2);
  let wagered = 0; // cents staked under the active bonus, less rollbacks
  for (const s of steps) {
    const before = await account(t, p);
    const [pbBefore] = await bonusesOf(t, p);
    const round = `prop${++seq}-${Date.now()}`;
    const bet = await send(p, 'bet', round, eur(s.bet));
    if (bet.status !== 'OK') continue; // not enough money: nothing moved
    if (pbBefore!.status === 2) wagered += s.bet;
    const [pb] = await bonusesOf(t, p);
    const after = await account(t, p);
    if (pbBefore!.status === 2 && pb!.status === 3 && pb!.result === 2) {
      // Converted inside this bet: what reached the real part beyond the stake's real share is capped.
      const realStake = Math.min(s.bet, cents(before.realBalance));
      const converted = cents(after.realBalance) - cents(before.realBalance) + realStake;
      expect(converted).toBeLessThanOrEqual(MAX_WIN * 100);
      expect(converted).toBeGreaterThanOrEqual(0);
      expect(after.bonusBalance).toBe(0);
    }
    if (s.after === 'win') await send(p, 'win', round, eur(s.win));
    if (s.after === 'rollback') {
      await send(p, 'rollback', round);
      if (pb!.status === 2) wagered -= s.bet;
    }
    const [now] = await bonusesOf(t, p);
    const acc = await account(t, p);
    if (now!.status === 2) {
      expect(cents(now!.currentWagerAmount)).toBe(wagered);
      expect(acc.bonusBalance).toBeGreaterThanOrEqual(0);
    } else {
      // Finished (played, lost): the bonus part holds nothing of it any more.
      expect(acc.bonusBalance).toBe(0);
    }
    expect(acc.realBalance).toBeGreaterThanOrEqual(0);
    const ledger = await ledgerHolds(t);
    expect(ledger.negative).toBe(0);
    expect(ledger.sums.every((sum) => sum === '0')).toBe(true);
  }
}

describe(`wagering ledger properties (${databaseKind})`, () => {
  it('holds under random bets, wins and rollbacks', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 9 }), (steps) => run(steps)),
      { numRuns: 8, endOnFailure: true },
    );
  });
});
