import { isStudioGame, type StudioGameId } from '@croupier/contracts';
import {
  blackjack,
  dice,
  FairStream,
  GameInputError,
  mines,
  plinko,
  type Rng,
  roulette,
  type SeedTriple,
  slot,
} from '@croupier/games';
import { StudioError } from '../errors.ts';

/**
 * The studio's game adapters (docs/studio-api.md §2): request choice → engine input, engine state → the
 * stored state (hidden parts included) and the public outcome (hidden parts removed). The browser's
 * verifier replays a round with the same engines: `start` with a FairStream on (serverSeed, clientSeed,
 * nonce), then each stored action in order on the same stream.
 */
export type GameId = StudioGameId;
export const isGame = isStudioGame;

/** One player action of a multi-step round, as stored and replayed. */
export interface StoredAction {
  action: string;
  tile?: number;
}

export interface Step {
  /** Engine state to store (bigints allowed; encoded by the caller). */
  state: unknown;
  done: boolean;
  /** Total paid when done. */
  payout: bigint;
  /** Everything staked so far (bet plus doubles/splits). */
  stake: bigint;
}

export interface GameAdapter {
  /** Bets must be a multiple of this (slot: 10 lines; blackjack: 3:2 pays exactly). */
  betDivisor: bigint;
  /** Validates the request's choice; returns the stored (JSON) choice. Roulette checks bet = sum of chips. */
  parseChoice(raw: Record<string, unknown>, bet: bigint): Record<string, unknown>;
  start(bet: bigint, choice: Record<string, unknown>, rng: FairStream): Step;
  act?(state: unknown, action: StoredAction, seeds: SeedTriple): Step;
  /** Legal next actions of an open round. */
  actions(state: unknown): string[];
  /** The outcome the player may see (bigints stay bigint; the caller turns them into strings). */
  view(state: unknown, open: boolean): unknown;
}

const invalid = (field: string, message: string) => new StudioError(422, 'invalid_choice', message, field);
const MINOR = /^[1-9]\d{0,17}$/;

const slotAdapter: GameAdapter = {
  betDivisor: BigInt(slot.SLOT_DEFAULT.lines.length),
  parseChoice: () => ({ game: 'neon-fruits' }),
  start(bet, _choice, rng) {
    const o = slot.playSlot(slot.SLOT_DEFAULT, bet, rng);
    return { state: o, done: true, payout: o.payout, stake: bet };
  },
  actions: () => [],
  view: (s) => s,
};

type ChipIn = { kind?: unknown; numbers?: unknown; index?: unknown; amount?: unknown };
const rouletteAdapter: GameAdapter = {
  betDivisor: 1n,
  parseChoice(raw, bet) {
    const bets = raw.bets;
    if (!Array.isArray(bets) || bets.length === 0 || bets.length > roulette.ROULETTE_DEFAULT.maxBets) {
      throw invalid('choice.bets', `Place from 1 to ${roulette.ROULETTE_DEFAULT.maxBets} bets.`);
    }
    let sum = 0n;
    const out = bets.map((b: ChipIn, i) => {
      if (!b || typeof b !== 'object') throw invalid(`choice.bets.${i}`, 'A bet must be an object.');
      if (typeof b.amount !== 'string' || !MINOR.test(b.amount)) {
        throw new StudioError(
          422,
          'invalid_bet',
          'A chip is a positive whole number of minor units.',
          `choice.bets.${i}.amount`,
        );
      }
      sum += BigInt(b.amount);
      const chip: Record<string, unknown> = { kind: b.kind, amount: b.amount };
      if (b.numbers !== undefined) chip.numbers = b.numbers;
      if (b.index !== undefined) chip.index = b.index;
      try {
        roulette.coveredNumbers(engineChip(chip), `choice.bets.${i}`);
      } catch (e) {
        if (e instanceof GameInputError) throw invalid(e.field, e.message);
        throw e;
      }
      return chip;
    });
    if (sum !== bet) throw new StudioError(422, 'invalid_bet', 'The bet must be the sum of the chips.', 'bet');
    return { game: 'european-roulette', bets: out };
  },
  start(bet, choice, rng) {
    const o = roulette.playRoulette(
      roulette.ROULETTE_DEFAULT,
      (choice.bets as Record<string, unknown>[]).map(engineChip),
      rng,
    );
    return { state: o, done: true, payout: o.payout, stake: bet };
  },
  actions: () => [],
  view: (s) => s,
};
function engineChip(c: Record<string, unknown>): roulette.RouletteBet {
  return { ...c, amount: BigInt(c.amount as string) } as unknown as roulette.RouletteBet;
}

const diceAdapter: GameAdapter = {
  betDivisor: 1n,
  parseChoice(raw) {
    const { chanceBp, over } = raw;
    const { minChanceBp, maxChanceBp } = dice.DICE_DEFAULT;
    if (
      typeof chanceBp !== 'number' ||
      !Number.isInteger(chanceBp) ||
      chanceBp < minChanceBp ||
      chanceBp > maxChanceBp
    ) {
      throw invalid(
        'choice.chanceBp',
        `The win chance must be a whole number of basis points from ${minChanceBp} to ${maxChanceBp}.`,
      );
    }
    if (typeof over !== 'boolean') throw invalid('choice.over', 'over must be true or false.');
    return { game: 'dice', chanceBp, over };
  },
  start(bet, choice, rng) {
    const o = dice.playDice(
      dice.DICE_DEFAULT,
      bet,
      { chanceBp: choice.chanceBp as number, direction: choice.over ? 'over' : 'under' },
      rng,
    );
    return { state: o, done: true, payout: o.payout, stake: bet };
  },
  actions: () => [],
  view: (s) => s,
};

