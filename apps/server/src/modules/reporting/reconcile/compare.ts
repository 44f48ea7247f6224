import type { LedgerTotal, LedgerTotals } from '../../wallet/index.ts';
import { classify, type Effects, type FigureDelta } from '../classify.ts';

// Reconciliation's comparison (issue 28, decision 0121): the rollups' figures against the same figures recomputed
// from the ledger, by the consumer's own rules (`classify`, fed one synthetic event per group of movements), per
// figure and UTC day, currency and key. Pure: the run reads both sides, this says where they differ.
//
// What the ledger cannot tell apart is compared together. A bonus's conversion and a payout are both real money
// reaching the player in a `game.win` (or a rollback): the ledger has no entry that says "converted" (a played
// bonus's late win share stays in the real part without any leg at all). So a day's `wins` and `bonusCost` are
// compared as one sum (`daily.wins+bonusCost`), and so are the per-game real payouts and the per-player wins
// with the day's bonus cost (summed over the day's games and players; the rollups keep no conversion per game or
// player). Every other figure is compared alone, per key. New players are not compared: registrations are not
// in the ledger.

/** A rollup row of daily_figures, minor units. */
export interface FigureRow extends FigureDelta {
  day: string;
  currency: string;
  activePlayers: number;
  firstDeposits: number;
}

export interface GameRow {
  day: string;
  currency: string;
  gameId: string;
  rounds: number;
  stakes: bigint;
  payouts: bigint;
  realStakes: bigint;
  realPayouts: bigint;
}

export interface PlayerRow {
  day: string;
  currency: string;
  playerId: string;
  bets: bigint;
  wins: bigint;
  deposits: bigint;
  withdrawals: bigint;
  stakeCount: number;
}

export interface Rollups {
  figures: readonly FigureRow[];
  games: readonly GameRow[];
  players: readonly PlayerRow[];
}

/** The ledger's side: its totals and its first deposits per day and currency. */
export interface LedgerSide {
  totals: LedgerTotals;
  firstDeposits: readonly { day: string; currency: string; players: number }[];
}

/** One figure that differs. `key`: the game or the player of per-game and per-player figures. */
export interface Difference {
  figure: string;
  day: string;
  currency: string;
  key: string | null;
  rollup: bigint;
  ledger: bigint;
}

export interface Comparison {
  /** Figures compared (each figure of each day, currency and key either side has). */
  compared: number;
  differences: Difference[];
}

/** figure → value, keyed by figure, day, currency and key. */
class Figures {
  readonly values = new Map<string, { figure: string; day: string; currency: string; key: string | null; v: bigint }>();

  add(figure: string, day: string, currency: string, key: string | null, v: bigint | number): void {
    const k = `${figure}\u0000${day}\u0000${currency}\u0000${key ?? ''}`;
    const known = this.values.get(k);
    if (known) known.v += BigInt(v);
    else this.values.set(k, { figure, day, currency, key, v: BigInt(v) });
  }
}

/**
 * The consumer's effects of a group of movements, as if it were one event (`converted` unknown: 0). A game
 * movement always gets a game context (the group's game, or none named for per-day and per-player groups).
 */
function effectsOf(t: LedgerTotal, parts: { real: bigint; amount: bigint }): Effects | null {
  const movement = t.kind === 'game.bet' ? 'bet' : t.kind === 'game.win' ? 'win' : 'rollback';
  const game = {
    providerId: t.providerId ?? '',
    gameId: t.gameId ?? '',
    roundId: '',
    transactionId: '',
    movement,
    amount: String(parts.amount),
    freeSpin: false,
  } as const;
  return classify({
    kind: 'ledger.moved',
    ledgerId: '',
    type: t.kind,
    playerId: t.playerId ?? '',
    accountId: '',
    currency: t.currency,
    real: String(parts.real),
    bonus: String(t.bonus),
    locked: String(t.locked),
    converted: '0',
    at: `${t.day}T00:00:00.000Z`,
    ...(t.kind.startsWith('game.') ? { game } : {}),
  });
}

