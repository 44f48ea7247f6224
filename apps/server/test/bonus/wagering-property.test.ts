import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { BonusModel } from './bonus-model.ts';
import { applyCode, defineBonus, houseBonus, newPlayer, type Player } from './helpers.ts';
import { expectModel } from './model-check.ts';

// The wagering ledger under random bet, win and rollback sequences (issue 12 §11, issue 23): after every step
// the account's parts, the house bonus account and the bonus (status, result, wagering, converted) are what
// decision 0090's state machine says (`BonusModel`): parts never negative, every currency's ledger sums to
// zero, wagering progress is the stakes not rolled back, the bonus balance is the active bonus's money, and
// conversion (once nothing of the bonus can be rolled back) never pays more than the max win. Rounds left
// open are settled by a zero win at the end, as a provider would close them. BONUS_RUNS=200 runs longer.

let t: SeamlessTestApp;
const PROP = { amount: 10_00n, required: 10_00n, maxBet: null, maxWin: 5_00n } as const;

beforeAll(async () => {
  t = await createSeamlessTestApp();
  await defineBonus(t, { identity: 'prop', amount: 10_00n, wager: '1', maxWin: 5_00n, code: 'PROP', reusable: true });
});
afterAll(() => t.close());

type Step = { bet: number; after: 'win' | 'rollback' | 'open'; win: number; close: boolean };
const step = fc.record({
  bet: fc.integer({ min: 50, max: 500 }),
  after: fc.constantFrom('win', 'rollback', 'open'),
  win: fc.integer({ min: 0, max: 600 }),
  close: fc.boolean(),
}) as fc.Arbitrary<Step>;
const eur = (cents: number | bigint) => (Number(cents) / 100).toFixed(2);

let seq = 0;
async function send(p: Player, kind: 'bet' | 'win' | 'rollback', round: string, amount?: string, close = false) {
  const body =
    kind === 'bet'
      ? { transactionId: `${round}:b0`, roundId: round, amount, currency: 'EUR' }
      : kind === 'win'
        ? { transactionId: `${round}:w${++seq}`, roundId: round, amount, currency: 'EUR', closeRound: close }
        : { transactionId: `${round}:rb0`, rollbackTransactionId: `${round}:b0`, roundId: round };
  return (await t.seamless(kind, { token: p.game, ...body })).json as { status: string };
}

/** One sequence on a fresh player with 30 EUR and an active 10 EUR bonus (wager ×1, max win 5 EUR). */
async function run(steps: Step[]) {
  const p = await newPlayer(t, 30);
  const house = await houseBonus(t);
  expect((await applyCode(t, p, 'PROP')).json.data.status).toBe(2);
  const model = new BonusModel(30_00n);
  model.issue(PROP);
  const open: string[] = [];
  for (const [i, s] of steps.entries()) {
    const round = `prop${++seq}-${Date.now()}`;
    const bet = await send(p, 'bet', round, eur(s.bet));
    expect(bet.status === 'OK', `step ${i}: bet`).toBe(model.bet(round, `${round}:b0`, BigInt(s.bet)));
    if (s.after === 'win') {
      const win = await send(p, 'win', round, eur(s.win), s.close);
      expect(win.status === 'OK', `step ${i}: win`).toBe(model.win(round, BigInt(s.win), s.close));
      if (!s.close) open.push(round);
    }
    if (s.after === 'rollback') {
      await send(p, 'rollback', round);
      model.rollback(round, `${round}:b0`);
    }
    if (s.after === 'open') open.push(round);
    await expectModel(t, p, model, house, `step ${i}: ${JSON.stringify(s)}`);
  }
  for (const round of open) {
    const win = await send(p, 'win', round, '0.00', true);
    expect(win.status === 'OK', `closing ${round}`).toBe(model.win(round, 0n, true));
  }
  await expectModel(t, p, model, house, 'every round closed');
  for (const b of model.bonuses) expect(b.converted).toBeLessThanOrEqual(PROP.maxWin);
}

describe(`wagering ledger properties (${databaseKind})`, () => {
  it('holds under random bets, wins and rollbacks', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 9 }), (steps) => run(steps)),
      { numRuns: Number(process.env.BONUS_RUNS ?? 8), endOnFailure: true },
    );
  });
});
