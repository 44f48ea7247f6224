import type {
  BetTaskConditions,
  DepositTaskConditions,
  ProfileTaskConditions,
  WinTaskConditions,
} from '@croupier/contracts';
import { QuestTaskType } from '@croupier/contracts';
import { toMinor } from '@croupier/contracts/reference/index';

// Which events a task counts (api-contract §11.2, decision 0061). A per-currency entry overrides the generic
// amount; a generic amount applies as-is in the event's own currency. Absent bounds do not limit.

type Bound = number | undefined;

/** The bounds that apply in `currency`: the currency's own entry first, then the generic ones. */
function bounds<K extends string>(
  generic: Partial<Record<K, Bound>>,
  entries: ({ isoCode: string } & Partial<Record<K, Bound>>)[] | undefined,
  currency: string,
  keys: readonly K[],
): Record<K, bigint | null> {
  const own = entries?.find((c) => c.isoCode === currency);
  const out = {} as Record<K, bigint | null>;
  for (const key of keys) {
    const bound = own?.[key] ?? generic[key];
    out[key] = bound === undefined ? null : toMinor(bound, currency, { round: true });
  }
  return out;
}

const within = (amount: bigint, min: bigint | null, max: bigint | null) =>
  (min === null || amount >= min) && (max === null || amount <= max);

const gameCounts = (games: string[] | undefined, gameId: string) => !games?.length || games.includes(gameId);

export interface Play {
  gameId: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
}

export function betCounts(c: BetTaskConditions, bet: Play): boolean {
  if (!gameCounts(c.games, bet.gameId) || bet.amount <= 0n) return false;
  const b = bounds(c, c.currencies, bet.currency, ['spinAmount', 'maxSpinAmount'] as const);
  return within(bet.amount, b.spinAmount, b.maxSpinAmount);
}

/** A win with payout > 0; `stake` (minor units) is needed only by the multiplier bounds. */
export function winCounts(c: WinTaskConditions, win: Play, stake: bigint | null): boolean {
  if (!gameCounts(c.games, win.gameId) || win.amount <= 0n) return false;
  const b = bounds(c, c.currencies, win.currency, ['minPayout', 'maxPayout'] as const);
  if (!within(win.amount, b.minPayout, b.maxPayout)) return false;
  if (c.multiplier === undefined && c.maxMultiplier === undefined) return true;
  if (stake === null || stake <= 0n) return false;
  const multiplier = Number(win.amount) / Number(stake);
  return (
    (c.multiplier === undefined || multiplier >= c.multiplier) &&
    (c.maxMultiplier === undefined || multiplier <= c.maxMultiplier)
  );
}

export function depositCounts(c: DepositTaskConditions, deposit: { currency: string; amount: bigint }): boolean {
  const b = bounds(c, c.currencies, deposit.currency, ['minAmount', 'maxAmount'] as const);
  return deposit.amount > 0n && within(deposit.amount, b.minAmount, b.maxAmount);
}

/** A profile task's progress: how many of its fields hold a value. */
export function profileProgress(c: ProfileTaskConditions, filled: Set<string>): number {
  return c.fields.filter((f) => filled.has(f)).length;
}

/** Whether a win task needs each round's stake (multiplier bounds). */
export const needsStake = (type: number, conditions: Record<string, unknown>) =>
  type === QuestTaskType.win && (conditions.multiplier !== undefined || conditions.maxMultiplier !== undefined);