const isRollback = (t: LedgerTotal) => t.kind === 'game.rollback';

/**
 * One group's effects. A rollback is fed as its refund (the cancelled bets' real part); what it added to the real
 * part beyond that is a conversion, returned apart. Counts (one per event) are scaled by the group's movements.
 */
function groupEffects(t: LedgerTotal): { effects: Effects | null; scale: number; conversion: bigint } {
  const real = isRollback(t) ? t.refundedReal : t.real;
  const conversion = isRollback(t) ? t.real - t.refundedReal : 0n;
  return { effects: effectsOf(t, { real, amount: t.gameAmount }), scale: t.movements, conversion };
}

/** The ledger's figures, by the consumer's rules. */
function ledgerFigures(side: LedgerSide): Figures {
  const f = new Figures();
  for (const t of side.totals.days) {
    const { effects, scale, conversion } = groupEffects(t);
    const d = effects?.figures ?? {};
    const at = (figure: string, v: bigint | number | undefined) => f.add(figure, t.day, t.currency, null, v ?? 0);
    at('daily.deposits', d.deposits);
    at('daily.depositCount', (d.depositCount ?? 0) * scale);
    at('daily.withdrawals', d.withdrawals);
    at('daily.withdrawalCount', (d.withdrawalCount ?? 0) * scale);
    at('daily.bets', d.bets);
    at('daily.adjustments', d.adjustments);
    const paid = (d.wins ?? 0n) + (d.bonusCost ?? 0n) + conversion;
    for (const figure of ['daily.wins+bonusCost', 'games.realPayouts+bonusCost', 'players.wins+bonusCost']) {
      at(figure, paid);
    }
  }
  for (const t of side.totals.games) {
    // Free rounds' wins are kept out of the games (the consumer's rule); the rest of the group is fed as one.
    const { effects, scale } = groupEffects({ ...t, gameAmount: t.gameAmount - t.freeRoundAmount });
    const g = effects?.game;
    if (!g) continue;
    const at = (figure: string, v: bigint | number) => f.add(figure, t.day, t.currency, t.gameId, v);
    at('games.rounds', g.rounds * scale);
    at('games.stakes', g.stakes);
    at('games.payouts', g.payouts);
    at('games.realStakes', g.realStakes);
  }
  const stakers = new Map<string, { day: string; currency: string; stakes: number }>();
  for (const t of side.totals.players) {
    const { effects, scale } = groupEffects(t);
    const p = effects?.player;
    if (!p) continue;
    const at = (figure: string, v: bigint | number) => f.add(figure, t.day, t.currency, t.playerId, v);
    at('players.bets', p.bets);
    at('players.deposits', p.deposits);
    at('players.withdrawals', p.withdrawals);
    at('players.stakeCount', p.stakeCount * scale);
    const k = `${t.day}\u0000${t.currency}\u0000${t.playerId}`;
    const s = stakers.get(k) ?? { day: t.day, currency: t.currency, stakes: 0 };
    s.stakes += p.stakeCount * scale;
    stakers.set(k, s);
  }
  // Active players: those whose stakes of the day, less the day's rollbacks, are above zero (the consumer's rule).
  for (const s of stakers.values()) if (s.stakes > 0) f.add('daily.activePlayers', s.day, s.currency, null, 1);
  for (const r of side.firstDeposits) f.add('daily.firstDeposits', r.day, r.currency, null, r.players);
  return f;
}

