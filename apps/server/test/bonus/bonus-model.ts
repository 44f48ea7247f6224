// A plain model of one player's account parts and bonuses under decision 0090 (the player bonus state
// machine), for the state-machine and wagering tests: every rule here is a line of that decision's tables, so
// the tests check the money path against the written rule, not against itself. Minor units; one currency;
// contributions are 100 %.

export interface ModelBonus {
  /** 1 issued, 2 active, 3 finished. */
  status: number;
  /** 1 none, 2 played, 3 cancelled, 4 expired, 5 lost. */
  result: number;
  wager: bigint;
  required: bigint;
  maxBet: bigint | null;
  maxWin: bigint | null;
  converted: bigint;
  amount: bigint;
}

interface Bet {
  tx: string;
  amount: bigint;
  real: bigint;
  bonus: bigint;
  live: boolean;
}

interface Stake {
  /** Index of the bonus the round belongs to. */
  bonus: number;
  real: bigint;
  bonusPart: bigint;
  settled: boolean;
}

interface Round {
  status: 'open' | 'settled' | 'rolled_back';
  betTotal: bigint;
  winTotal: bigint;
  bets: Bet[];
  stake?: Stake;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max = (a: bigint, b: bigint) => (a > b ? a : b);

export class BonusModel {
  /** The house bonus account's change since the model started. */
  house = 0n;
  readonly bonuses: ModelBonus[] = [];
  private readonly rounds = new Map<string, Round>();

  constructor(
    public real: bigint,
    public bonus = 0n,
  ) {}

  /** A bonus issued; it activates at once when none is active (its money from the house). */
  issue(b: Omit<ModelBonus, 'status' | 'result' | 'wager' | 'converted'>): number {
    this.bonuses.push({ ...b, status: 1, result: 1, wager: 0n, converted: 0n });
    const index = this.bonuses.length - 1;
    if (this.active() === undefined) this.start(index);
    return index;
  }

  active(): number | undefined {
    const i = this.bonuses.findIndex((b) => b.status === 2);
    return i < 0 ? undefined : i;
  }

  /** Activate an issued bonus: the active one is cancelled first. */
  activate(index: number) {
    const current = this.active();
    if (current !== undefined) this.end(current, 3);
    this.start(index);
  }

  private start(index: number) {
    const b = this.bonuses[index]!;
    b.status = 2;
    this.house -= b.amount;
    this.bonus += b.amount;
  }

  /** Cancel (3) or expire (4): an active bonus's money returns to the house. */
  end(index: number, result: 3 | 4) {
    const b = this.bonuses[index]!;
    if (b.status === 2) {
      this.house += this.bonus;
      this.bonus = 0n;
    }
    b.status = 3;
    b.result = result;
  }

  /** A bet: false when refused (nothing moves). */
  bet(roundId: string, tx: string, amount: bigint): boolean {
    const round = this.rounds.get(roundId);
    if (round?.status === 'settled') return false;
    if (this.real + this.bonus < amount) return false;
    const p = this.active();
    if (p !== undefined) {
      const stake = round?.stake;
      if (stake && stake.bonus !== p) return false;
      const b = this.bonuses[p]!;
      const staked = stake ? stake.real + stake.bonusPart : 0n;
      if (b.maxBet !== null && staked + amount > b.maxBet) return false;
    }
    const real = min(this.real, amount);
    const bonus = amount - real;
    this.real -= real;
    this.bonus -= bonus;
    const r: Round = round ?? { status: 'open', betTotal: 0n, winTotal: 0n, bets: [] };
    this.rounds.set(roundId, r);
    r.status = 'open';
    r.betTotal += amount;
    r.bets.push({ tx, amount, real, bonus, live: true });
    if (p !== undefined) {
      r.stake ??= { bonus: p, real: 0n, bonusPart: 0n, settled: false };
      r.stake.real += real;
      r.stake.bonusPart += bonus;
      r.stake.settled = false;
      this.bonuses[p]!.wager += amount;
    }
    return true;
  }

  /** A win (closing its round unless `close` is false): false when refused. */
  win(roundId: string, amount: bigint, close = true): boolean {
    const round = this.rounds.get(roundId);
    if (round?.status !== 'open') return false;
    this.real += amount;
    round.winTotal += amount;
    if (close) round.status = 'settled';
    const stake = round.stake;
    if (!stake) return true;
    // Its bets can no longer be rolled back once the round closed or paid.
    if (close || round.winTotal > 0n) stake.settled = true;
    const staked = stake.real + stake.bonusPart;
    const total = max(round.betTotal, staked);
    const share = total > 0n ? (amount * stake.bonusPart + total - 1n) / total : 0n; // rounded up
    const b = this.bonuses[stake.bonus]!;
    if (b.status === 2) {
      this.real -= share;
      this.bonus += share;
      if (stake.settled && this.settledAll(stake.bonus)) {
        if (b.wager >= b.required) this.convert(stake.bonus);
        else if (this.bonus === 0n) Object.assign(b, { status: 3, result: 5 });
      }
    } else this.afterEnd(b, share, 'real');
    return true;
  }

  /** A rollback of `tx` in its round: refunds while the round is open and has paid nothing. */
  rollback(roundId: string, tx: string) {
    const round = this.rounds.get(roundId);
    const bet = round?.bets.find((b) => b.tx === tx);
    if (!round) {
      // The rollback came first: the round is taken as a cancelled one; nothing moves.
      this.rounds.set(roundId, { status: 'rolled_back', betTotal: 0n, winTotal: 0n, bets: [] });
      return;
    }
    if (!bet?.live || round.status !== 'open' || round.winTotal > 0n) return;
    bet.live = false;
    this.real += bet.real;
    this.bonus += bet.bonus;
    round.betTotal -= bet.amount;
    if (!round.bets.some((b) => b.live)) round.status = 'rolled_back';
    const stake = round.stake;
    if (!stake) return;
    stake.real = max(stake.real - bet.real, 0n);
    stake.bonusPart = max(stake.bonusPart - bet.bonus, 0n);
    if (stake.real + stake.bonusPart === 0n) stake.settled = true;
    const b = this.bonuses[stake.bonus]!;
    if (b.status === 2) {
      b.wager = max(b.wager - bet.amount, 0n);
      if (this.settledAll(stake.bonus) && b.wager >= b.required) this.convert(stake.bonus);
    } else this.afterEnd(b, bet.bonus, 'bonus');
  }

  private settledAll(index: number) {
    return [...this.rounds.values()].every((r) => r.stake?.bonus !== index || r.stake.settled);
  }

  private convert(index: number) {
    const b = this.bonuses[index]!;
    const left = this.bonus;
    const cap = b.maxWin === null ? left : max(b.maxWin - b.converted, 0n);
    const kept = min(left, cap);
    this.bonus = 0n;
    this.real += kept;
    this.house += left - kept;
    b.converted += kept;
    b.status = 3;
    b.result = 2;
  }

  /** Bonus money of an ended bonus's round: played keeps it real up to the max win; any other end forfeits it. */
  private afterEnd(b: ModelBonus, amount: bigint, from: 'real' | 'bonus') {
    if (amount <= 0n) return;
    const cap = b.result !== 2 ? 0n : b.maxWin === null ? amount : max(b.maxWin - b.converted, 0n);
    const kept = min(amount, cap);
    b.converted += kept;
    if (from === 'bonus') {
      this.bonus -= amount;
      this.real += kept;
    } else this.real -= amount - kept;
    this.house += amount - kept;
  }
}
