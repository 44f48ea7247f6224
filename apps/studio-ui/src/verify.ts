/**
 * The in-browser verifier: replays a round from its seeds with the very engine code the server runs
 * (@croupier/games) and compares hash, outcome and payout with what the studio recorded.
 */
import {
  blackjack,
  commitment,
  dice,
  FairStream,
  mines,
  plinko,
  type Rng,
  roulette,
  type SeedTriple,
  slot,
} from '@croupier/games';
import type { GameChoice, Round } from './types.ts';

export type Verification =
  | { status: 'unrevealed' }
  | { status: 'unsupported'; reason: string }
  | {
      status: 'checked';
      hashOk: boolean;
      outcomeOk: boolean;
      payoutOk: boolean;
      /** The replayed outcome, bigints as strings (what the engine produced). */
      replayed: unknown;
      /** First path where the recorded outcome differs, for the curious. */
      mismatch: string | null;
    };

/** Engine values as they travel on the wire: bigints become strings. */
export function toWire(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toWire);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toWire(v);
    return out;
  }
  return value;
}

/**
 * Where `recorded` disagrees with `replayed`, or null. Every field the studio recorded must be in the
 * replay with the same value; the replay may hold more (e.g. the shoe state the studio keeps private).
 */
export function firstMismatch(recorded: unknown, replayed: unknown, path = 'outcome'): string | null {
  if (recorded === replayed) return null;
  if (typeof recorded === 'number' || typeof recorded === 'string' || typeof recorded === 'boolean') {
    return String(recorded) === String(replayed) && typeof replayed !== 'object' ? null : path;
  }
  if (recorded === null || recorded === undefined) return replayed === null || replayed === undefined ? null : path;
  if (Array.isArray(recorded)) {
    if (!Array.isArray(replayed) || replayed.length !== recorded.length) return path;
    for (let i = 0; i < recorded.length; i += 1) {
      const m = firstMismatch(recorded[i], replayed[i], `${path}[${i}]`);
      if (m) return m;
    }
    return null;
  }
  if (typeof recorded === 'object') {
    if (!replayed || typeof replayed !== 'object' || Array.isArray(replayed)) return path;
    for (const [k, v] of Object.entries(recorded)) {
      const m = firstMismatch(v, (replayed as Record<string, unknown>)[k], `${path}.${k}`);
      if (m) return m;
    }
    return null;
  }
  return path;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/** Roulette bets of a choice as the engine takes them (amounts in bigint). */
export function rouletteBets(choice: Extract<GameChoice, { game: 'european-roulette' }>): roulette.RouletteBet[] {
  return choice.bets.map((b) => {
    const amount = BigInt(b.amount);
    if (b.kind === 'column' || b.kind === 'dozen') return { kind: b.kind, index: b.index as 1 | 2 | 3, amount };
    if (b.numbers) return { kind: b.kind as roulette.InsideKind, numbers: b.numbers, amount };
    return { kind: b.kind as 'red', amount };
  }) as roulette.RouletteBet[];
}

/**
 * Blackjack records the final hands, not the moves: find the moves again. From the deal, try each legal
 * action and keep those whose hands stay a prefix of the recorded ones (the shoe order is fixed by the
 * seeds, so at most one action fits at each step in practice).
 */
function replayBlackjack(bet: bigint, recorded: unknown, seeds: SeedTriple): blackjack.BlackjackState {
  const cfg = blackjack.BLACKJACK_DEFAULT;
  const target = asRecord(recorded);
  const targetHands = (Array.isArray(target.hands) ? target.hands : []).map((h) => numbers(asRecord(h).cards));
  const start = new FairStream(seeds);
  const initial = blackjack.deal(cfg, bet, start);
  const fits = (s: blackjack.BlackjackState) => {
    if (s.hands.length > Math.max(1, targetHands.length)) return false;
    return s.hands.every((h, i) => {
      const want = targetHands[i] ?? [];
      return h.cards.length <= want.length && h.cards.every((c, k) => c === want[k]);
    });
  };
  // Depth-first over states; each state carries its stream cursor so branches never share a stream.
  const search = (
    s: blackjack.BlackjackState,
    cursor: ReturnType<FairStream['cursor']>,
    depth: number,
  ): blackjack.BlackjackState | null => {
    if (s.phase === 'settled') return firstMismatch(target, toWire(s)) === null ? s : null;
    if (depth > 40) return null;
    for (const a of blackjack.legalActions(s)) {
      const rng = new FairStream(seeds, cursor);
      const next = blackjack.act(cfg, s, a, rng);
      if (next.phase === 'player' && !fits(next)) continue;
      const found = search(next, rng.cursor(), depth + 1);
      if (found) return found;
    }
    return null;
  };
  if (initial.phase === 'settled') return initial;
  return search(initial, start.cursor(), 0) ?? initial;
}

/** Multi-step rounds with their recorded moves: the start, then each action on the same stream. */
function replayHistory(round: Round, bet: bigint, history: { action: string; tile?: number }[], rng: Rng) {
  if (round.choice.game === 'mines') {
    let s = mines.startMines(mines.MINES_DEFAULT, bet, { mines: round.choice.mines }, rng);
    for (const h of history) {
      s =
        h.action === 'cashout'
          ? mines.cashOut(mines.MINES_DEFAULT, s)
          : mines.revealTile(mines.MINES_DEFAULT, s, h.tile ?? -1);
    }
    return s;
  }
  let s = blackjack.deal(blackjack.BLACKJACK_DEFAULT, bet, rng);
  for (const h of history) s = blackjack.act(blackjack.BLACKJACK_DEFAULT, s, h.action as blackjack.Action, rng);
  return s;
}

function replayMines(bet: bigint, choice: { mines: number }, recorded: unknown, rng: Rng): mines.MinesState {
  const cfg = mines.MINES_DEFAULT;
  const target = asRecord(recorded);
  let s = mines.startMines(cfg, bet, { mines: choice.mines }, rng);
  for (const tile of numbers(target.revealed)) {
    if (s.status !== 'playing') break;
    s = mines.revealTile(cfg, s, tile);
  }
  if (s.status === 'playing' && target.status === 'cashed') s = mines.cashOut(cfg, s);
  return s;
}

/** The engine's outcome for a round, replayed from the given seeds. */
export function replay(round: Round, seeds: SeedTriple): { outcome: unknown; payout: bigint } {
  const bet = BigInt(round.bet);
  const choice = round.choice;
  const rng = new FairStream(seeds);
  switch (choice.game) {
    case 'neon-fruits': {
      // A casino-issued free spin records a bet of 0 and is played at the outcome's bet value (its `bet`).
      const value = asRecord(round.outcome).bet;
      const o =
        bet === 0n && typeof value === 'string'
          ? slot.playCasinoFreeSpin(slot.SLOT_DEFAULT, BigInt(value), rng)
          : slot.playSlot(slot.SLOT_DEFAULT, bet, rng);
      return { outcome: o, payout: o.payout };
    }
    case 'european-roulette': {
      const o = roulette.playRoulette(roulette.ROULETTE_DEFAULT, rouletteBets(choice), rng);
      return { outcome: o, payout: o.payout };
    }
    case 'dice': {
      const o = dice.playDice(
        dice.DICE_DEFAULT,
        bet,
        { chanceBp: choice.chanceBp, direction: choice.over ? 'over' : 'under' },
        rng,
      );
      return { outcome: o, payout: o.payout };
    }
    case 'plinko': {
      const o = plinko.playPlinko(plinko.PLINKO_DEFAULT, bet, { rows: choice.rows }, rng);
      return { outcome: o, payout: o.payout };
    }
    case 'mines': {
      const o = round.history
        ? replayHistory(round, bet, round.history, rng)
        : replayMines(bet, choice, round.outcome, rng);
      return { outcome: o, payout: o.payout };
    }
    case 'blackjack': {
      // The deal's bet: the first hand's bet before any double (the round's bet may count doubles and splits).
      const first = asRecord((asRecord(round.outcome).hands as unknown[] | undefined)?.[0]);
      const base = typeof first.bet === 'string' ? BigInt(first.bet) / (first.doubled ? 2n : 1n) : bet;
      const o = round.history
        ? replayHistory(round, base, round.history, rng)
        : replayBlackjack(base, round.outcome, seeds);
      return { outcome: o, payout: o.payout };
    }
  }
}

/** Verifies a round: needs its revealed server seed (a round of the active pair cannot be checked yet). */
export function verifyRound(round: Round): Verification {
  if (!round.serverSeed) return { status: 'unrevealed' };
  if (round.status !== 'settled') return { status: 'unsupported', reason: round.status };
  const hashOk = commitment(round.serverSeed) === round.serverSeedHash.toLowerCase();
  let result: { outcome: unknown; payout: bigint };
  try {
    result = replay(round, { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce });
  } catch (error) {
    return { status: 'unsupported', reason: error instanceof Error ? error.message : String(error) };
  }
  const replayed = toWire(result.outcome);
  const mismatch = firstMismatch(round.outcome, replayed);
  return {
    status: 'checked',
    hashOk,
    outcomeOk: mismatch === null,
    payoutOk: result.payout.toString() === round.payout,
    replayed,
    mismatch,
  };
}
