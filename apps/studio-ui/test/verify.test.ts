import { blackjack, commitment, dice, FairStream, mines, roulette, slot } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import type { GameChoice, Round } from '../src/types.ts';
import { toWire, verifyRound } from '../src/verify.ts';

const serverSeed = '5f2b7c1d9e0a4b3c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';
const clientSeed = 'croupier-test';
const seeds = (nonce: number) => ({ serverSeed, clientSeed, nonce });

function round(choice: GameChoice, bet: bigint, outcome: { payout: bigint }, nonce: number): Round {
  return {
    id: `r${nonce}`,
    game: choice.game,
    status: 'settled',
    bet: bet.toString(),
    payout: outcome.payout.toString(),
    createdAt: '2026-11-24T00:00:00.000Z',
    serverSeedHash: commitment(serverSeed),
    clientSeed,
    nonce,
    serverSeed,
    choice,
    outcome: toWire(outcome),
    actions: [],
  };
}

describe('verifier', () => {
  it('re-derives a dice round from fixed seeds (a known value)', () => {
    const o = dice.playDice(dice.DICE_DEFAULT, 100n, { chanceBp: 4950, direction: 'over' }, new FairStream(seeds(3)));
    const r = round({ game: 'dice', chanceBp: 4950, over: true }, 100n, o, 3);
    expect(verifyRound(r)).toMatchObject({ status: 'checked', hashOk: true, outcomeOk: true, payoutOk: true });
    // Known value, computed independently with node:crypto: the first uint32 of
    // HMAC-SHA256(serverSeed, 'croupier-test:3:0') is 2296801301, and 2296801301 mod 10000 = 1301.
    expect(o.roll).toBe(1301);
    expect(o.win).toBe(false);
  });

  it('detects a tampered outcome, payout and commitment', () => {
    const o = slot.playSlot(slot.SLOT_DEFAULT, 100n, new FairStream(seeds(7)));
    const r = round({ game: 'neon-fruits' }, 100n, o, 7);
    expect(verifyRound(r)).toMatchObject({ status: 'checked', hashOk: true, outcomeOk: true, payoutOk: true });

    const tampered = structuredClone(r);
    const spins = (tampered.outcome as { spins: { stops: number[] }[] }).spins;
    spins[0]!.stops[0] = (spins[0]!.stops[0]! + 1) % 20;
    const v = verifyRound(tampered);
    expect(v).toMatchObject({ status: 'checked', outcomeOk: false });
    expect(v.status === 'checked' && v.mismatch).toContain('spins[0].stops[0]');

    expect(verifyRound({ ...r, payout: (o.payout + 1n).toString() })).toMatchObject({ payoutOk: false });
    expect(verifyRound({ ...r, serverSeedHash: commitment('0'.repeat(64)) })).toMatchObject({ hashOk: false });
  });

  it('replays a casino free spin (a bet of 0 played at its bet value)', () => {
    const o = slot.playCasinoFreeSpin(slot.SLOT_DEFAULT, 100n, new FairStream(seeds(9)));
    const r = round({ game: 'neon-fruits' }, 0n, o, 9);
    expect(verifyRound(r)).toMatchObject({ status: 'checked', hashOk: true, outcomeOk: true, payoutOk: true });
    const paid = slot.playSlot(slot.SLOT_DEFAULT, 100n, new FairStream(seeds(9)));
    expect(verifyRound({ ...r, bet: '100', outcome: toWire(paid) })).toMatchObject({ outcomeOk: true });
  });

  it('says a round of the active pair cannot be verified yet', () => {
    const o = dice.playDice(dice.DICE_DEFAULT, 100n, { chanceBp: 100, direction: 'under' }, new FairStream(seeds(0)));
    expect(
      verifyRound({ ...round({ game: 'dice', chanceBp: 100, over: false }, 100n, o, 0), serverSeed: null }),
    ).toEqual({
      status: 'unrevealed',
    });
  });

  it('replays roulette bets given as wire amounts', () => {
    const bets: roulette.RouletteBet[] = [
      { kind: 'red', amount: 50n },
      { kind: 'split', numbers: [17, 20], amount: 20n },
      { kind: 'dozen', index: 2, amount: 30n },
    ];
    const o = roulette.playRoulette(roulette.ROULETTE_DEFAULT, bets, new FairStream(seeds(11)));
    const choice: GameChoice = {
      game: 'european-roulette',
      bets: [
        { kind: 'red', amount: '50' },
        { kind: 'split', numbers: [17, 20], amount: '20' },
        { kind: 'dozen', index: 2, amount: '30' },
      ],
    };
    expect(verifyRound(round(choice, 100n, o, 11))).toMatchObject({ outcomeOk: true, payoutOk: true, hashOk: true });
  });

  it('finds the moves of a multi-step blackjack round again', () => {
    // Play several rounds by basic-ish strategy, hiding the moves from the verifier.
    for (let nonce = 20; nonce < 40; nonce += 1) {
      const rng = new FairStream(seeds(nonce));
      let s = blackjack.deal(blackjack.BLACKJACK_DEFAULT, 100n, rng);
      while (s.phase === 'player') {
        const acts = blackjack.legalActions(s);
        const hand = s.hands[s.active]!;
        const t = blackjack.handTotal(hand.cards).total;
        const a = acts.includes('split')
          ? 'split'
          : acts.includes('double') && t === 11
            ? 'double'
            : t < 17
              ? 'hit'
              : 'stand';
        s = blackjack.act(blackjack.BLACKJACK_DEFAULT, s, a, rng);
      }
      const { shoe: _shoe, ...visible } = s;
      const r = round({ game: 'blackjack' }, s.stake, { ...visible, payout: s.payout }, nonce);
      expect(verifyRound(r)).toMatchObject({ outcomeOk: true, payoutOk: true });
    }
  });

  it('replays the recorded history of a multi-step round on one stream', () => {
    const rng = new FairStream(seeds(9));
    let s = blackjack.deal(blackjack.BLACKJACK_DEFAULT, 100n, rng);
    const history: { action: string }[] = [];
    while (s.phase === 'player') {
      const a = blackjack.handTotal(s.hands[s.active]!.cards).total < 15 ? 'hit' : 'stand';
      history.push({ action: a });
      s = blackjack.act(blackjack.BLACKJACK_DEFAULT, s, a, rng);
    }
    const { shoe: _shoe, ...visible } = s;
    const r = { ...round({ game: 'blackjack' }, s.stake, { ...visible, payout: s.payout }, 9), history };
    expect(verifyRound(r)).toMatchObject({ outcomeOk: true, payoutOk: true });
    if (history.length > 1) {
      // A history that does not lead to the recorded hands is caught.
      expect(verifyRound({ ...r, history: history.slice(0, 1).concat({ action: 'stand' }) })).toMatchObject({
        outcomeOk: false,
      });
    }
  });

  it('replays a mines round from its revealed tiles', () => {
    const rng = new FairStream(seeds(5));
    let s = mines.startMines(mines.MINES_DEFAULT, 100n, { mines: 3 }, rng);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !s.minePositions.includes(t));
    s = mines.revealTile(mines.MINES_DEFAULT, s, safe[0]!);
    s = mines.revealTile(mines.MINES_DEFAULT, s, safe[1]!);
    s = mines.cashOut(mines.MINES_DEFAULT, s);
    const r = round({ game: 'mines', mines: 3 }, 100n, s, 5);
    expect(verifyRound(r)).toMatchObject({ outcomeOk: true, payoutOk: true });
    const lie = structuredClone(r);
    (lie.outcome as { minePositions: number[] }).minePositions[0] = safe[2]!;
    expect(verifyRound(lie)).toMatchObject({ outcomeOk: false });
  });
});
