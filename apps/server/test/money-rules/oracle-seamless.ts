import type { World } from './oracle.ts';
import { onBet, onRollback, onWin } from './oracle-bonus.ts';

// The oracle's seamless money path (decision 0021 and docs/provider-api.md) with the rules that run inside
// it: exclusions and limits (0040, 0091), the bonus (0090), and what retention derives from bets (0093).
// Each function mutates a copy of the world; the caller keeps the copy only when the request is accepted.

export type Verdict = { ok: true } | { ok: false; why: string };
const refuse = (why: string): Verdict => ({ ok: false, why });
const OK: Verdict = { ok: true };

export interface SeamlessCall {
  player: number;
  currency: string;
}
export interface BetCall extends SeamlessCall {
  transactionId: string;
  round: string;
  amount: bigint;
}
export interface WinCall extends SeamlessCall {
  transactionId: string;
  round: string;
  amount: bigint;
  close: boolean;
}
export interface RollbackCall extends SeamlessCall {
  transactionId: string;
  target: string;
  round: string;
}

/** A bet: funds, the round, the player's exclusions and limits, then the bonus. */
export function bet(w: World, call: BetCall): Verdict {
  const prior = w.claimed.get(call.transactionId);
  if (prior?.kind === 'tombstone') return buried(w, call, prior);
  if (prior) return refuse('transaction id used by another request');
  const parts = w.parts(call.player, call.currency);
  if (parts.real + parts.bonus < call.amount) return refuse('insufficient funds');
  const round = w.rounds.get(call.round);
  if (round && (round.player !== call.player || round.currency !== call.currency || round.status === 'settled')) {
    return refuse('round of another player or currency, or settled');
  }
  const player = w.players[call.player]!;
  if (player.limits.coolingOff(w.now)) return refuse('cooling-off');
  if (!player.limits.count(w.now, w.steps, call.currency, call.amount, 0n)) {
    w.saw('bet refused by a limit');
    return refuse('bet or loss limit');
  }
  const real = parts.real < call.amount ? parts.real : call.amount;
  const bonusPart = call.amount - real;
  parts.real -= real;
  parts.bonus -= bonusPart;
  const why = onBet(w, call.player, call.currency, call.round, call.amount, real, bonusPart);
  if (why) return refuse(why);
  if (round) {
    round.betTotal += call.amount;
    round.status = 'open';
  } else {
    w.rounds.set(call.round, {
      player: call.player,
      currency: call.currency,
      status: 'open',
      betTotal: call.amount,
      winTotal: 0n,
    });
  }
  const counts = w.questCounts(call.player, call.amount);
  w.claimed.set(call.transactionId, {
    kind: 'bet',
    player: call.player,
    currency: call.currency,
    round: call.round,
    amount: call.amount,
    real,
    bonus: bonusPart,
    rolledBack: false,
    quest: counts,
  });
  return OK;
}

/** A late bet meeting its rollback's tombstone: the same account's is accepted and cancelled at once. */
function buried(w: World, call: BetCall, tombstone: { player: number; currency: string; round: string }): Verdict {
  if (tombstone.player !== call.player || tombstone.currency !== call.currency) {
    return refuse('transaction id cancelled by an earlier rollback');
  }
  const round = w.rounds.get(call.round);
  if (round && (round.player !== call.player || round.currency !== call.currency || round.status === 'settled')) {
    return refuse('round of another player or currency, or settled');
  }
  if (!round) {
    w.rounds.set(call.round, {
      player: call.player,
      currency: call.currency,
      status: 'rolled_back',
      betTotal: 0n,
      winTotal: 0n,
    });
  }
  // Recorded as a bet cancelled already, under the tombstone's round.
  w.claimed.set(call.transactionId, {
    kind: 'buried',
    player: call.player,
    currency: call.currency,
    round: tombstone.round,
  });
  return OK;
}

