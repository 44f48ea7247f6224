// The oracle's responsible-gaming limits (decisions 0038, 0040, 0078, 0091), in the test's own terms.
//
// Time is the risk clock in hours since the sequence began. The clock starts on a Monday at 12:00 UTC and
// moves only in 48-hour steps, at most twice (test/money-rules/README.md): every step starts a new day in
// every offered zone, and the week never changes, so a window is named by its zone and, for a day, by the
// number of steps taken. Nothing here reads the product's window code.

export type Period = 'daily' | 'weekly';
export const DELAY_HOURS = 24;

export interface LimitModel {
  definition: 1 | 2;
  currency: string;
  period: Period;
  /** The profile's zone when the limit was set: its windows stay in it (0091). */
  zone: string;
  /** Minor units. */
  amount: bigint;
  /** A raise waiting out its 24 hours. */
  pending: { amount: bigint; at: number } | null;
  /** A removal waiting out its 24 hours. */
  removalAt: number | null;
}

export interface Counter {
  staked: bigint;
  netLoss: bigint;
}

export class LimitsModel {
  limits: LimitModel[] = [];
  /** Per window: `${currency}|${period}|${zone}|${window}`. */
  counters = new Map<string, Counter>();
  coolOffUntil: number | null = null;

  /** The limits not ended at `now` (a due removal ends one, a due raise applies). */
  live(now: number): LimitModel[] {
    this.limits = this.limits.filter((l) => l.removalAt === null || l.removalAt > now);
    for (const l of this.limits) {
      if (l.pending && l.pending.at <= now) {
        l.amount = l.pending.amount;
        l.pending = null;
      }
    }
    return this.limits;
  }

  coolingOff(now: number): boolean {
    return this.coolOffUntil !== null && now < this.coolOffUntil;
  }

  /** POST: the live limit of the same kind changes (lower at once, higher after 24 h), else a new one. */
  set(now: number, zone: string, l: Pick<LimitModel, 'definition' | 'currency' | 'period' | 'amount'>): void {
    const same = this.live(now).find(
      (x) => x.definition === l.definition && x.currency === l.currency && x.period === l.period,
    );
    if (!same) {
      this.limits.push({ ...l, zone, pending: null, removalAt: null });
      return;
    }
    same.removalAt = null;
    if (l.amount <= same.amount) {
      same.amount = l.amount;
      same.pending = null;
    } else {
      same.pending = { amount: l.amount, at: now + DELAY_HOURS };
    }
  }

  /** DELETE: ends after 24 h (asking again changes nothing). False when there is no such live limit. */
  remove(now: number, l: Pick<LimitModel, 'definition' | 'currency' | 'period'>): boolean {
    const same = this.live(now).find(
      (x) => x.definition === l.definition && x.currency === l.currency && x.period === l.period,
    );
    if (!same) return false;
    if (same.removalAt === null) same.removalAt = now + DELAY_HOURS;
    return true;
  }

  /** A 24-hour cooling-off; asking again while one runs keeps it as it is. */
  coolOff(now: number): void {
    if (!this.coolingOff(now)) this.coolOffUntil = now + 24;
  }

  private key(l: LimitModel, steps: number) {
    return `${l.currency}|${l.period}|${l.zone}|${l.period === 'daily' ? steps : 0}`;
  }

  /** The counter a limit reads now. */
  counterOf(l: LimitModel, steps: number): Counter {
    return this.counters.get(this.key(l, steps)) ?? { staked: 0n, netLoss: 0n };
  }

  /**
   * Counts a movement in every window a live bet or loss limit of the currency is in (one counter per
   * distinct window): `stake` (a refund is negative) and `payout`. Answers whether a bet passes the limits
   * after it; the caller keeps the counts only if the whole movement is accepted.
   */
  count(now: number, steps: number, currency: string, stake: bigint, payout: bigint): boolean {
    const limits = this.live(now).filter((l) => l.currency === currency);
    const keys = new Set(limits.map((l) => this.key(l, steps)));
    for (const key of keys) {
      const c = this.counters.get(key) ?? { staked: 0n, netLoss: 0n };
      const staked = c.staked + stake;
      this.counters.set(key, { staked: staked > 0n ? staked : 0n, netLoss: c.netLoss + stake - payout });
    }
    return limits.every((l) => {
      const c = this.counterOf(l, steps);
      return (l.definition === 1 ? c.staked : c.netLoss) <= l.amount;
    });
  }

  /** What the list shows for a limit: the amount in force and its usage in its current window. */
  usage(l: LimitModel, steps: number): bigint {
    const c = this.counterOf(l, steps);
    const used = l.definition === 1 ? c.staked : c.netLoss;
    return used > 0n ? used : 0n;
  }

  clone(): LimitsModel {
    const copy = new LimitsModel();
    copy.limits = this.limits.map((l) => ({ ...l, pending: l.pending ? { ...l.pending } : null }));
    copy.counters = new Map([...this.counters].map(([k, v]) => [k, { ...v }]));
    copy.coolOffUntil = this.coolOffUntil;
    return copy;
  }
}
