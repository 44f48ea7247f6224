// The oracle's player bonuses, written from decision 0090's tables alone (the state machine of a player
// bonus against every money event). Amounts are minor units; a win's bonus share rounds up, wagering down.

export const Status = { issued: 1, active: 2, finished: 3 } as const;
export const Result = { none: 1, played: 2, cancelled: 3, expired: 4, lost: 5 } as const;

export interface Parts {
  real: bigint;
  bonus: bigint;
  locked: bigint;
}

export interface BonusModel {
  /** Order of issue in the sequence (the oracle's own id). */
  n: number;
  player: number;
  currency: string;
  kind: 'cash' | 'deposit';
  /** `code:{codeId}` or `invoice:{invoiceId}`, as the product keys the issue; filled in by the driver. */
  issueKey: string;
  status: number;
  result: number;
  amount: bigint;
  /** W and Q. */
  wager: bigint;
  required: bigint;
  maxBet: bigint | null;
  maxWin: bigint | null;
  cancelLock: boolean;
  /** C: the real money this bonus has become. */
  converted: bigint;
}

/** S(r): a round's stake under a bonus. */
export interface Stake {
  bonus: number;
  real: bigint;
  bonusPart: bigint;
  settled: boolean;
}

/** What the money of one currency's house sees of a bonus event: the oracle only keeps the player's parts. */
export interface BonusWorld {
  bonuses: BonusModel[];
  stakes: Map<string, Stake>;
  parts(player: number, currency: string): Parts;
  /** Counts what a run exercised (reported with MONEY_MODEL_VERBOSE). */
  saw(event: string): void;
}

export const activeBonus = (w: BonusWorld, player: number, currency: string) =>
  w.bonuses.find((b) => b.player === player && b.currency === currency && b.status === Status.active);

export const bonusOf = (w: BonusWorld, n: number) => w.bonuses.find((b) => b.n === n)!;

const locked = (b: BonusModel) => b.cancelLock && b.wager > 0n;

/** Issue: activates at once when no bonus of the currency is active. */
export function issue(w: BonusWorld, b: Omit<BonusModel, 'status' | 'result' | 'wager' | 'converted'>): BonusModel {
  const row: BonusModel = { ...b, status: Status.issued, result: Result.none, wager: 0n, converted: 0n };
  w.bonuses.push(row);
  if (!activeBonus(w, b.player, b.currency)) start(w, row);
  return row;
}

function start(w: BonusWorld, b: BonusModel) {
  w.parts(b.player, b.currency).bonus += b.amount;
  b.status = Status.active;
  b.wager = 0n;
}

function finish(w: BonusWorld, b: BonusModel, result: number) {
  // B → H: all of B (the account's bonus part is exactly the active bonus's money).
  if (b.status === Status.active) w.parts(b.player, b.currency).bonus = 0n;
  b.status = Status.finished;
  b.result = result;
}

/** PUT activate of an issued bonus: the active one is cancelled first, unless cancel-locked with wagering. */
export function activate(w: BonusWorld, b: BonusModel): 'ok' | 'refused' {
  if (b.status !== Status.issued) return 'refused';
  const current = activeBonus(w, b.player, b.currency);
  if (current && locked(current)) return 'refused';
  if (current) finish(w, current, Result.cancelled);
  start(w, b);
  return 'ok';
}

/** PUT cancel: an issued one is dropped, an active one forfeits B; refused when finished or locked. */
export function cancel(w: BonusWorld, b: BonusModel): 'ok' | 'refused' {
  if (b.status === Status.finished || locked(b)) return 'refused';
  finish(w, b, Result.cancelled);
  return 'ok';
}

const openStakesOf = (w: BonusWorld, n: number) => [...w.stakes.values()].some((s) => s.bonus === n && !s.settled);

/** Conversion: B → R: min(B, maxWin − C), the rest to H; played, C += what became real. */
function convert(w: BonusWorld, b: BonusModel) {
  const parts = w.parts(b.player, b.currency);
  const room = b.maxWin === null ? parts.bonus : b.maxWin - b.converted;
  const x = parts.bonus < room ? parts.bonus : room > 0n ? room : 0n;
  w.saw(x < parts.bonus ? 'conversion capped' : 'conversion');
  parts.real += x;
  parts.bonus = 0n;
  b.status = Status.finished;
  b.result = Result.played;
  b.converted += x;
}

