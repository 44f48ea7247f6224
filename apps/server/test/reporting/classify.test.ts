import { describe, expect, it } from 'vitest';
import { sumEvents } from '../../src/modules/reporting/apply.ts';
import { classify } from '../../src/modules/reporting/classify.ts';
import type { LedgerMoved } from '../../src/modules/reporting/events.ts';

// The classification of decision 0121: one event → what it adds to each rollup, exact minor units.

const AT = '2026-03-01T23:59:59.999Z';
let n = 0;
const moved = (over: Partial<LedgerMoved>): LedgerMoved => ({
  kind: 'ledger.moved',
  ledgerId: `l${++n}`,
  type: 'dev.credit',
  playerId: 'p1',
  accountId: 'a1',
  currency: 'EUR',
  real: '0',
  bonus: '0',
  locked: '0',
  converted: '0',
  at: AT,
  ...over,
});
const game = (movement: 'bet' | 'win' | 'rollback', amount: string, freeSpin = false) => ({
  providerId: 'acme',
  gameId: 'slot-1',
  roundId: 'r1',
  transactionId: `t${++n}`,
  movement,
  amount,
  freeSpin,
});

describe('classify', () => {
  it('a bet split between real and bonus money: the real part is a bet, the whole stake is the game’s', () => {
    const e = classify(moved({ type: 'game.bet', real: '-300', bonus: '-200', game: game('bet', '500') }));
    expect(e).toEqual({
      day: '2026-03-01',
      currency: 'EUR',
      figures: { bets: 300n },
      game: {
        gameId: 'slot-1',
        providerId: 'acme',
        rounds: 1,
        stakes: 500n,
        stakeSquares: 250_000n,
        payouts: 0n,
        realStakes: 300n,
        realPayouts: 0n,
      },
      player: { playerId: 'p1', bets: 300n, wins: 0n, deposits: 0n, withdrawals: 0n, stakeCount: 1 },
    });
  });

  it('a win that converts a bonus: the conversion is bonus cost of the bonus’s campaign, not a win', () => {
    // Pays 1000: its bonus share 400 goes to the bonus part, then wagering completes and 900 converts.
    const e = classify(
      moved({
        type: 'game.win',
        real: String(1000 - 400 + 900),
        bonus: String(400 - 900 - 100),
        converted: '900',
        game: game('win', '1000'),
        source: { kind: 'bonus', id: 'b1' },
      }),
    )!;
    expect(e.figures).toEqual({ wins: 600n, bonusCost: 900n });
    expect(e.game).toMatchObject({ payouts: 1000n, realPayouts: 600n, rounds: 0 });
    expect(e.player).toMatchObject({ wins: 600n, stakeCount: 0 });
    expect(e.bonusCost).toEqual({ kind: 'bonus', campaignId: 'b1', playerId: 'p1', cost: 900n });
  });

  it('a rollback takes back the refunded stake’s real part and one round', () => {
    const e = classify(moved({ type: 'game.rollback', real: '300', bonus: '200', game: game('rollback', '500') }))!;
    expect(e.figures).toEqual({ bets: -300n });
    expect(e.game).toMatchObject({ rounds: -1, stakes: -500n, stakeSquares: -250_000n, realStakes: -300n });
    expect(e.player).toMatchObject({ bets: -300n, stakeCount: -1 });
  });

  it('a free round’s payout stays out of the game (no stake): it costs when its bonus converts', () => {
    const e = classify(moved({ type: 'game.win', real: '0', game: game('win', '700', true) }))!;
    expect(e.game).toBeUndefined();
    expect(e.figures).toEqual({ wins: 0n });
  });

  it('payments: a deposit and its milestone, a settled withdrawal; locks and returns move nothing out', () => {
    const d = classify(moved({ type: 'payment.deposit', real: '5000' }))!;
    expect(d.figures).toEqual({ deposits: 5000n, depositCount: 1 });
    expect(d.deposited).toEqual({ playerId: 'p1', at: AT, currency: 'EUR' });
    const w = classify(moved({ type: 'payment.withdrawal.settle', locked: '-2500' }))!;
    expect(w.figures).toEqual({ withdrawals: 2500n, withdrawalCount: 1 });
    expect(w.player).toMatchObject({ withdrawals: 2500n });
    expect(classify(moved({ type: 'payment.withdrawal.lock', real: '-2500', locked: '2500' }))).toBeNull();
    expect(classify(moved({ type: 'payment.withdrawal.return', real: '2500', locked: '-2500' }))).toBeNull();
  });

  it('promotions cost their real part only, under their source or their kind’s campaign', () => {
    expect(classify(moved({ type: 'bonus.credit', bonus: '1000' }))).toBeNull();
    const quest = classify(moved({ type: 'quest.reward', real: '250', source: { kind: 'quest', id: 'q1' } }))!;
    expect(quest.figures).toEqual({ bonusCost: 250n });
    expect(quest.bonusCost).toEqual({ kind: 'quest', campaignId: 'q1', playerId: 'p1', cost: 250n });
    const referral = classify(moved({ type: 'referral.reward', real: '100' }))!;
    expect(referral.bonusCost).toEqual({ kind: 'referral', campaignId: '', playerId: 'p1', cost: 100n });
  });

  it('adjustments apart; dev credits, forfeits and unknown kinds: nothing', () => {
    expect(classify(moved({ type: 'staff.adjustment', real: '-150' }))!.figures).toEqual({ adjustments: -150n });
    expect(classify(moved({ type: 'dev.credit', real: '100000' }))).toBeNull();
    expect(classify(moved({ type: 'bonus.forfeit', bonus: '-500' }))).toBeNull();
    expect(classify(moved({ type: 'something.new', real: '1' }))).toBeNull();
  });

  it('a registration counts on its UTC day in its currency', () => {
    const at = '2026-03-02T00:00:00.000Z';
    expect(classify({ kind: 'player.registered', playerId: 'p2', currency: 'USD', at })).toEqual({
      day: '2026-03-02',
      currency: 'USD',
      registered: { playerId: 'p2', at, currency: 'USD' },
    });
  });

  it('a page sums per row: two bets and a rollback of one, in two currencies; the earliest deposit is the first', () => {
    const sums = sumEvents([
      moved({ type: 'game.bet', real: '-100', game: game('bet', '100') }),
      moved({ type: 'game.bet', real: '-300', game: game('bet', '300') }),
      moved({ type: 'game.rollback', real: '100', game: game('rollback', '100') }),
      moved({ type: 'game.bet', currency: 'USD', real: '-50', game: game('bet', '50') }),
      moved({ type: 'payment.deposit', real: '900', at: '2026-03-01T12:00:00.000Z' }),
      moved({ type: 'payment.deposit', real: '100', at: '2026-03-01T08:00:00.000Z' }),
    ]);
    expect(sums.figures.get('2026-03-01|EUR')!.delta).toMatchObject({ bets: 300n, deposits: 1000n, depositCount: 2 });
    expect(sums.figures.get('2026-03-01|USD')!.delta).toMatchObject({ bets: 50n });
    expect(sums.games.get('2026-03-01|slot-1|EUR')!.delta).toMatchObject({
      rounds: 1,
      stakes: 300n,
      stakeSquares: 90_000n,
      realStakes: 300n,
    });
    expect(sums.players.get('2026-03-01|p1|EUR')!.delta).toMatchObject({ bets: 300n, stakeCount: 1, deposits: 1000n });
    expect(sums.deposits.get('p1')!.at).toBe('2026-03-01T08:00:00.000Z');
  });
});