/** A win into an open round of this player and currency. */
export function win(w: World, call: WinCall): Verdict {
  if (w.claimed.has(call.transactionId)) return refuse('transaction id used by another request');
  const round = w.rounds.get(call.round);
  if (!round || round.player !== call.player) return refuse('no such round of this player');
  if (round.currency !== call.currency) return refuse('round in another currency');
  if (round.status !== 'open') return refuse(`round ${round.status}`);
  w.parts(call.player, call.currency).real += call.amount;
  round.winTotal += call.amount;
  if (call.close) round.status = 'settled';
  w.players[call.player]!.limits.count(w.now, w.steps, call.currency, 0n, call.amount);
  const settledOrPaid = round.status === 'settled' || round.winTotal > 0n;
  onWin(w, call.player, call.currency, call.round, call.amount, round.betTotal, settledOrPaid);
  w.claimed.set(call.transactionId, { kind: 'win', player: call.player, currency: call.currency });
  // A round that became final makes its stakes count for the referee's qualification (0093, 0077).
  if (settledOrPaid && call.player === 1 && w.referral.depositCurrency === call.currency) w.evaluateReferral();
  return OK;
}

/** A rollback: the live bet's parts back while its round is open and unpaid; the documented answers else. */
export function rollback(w: World, call: RollbackCall): Verdict {
  if (w.claimed.has(call.transactionId)) return refuse('transaction id used by another request');
  const target = w.claimed.get(call.target);
  const round = w.rounds.get(call.round);
  if (
    target?.kind === 'bet' &&
    !target.rolledBack &&
    target.player === call.player &&
    target.currency === call.currency &&
    target.round === call.round &&
    round?.status === 'open' &&
    round.winTotal === 0n
  ) {
    return refund(w, call, target, round);
  }
  if (!target) {
    // A rollback before its bet: the round is taken as a cancelled one, the id blocked for everyone.
    if (round && (round.player !== call.player || round.currency !== call.currency || round.status === 'settled')) {
      return refuse('round of another player or currency, or settled');
    }
    if (!round) {
      w.rounds.set(call.round, {
        player: call.player,
        currency: call.currency,
        status: 'rolled_back',
        betTotal: 0n,
        winTotal: 0n,
      });
    }
    w.claimed.set(call.target, { kind: 'tombstone', player: call.player, currency: call.currency, round: call.round });
    w.claimed.set(call.transactionId, { kind: 'rollback', player: call.player, currency: call.currency });
    return OK;
  }
  const ours =
    (target.kind === 'bet' || target.kind === 'tombstone' || target.kind === 'buried') &&
    target.player === call.player &&
    target.currency === call.currency;
  if (!ours) return refuse('not a bet of this account');
  if (target.round !== call.round) return refuse('bet not in this round');
  if (target.kind !== 'bet' || target.rolledBack) {
    w.claimed.set(call.transactionId, { kind: 'rollback', player: call.player, currency: call.currency });
    return OK;
  }
  return refuse('round settled or paid');
}

function refund(
  w: World,
  call: RollbackCall,
  target: Extract<ReturnType<World['claimed']['get']>, { kind: 'bet' }>,
  round: NonNullable<ReturnType<World['rounds']['get']>>,
): Verdict {
  target.rolledBack = true;
  const parts = w.parts(call.player, call.currency);
  parts.real += target.real;
  parts.bonus += target.bonus;
  round.betTotal -= target.amount;
  const live = [...w.claimed.values()].some(
    (t) => t.kind === 'bet' && t.round === call.round && !t.rolledBack && t.player === round.player,
  );
  if (!live) round.status = 'rolled_back';
  w.players[call.player]!.limits.count(w.now, w.steps, call.currency, -target.amount, 0n);
  onRollback(w, call.player, call.currency, call.round, target.amount, target.real, target.bonus);
  if (target.quest) w.questUncounts(call.player);
  w.claimed.set(call.transactionId, { kind: 'rollback', player: call.player, currency: call.currency });
  return OK;
}