/**
 * The bonus rule of a bet of `amount` split `real`/`bonusPart` (already taken from the parts) in `round`.
 * Null when accepted; the refusal's reason otherwise (the caller drops the whole movement).
 */
export function onBet(
  w: BonusWorld,
  player: number,
  currency: string,
  round: string,
  amount: bigint,
  real: bigint,
  bonusPart: bigint,
): string | null {
  const b = activeBonus(w, player, currency);
  if (!b) return null;
  const s = w.stakes.get(round);
  if (s && s.bonus !== b.n) return 'round staked under another bonus';
  const before = s ? s.real + s.bonusPart : 0n;
  if (b.maxBet !== null && before + amount > b.maxBet) return 'max bet per round';
  w.saw(bonusPart > 0n ? 'bet of bonus money' : 'bet under a bonus');
  w.stakes.set(round, {
    bonus: b.n,
    real: (s?.real ?? 0n) + real,
    bonusPart: (s?.bonusPart ?? 0n) + bonusPart,
    settled: false,
  });
  b.wager += amount; // contribution 100 %
  return null;
}

/** The bonus rule of a win of `amount` in `round` (the payout is already in R); `betTotal` is the round's T. */
export function onWin(
  w: BonusWorld,
  player: number,
  currency: string,
  round: string,
  amount: bigint,
  betTotal: bigint,
  roundSettledOrPaid: boolean,
) {
  const s = w.stakes.get(round);
  if (!s) return;
  if (roundSettledOrPaid) s.settled = true;
  const stakeTotal = s.real + s.bonusPart;
  const divisor = betTotal > stakeTotal ? betTotal : stakeTotal;
  // Rounded up: rounding never favours real money.
  const share = divisor > 0n ? (amount * s.bonusPart + divisor - 1n) / divisor : 0n;
  const b = bonusOf(w, s.bonus);
  const parts = w.parts(player, currency);
  if (b.status === Status.active) {
    if (share > 0n) w.saw('win share to the bonus part');
    parts.real -= share;
    parts.bonus += share;
    if (openStakesOf(w, b.n)) return;
    if (b.wager >= b.required) convert(w, b);
    else if (parts.bonus === 0n) {
      w.saw('bonus lost');
      b.status = Status.finished;
      b.result = Result.lost;
    }
    return;
  }
  if (b.status === Status.finished && b.result === Result.played) {
    if (share > 0n) w.saw('win share after conversion');
    const room = b.maxWin === null ? share : b.maxWin - b.converted;
    const keep = share < room ? share : room > 0n ? room : 0n;
    b.converted += keep;
    parts.real -= share - keep;
    return;
  }
  // Cancelled, expired or lost: the share goes to the house.
  if (share > 0n) w.saw('win share forfeited (bonus ended)');
  parts.real -= share;
}

/** The bonus rule of a rollback refunding `real`/`bonusPart` (already back in the parts) of a bet of `amount`. */
export function onRollback(
  w: BonusWorld,
  player: number,
  currency: string,
  round: string,
  amount: bigint,
  real: bigint,
  bonusPart: bigint,
) {
  const s = w.stakes.get(round);
  if (!s) return;
  s.real = s.real > real ? s.real - real : 0n;
  s.bonusPart = s.bonusPart > bonusPart ? s.bonusPart - bonusPart : 0n;
  if (s.real === 0n && s.bonusPart === 0n) s.settled = true;
  const b = bonusOf(w, s.bonus);
  const parts = w.parts(player, currency);
  w.saw(b.status === Status.active ? 'rollback under an active bonus' : 'rollback after the bonus ended');
  if (b.status === Status.active) {
    b.wager = b.wager > amount ? b.wager - amount : 0n;
    if (!openStakesOf(w, b.n) && b.wager >= b.required) convert(w, b);
    return;
  }
  if (b.status === Status.finished && b.result === Result.played) {
    const room = b.maxWin === null ? bonusPart : b.maxWin - b.converted;
    const keep = bonusPart < room ? bonusPart : room > 0n ? room : 0n;
    b.converted += keep;
    parts.bonus -= bonusPart;
    parts.real += keep;
    return;
  }
  parts.bonus -= bonusPart;
}

export function cloneBonuses(w: BonusWorld): Pick<BonusWorld, 'bonuses' | 'stakes'> {
  return {
    bonuses: w.bonuses.map((b) => ({ ...b })),
    stakes: new Map([...w.stakes].map(([k, v]) => [k, { ...v }])),
  };
}