// The engine has one paytable per row count: `risk` is part of the contract (the UI offers it) and is
// recorded with the round, but every risk pays from the same table until the engine grows risk tables.
const PLINKO_RISKS = ['low', 'medium', 'high'];
const plinkoAdapter: GameAdapter = {
  betDivisor: 1n,
  parseChoice(raw) {
    if (raw.rows !== 8 && raw.rows !== 12 && raw.rows !== 16) throw invalid('choice.rows', 'Choose 8, 12 or 16 rows.');
    if (raw.risk !== undefined && !PLINKO_RISKS.includes(raw.risk as string)) {
      throw invalid('choice.risk', 'The risk must be low, medium or high.');
    }
    return { game: 'plinko', rows: raw.rows, risk: raw.risk ?? 'medium' };
  },
  start(bet, choice, rng) {
    const o = plinko.playPlinko(plinko.PLINKO_DEFAULT, bet, { rows: choice.rows as plinko.PlinkoRows }, rng);
    return { state: o, done: true, payout: o.payout, stake: bet };
  },
  actions: () => [],
  view: (s) => s,
};

/** Blackjack's stored state: the engine state plus where the round's stream stands. */
interface BjStored {
  game: blackjack.BlackjackState;
  cursor: { round: number; offset: number };
}
const BJ_ACTIONS = ['hit', 'stand', 'double', 'split'];
const bjStep = (s: blackjack.BlackjackState, rng: FairStream): Step => ({
  state: { game: s, cursor: rng.cursor() } satisfies BjStored,
  done: s.phase === 'settled',
  payout: s.payout,
  stake: s.stake,
});
const blackjackAdapter: GameAdapter = {
  betDivisor: 2n,
  parseChoice: () => ({ game: 'blackjack' }),
  start(bet, _choice, rng) {
    return bjStep(blackjack.deal(blackjack.BLACKJACK_DEFAULT, bet, rng), rng);
  },
  act(state, { action }, seeds) {
    const stored = state as BjStored;
    if (!BJ_ACTIONS.includes(action)) {
      throw new StudioError(422, 'invalid_action', 'The action must be hit, stand, double or split.', 'action');
    }
    const rng = new FairStream(seeds, stored.cursor);
    return bjStep(blackjack.act(blackjack.BLACKJACK_DEFAULT, stored.game, action as blackjack.Action, rng), rng);
  },
  actions: (state) => blackjack.legalActions((state as BjStored).game),
  view(state, open) {
    const { shoe: _shoe, ...rest } = (state as BjStored).game;
    // While the player acts the dealer's second card is the hole card: never sent.
    return open && rest.phase === 'player' ? { ...rest, dealer: rest.dealer.slice(0, 1) } : rest;
  },
};

const minesAdapter: GameAdapter = {
  betDivisor: 1n,
  parseChoice(raw) {
    const m = raw.mines;
    if (typeof m !== 'number' || !Number.isInteger(m) || m < 1 || m > mines.TILES - 1) {
      throw invalid('choice.mines', 'Choose from 1 to 24 mines.');
    }
    return { game: 'mines', mines: m };
  },
  start(bet, choice, rng) {
    const s = mines.startMines(mines.MINES_DEFAULT, bet, { mines: choice.mines as number }, rng);
    return { state: s, done: false, payout: 0n, stake: bet };
  },
  act(state, { action, tile }) {
    const s = state as mines.MinesState;
    let next: mines.MinesState;
    if (action === 'reveal') next = mines.revealTile(mines.MINES_DEFAULT, s, tile as number);
    else if (action === 'cashout') next = mines.cashOut(mines.MINES_DEFAULT, s);
    else throw new StudioError(422, 'invalid_action', 'The action must be reveal or cashout.', 'action');
    return { state: next, done: next.status !== 'playing', payout: next.payout, stake: s.bet };
  },
  actions: (state) => {
    const s = state as mines.MinesState;
    if (s.status !== 'playing') return [];
    return s.revealed.length > 0 ? ['reveal', 'cashout'] : ['reveal'];
  },
  view(state, open) {
    const s = state as mines.MinesState;
    if (!open || s.status !== 'playing') return s;
    const { minePositions: _hidden, ...rest } = s;
    return rest;
  },
};

export const adapters: Record<GameId, GameAdapter> = {
  'neon-fruits': slotAdapter,
  'european-roulette': rouletteAdapter,
  blackjack: blackjackAdapter,
  dice: diceAdapter,
  mines: minesAdapter,
  plinko: plinkoAdapter,
};

/** Engine input errors as the API's 4xx. */
export function asStudioError(e: unknown): never {
  if (e instanceof GameInputError) {
    const status = e.code === 'round_finished' ? 409 : 422;
    throw new StudioError(status, e.code, e.message, e.field);
  }
  throw e;
}

export type { Rng };

/** Stored JSON with bigints kept exact: `{ "$n": "123" }`. */
export const encode = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? { $n: String(x) } : x)));
export const decode = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v), (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).length === 1 && typeof x.$n === 'string'
      ? BigInt(x.$n)
      : x,
  );
/** For answers: bigints as strings. */
export const publicJson = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x)));
