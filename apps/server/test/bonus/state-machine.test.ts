import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BonusDeps, expirePlayerBonus } from '../../src/modules/bonus/index.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { BonusModel } from './bonus-model.ts';
import { applyCode, bonusesOf, defineBonus, houseBonus, newPlayer, type Player } from './helpers.ts';
import { expectModel } from './model-check.ts';

// The player bonus state machine (decision 0090), pair by pair: every bonus event × every state of a round,
// then the round's own end (its win, or the rollback of its first bet). After each step the account's real
// and bonus parts, the house bonus account and every player bonus (status, result, wager, converted) must be
// what the decision's tables say (`BonusModel`), and the ledger must hold. The bonus equivalent of
// `test/seamless/integrity.test.ts`.

const BONUS = { amount: 10_00n, required: 10_00n, maxBet: null, maxWin: 8_00n } as const;
const SECOND = { amount: 5_00n, required: 5_00n, maxBet: null, maxWin: null } as const;

type RoundState = 'no round' | 'open, real stake' | 'open, bonus stake' | 'settled';
type BonusEvent = 'bet' | 'win' | 'rollback bet' | 'cancel' | 'expire' | 'convert' | 'forfeit';
type RoundEnd = 'win' | 'rollback';

const states: RoundState[] = ['no round', 'open, real stake', 'open, bonus stake', 'settled'];
const events: BonusEvent[] = ['bet', 'win', 'rollback bet', 'cancel', 'expire', 'convert', 'forfeit'];
const ends: RoundEnd[] = ['win', 'rollback'];

let t: SeamlessTestApp;
beforeAll(async () => {
  t = await createSeamlessTestApp();
  await defineBonus(t, { identity: 'sm', amount: BONUS.amount, wager: '1', maxWin: BONUS.maxWin, code: 'SM' });
  await defineBonus(t, { identity: 'sm2', amount: SECOND.amount, wager: '1', code: 'SM2' });
});
afterAll(() => t.close());

const major = (minor: bigint) => (Number(minor) / 100).toFixed(2);

/** One player, the model beside it, and the seamless calls that drive both. */
class Case {
  private seq = 0;
  /** The first bet of the round under test (the rollback's target). */
  firstBet: string;
  constructor(
    readonly p: Player,
    readonly model: BonusModel,
    readonly round: string,
    readonly houseAtStart: number,
  ) {
    this.firstBet = `${round}:b1`;
  }

  async bet(roundId: string, amount: bigint) {
    const tx = `${roundId}:b${++this.seq}`;
    const res = await t.seamless('bet', {
      token: this.p.game,
      transactionId: tx,
      roundId,
      amount: major(amount),
      currency: 'EUR',
    });
    expect(res.json.status === 'OK', `bet ${major(amount)} in ${roundId}`).toBe(this.model.bet(roundId, tx, amount));
  }

  async win(roundId: string, amount: bigint) {
    const body = { transactionId: `${roundId}:w${++this.seq}`, roundId, amount: major(amount), currency: 'EUR' };
    const res = await t.seamless('win', { token: this.p.game, ...body, closeRound: true });
    expect(res.json.status === 'OK', `win ${major(amount)} in ${roundId}`).toBe(this.model.win(roundId, amount));
  }

  async rollback(roundId: string, betTx: string) {
    const body = { transactionId: `${betTx}:rb${++this.seq}`, rollbackTransactionId: betTx, roundId };
    await t.seamless('rollback', { token: this.p.game, ...body });
    this.model.rollback(roundId, betTx);
  }

  async bonusIds() {
    return (await bonusesOf(t, this.p, '?sortOrder=asc')).map((b) => b.id);
  }

  check(step: string) {
    return expectModel(t, this.p, this.model, this.houseAtStart, step);
  }
}

let rounds = 0;

async function start(): Promise<Case> {
  const p = await newPlayer(t, 4);
  const before = await houseBonus(t);
  expect((await applyCode(t, p, 'SM')).json.data.status).toBe(2);
  const model = new BonusModel(4_00n);
  model.issue(BONUS);
  return new Case(p, model, `sm${++rounds}-${Date.now()}`, before);
}

async function enter(c: Case, state: RoundState) {
  if (state === 'open, real stake') await c.bet(c.round, 2_00n); // real money only, under the bonus
  if (state === 'open, bonus stake') await c.bet(c.round, 6_00n); // 4 real + 2 bonus
  if (state === 'settled') {
    await c.bet(c.round, 6_00n);
    await c.win(c.round, 3_00n);
  }
}

async function apply(c: Case, event: BonusEvent) {
  const [first] = await c.bonusIds();
  const p = c.model.bonuses[0]!;
  switch (event) {
    case 'bet':
      return c.bet(c.round, 1_00n);
    case 'win':
      return c.win(c.round, 12_00n);
    case 'rollback bet':
      return c.rollback(c.round, c.firstBet);
    case 'cancel': {
      const res = await t.call('PUT', `/api/game/player-bonuses/${first}/cancel`, { token: c.p.auth });
      expect(res.status).toBe(200);
      return c.model.end(0, 3);
    }
    case 'expire': {
      await t.database.db.execute(
        sql`update bonus.player_bonuses set wagering_expires_at = now() - interval '1 minute' where id = ${first!}`,
      );
      const deps = { db: t.database.db, now: () => new Date() } as unknown as BonusDeps;
      expect(await expirePlayerBonus(deps, { playerBonusId: first!, stage: 'wagering' })).toBe(true);
      return c.model.end(0, 4);
    }
    case 'convert': {
      // The rest of the wagering in a round of its own, closed at once (a loss).
      const other = `${c.round}-other`;
      await c.bet(other, p.required - p.wager);
      return c.win(other, 0n);
    }
    case 'forfeit': {
      // Another bonus activated in its place: the active one is cancelled, its money forfeited.
      expect((await applyCode(t, c.p, 'SM2')).json.data.status).toBe(2);
      const index = c.model.issue(SECOND);
      if (c.model.bonuses[index]!.status === 2) return; // nothing was active: it started at once
      const [, second] = await c.bonusIds();
      const res = await t.call('PUT', `/api/game/player-bonuses/${second}/activate`, { token: c.p.auth });
      expect(res.status).toBe(200);
      return c.model.activate(index);
    }
  }
}

async function end(c: Case, how: RoundEnd) {
  if (how === 'win') return c.win(c.round, 12_00n);
  return c.rollback(c.round, c.firstBet);
}

describe(`the player bonus state machine, event × round state (${databaseKind})`, () => {
  for (const event of events) {
    for (const state of states) {
      it.each(ends)(`${event} × ${state}, then the round's end: %s`, { timeout: 120_000 }, async (how) => {
        const c = await start();
        await c.check('start');
        await enter(c, state);
        await c.check(state);
        await apply(c, event);
        await c.check(`${state} → ${event}`);
        await end(c, how);
        await c.check(`${state} → ${event} → ${how}`);
      });
    }
  }
});