function rollupFigures(rollups: Rollups): Figures {
  const f = new Figures();
  for (const r of rollups.figures) {
    const at = (figure: string, v: bigint | number) => f.add(figure, r.day, r.currency, null, v);
    at('daily.deposits', r.deposits);
    at('daily.depositCount', r.depositCount);
    at('daily.withdrawals', r.withdrawals);
    at('daily.withdrawalCount', r.withdrawalCount);
    at('daily.bets', r.bets);
    at('daily.adjustments', r.adjustments);
    at('daily.wins+bonusCost', r.wins + r.bonusCost);
    at('games.realPayouts+bonusCost', r.bonusCost);
    at('players.wins+bonusCost', r.bonusCost);
    at('daily.activePlayers', r.activePlayers);
    at('daily.firstDeposits', r.firstDeposits);
  }
  for (const r of rollups.games) {
    const at = (figure: string, v: bigint | number) => f.add(figure, r.day, r.currency, r.gameId, v);
    at('games.rounds', r.rounds);
    at('games.stakes', r.stakes);
    at('games.payouts', r.payouts);
    at('games.realStakes', r.realStakes);
    f.add('games.realPayouts+bonusCost', r.day, r.currency, null, r.realPayouts);
  }
  for (const r of rollups.players) {
    const at = (figure: string, v: bigint | number) => f.add(figure, r.day, r.currency, r.playerId, v);
    at('players.bets', r.bets);
    at('players.deposits', r.deposits);
    at('players.withdrawals', r.withdrawals);
    at('players.stakeCount', r.stakeCount);
    f.add('players.wins+bonusCost', r.day, r.currency, null, r.wins);
  }
  return f;
}

const order = (a: Difference, b: Difference) =>
  a.day.localeCompare(b.day) ||
  a.currency.localeCompare(b.currency) ||
  a.figure.localeCompare(b.figure) ||
  (a.key ?? '').localeCompare(b.key ?? '');

/** Every figure either side has, compared; a figure missing on one side is 0 there. */
export function compare(rollups: Rollups, ledger: LedgerSide): Comparison {
  const ours = rollupFigures(rollups).values;
  const theirs = ledgerFigures(ledger).values;
  const differences: Difference[] = [];
  const keys = new Set([...ours.keys(), ...theirs.keys()]);
  for (const k of keys) {
    const a = ours.get(k);
    const b = theirs.get(k);
    const rollup = a?.v ?? 0n;
    const value = b?.v ?? 0n;
    if (rollup === value) continue;
    const { figure, day, currency, key } = (a ?? b)!;
    differences.push({ figure, day, currency, key, rollup, ledger: value });
  }
  return { compared: keys.size, differences: differences.sort(order) };
}

/** A month's games figures in one currency: a `monthly_games` row, or the sum of its `daily_games` rows. */
export interface MonthGameRow {
  /** First day of the month. */
  month: string;
  currency: string;
  gameId: string;
  rounds: number;
  stakes: bigint;
  stakeSquares: bigint;
  payouts: bigint;
  realStakes: bigint;
  realPayouts: bigint;
}

const MONTH_FIGURES = ['rounds', 'stakes', 'stakeSquares', 'payouts', 'realStakes', 'realPayouts'] as const;

function monthFigures(rows: readonly MonthGameRow[]): Figures {
  const f = new Figures();
  for (const r of rows) {
    for (const figure of MONTH_FIGURES) f.add(`games-monthly.${figure}`, r.month, r.currency, r.gameId, r[figure]);
  }
  return f;
}

/**
 * `monthly_games` against the sums of its days (the games report reads whole months there and the rest from the
 * days, so the two must agree): each figure of each month, game and currency; `rollup` is the month row's value,
 * `ledger` the days' sum. The days themselves are compared with the ledger by `compare`.
 */
export function compareMonths(months: readonly MonthGameRow[], daySums: readonly MonthGameRow[]): Comparison {
  const ours = monthFigures(months).values;
  const theirs = monthFigures(daySums).values;
  const differences: Difference[] = [];
  const keys = new Set([...ours.keys(), ...theirs.keys()]);
  for (const k of keys) {
    const a = ours.get(k);
    const b = theirs.get(k);
    if ((a?.v ?? 0n) === (b?.v ?? 0n)) continue;
    const { figure, day, currency, key } = (a ?? b)!;
    differences.push({ figure, day, currency, key, rollup: a?.v ?? 0n, ledger: b?.v ?? 0n });
  }
  return { compared: keys.size, differences: differences.sort(order) };
}
