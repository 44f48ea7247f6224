import type { FlagKind } from '@croupier/contracts';
import { LimitDefinition, toMajor } from '@croupier/contracts/reference/index';
import type { RiskComplianceEvent } from '../risk/index.ts';

// The flag rules (decision 0114): each a small named function from what the consumer learnt (facts) to a
// sighting, or null. They read no table: track.ts keeps the running totals and hands them in. Most fire on a
// crossing (the moment a total passes its threshold), so a flag is written once rather than on every event.
// A new rule is a function here and its line in RULES.

/** What a rule saw: one flag per (player, kind, window); a second sighting in the window adds to its count. */
export interface Sighting {
  playerId: string;
  kind: FlagKind;
  window: string;
  detail: string;
  evidence: Record<string, unknown>;
  at: Date;
}

/** A player's play in one currency and UTC day after a page of events, with the page's share and the days before. */
export interface DayFacts {
  kind: 'day';
  playerId: string;
  currency: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  at: Date;
  staked: bigint;
  won: bigint;
  nightBets: number;
  declined: number;
  /** The same totals before this page. */
  before: { staked: bigint; won: bigint; nightBets: number; declined: number };
  /** Net loss of the day before and the one before it (null: no play). */
  yesterday: bigint | null;
  dayBefore: bigint | null;
}

/** The player's current stretch of play, after a page (`pageFirstAt`: the page's first movement). */
export interface PlayFacts {
  kind: 'play';
  playerId: string;
  startedAt: Date;
  lastAt: Date;
  pageFirstAt: Date;
}

export interface DepositFacts {
  kind: 'deposit';
  playerId: string;
  currency: string;
  invoiceId: string;
  amount: bigint;
  /** The player's deposits in this currency before this one. */
  priorCount: number;
  priorTotal: bigint;
  at: Date;
}

export interface WithdrawalFacts {
  kind: 'withdrawal';
  playerId: string;
  currency: string;
  /** Deposited since the last withdrawal request, and staked since the first of those deposits (its UTC day). */
  deposited: bigint;
  staked: bigint;
  at: Date;
}

export interface RiskFacts {
  kind: 'risk';
  event: RiskComplianceEvent;
}

/**
 * A paying instrument (a card's or bank account's fingerprint, read at a deposit) or a device (the site's
 * fingerprint, read at a successful deposit), and how many accounts used it, the player's own included.
 */
export interface SharedFacts {
  kind: 'shared';
  what: 'instrument' | 'device';
  playerId: string;
  /** The instrument's or the device's fingerprint. */
  key: string;
  players: number;
  /** The first few accounts that used it (the player's among them or not). */
  playerIds: string[];
  at: Date;
}

export type Facts = DayFacts | PlayFacts | DepositFacts | WithdrawalFacts | RiskFacts | SharedFacts;

/** The thresholds (decision 0114): constants rather than settings until an operator needs to tune them. */
export const THRESHOLDS = {
  /** Net losses rising over this many consecutive days. */
  lossChasingDays: 3,
  /** A stretch of play with no gap longer than `sessionGapMs`, lasting this long. */
  longSessionMs: 3 * 3_600_000,
  sessionGapMs: 30 * 60_000,
  /** Bets placed from 00:00 to 06:00 UTC in one night. */
  nightFromHour: 0,
  nightToHour: 6,
  nightBets: 20,
  /** Deposits declined in one UTC day. */
  depositsDeclined: 3,
  /** A deposit this many times the player's average, after at least `largeDepositHistory` deposits. */
  largeDepositMultiple: 5n,
  largeDepositHistory: 3,
  /** Deposits withdrawn with stakes under this share of them (percent). */
  cyclingPlayPercent: 25n,
  /** Accounts on one card or bank account, and on one device (the player's own included). */
  sharedInstrumentAccounts: 3,
  sharedDeviceAccounts: 3,
} as const;

export const isNight = (at: Date) =>
  at.getUTCHours() >= THRESHOLDS.nightFromHour && at.getUTCHours() < THRESHOLDS.nightToHour;

const major = (minor: bigint, currency: string) => toMajor(minor, currency);
const LIMIT_NAMES: Record<number, string> = { 1: 'bet', 2: 'loss', 3: 'deposit' };

/** Net losses rising over consecutive days: today's passes yesterday's, which passed the day before's. */
export function lossChasing(f: DayFacts): Sighting | null {
  const today = f.staked - f.won;
  const before = f.before.staked - f.before.won;
  const { yesterday, dayBefore } = f;
  if (yesterday === null || dayBefore === null || dayBefore <= 0n || yesterday <= dayBefore) return null;
  if (!(before <= yesterday && today > yesterday)) return null;
  return {
    playerId: f.playerId,
    kind: 'loss_chasing',
    window: `${f.currency}:${f.day}`,
    detail: `Net losses rising ${THRESHOLDS.lossChasingDays} days running: ${major(dayBefore, f.currency)}, ${major(yesterday, f.currency)}, ${major(today, f.currency)} ${f.currency}.`,
    evidence: {
      currency: f.currency,
      day: f.day,
      netLoss: [major(dayBefore, f.currency), major(yesterday, f.currency), major(today, f.currency)],
    },
    at: f.at,
  };
}

/** Many bets in the small hours (UTC). */
export function nightPlay(f: DayFacts): Sighting | null {
  if (!(f.before.nightBets < THRESHOLDS.nightBets && f.nightBets >= THRESHOLDS.nightBets)) return null;
  return {
    playerId: f.playerId,
    kind: 'night_play',
    window: f.day,
    detail: `${f.nightBets} bets between ${THRESHOLDS.nightFromHour}:00 and ${THRESHOLDS.nightToHour}:00 UTC on ${f.day}.`,
    evidence: { day: f.day, nightBets: f.nightBets, currency: f.currency },
    at: f.at,
  };
}

/** Deposits declined repeatedly in one day. */
export function depositsDeclined(f: DayFacts): Sighting | null {
  if (!(f.before.declined < THRESHOLDS.depositsDeclined && f.declined >= THRESHOLDS.depositsDeclined)) return null;
  return {
    playerId: f.playerId,
    kind: 'deposits_declined',
    window: f.day,
    detail: `${f.declined} deposits in ${f.currency} declined on ${f.day}.`,
    evidence: { day: f.day, declined: f.declined, currency: f.currency },
    at: f.at,
  };
}

/** A stretch of play over the set length: once per stretch, when it passes the length. */
export function longSession(f: PlayFacts): Sighting | null {
  const length = f.lastAt.getTime() - f.startedAt.getTime();
  const before = f.pageFirstAt.getTime() - f.startedAt.getTime();
  if (!(length >= THRESHOLDS.longSessionMs && before < THRESHOLDS.longSessionMs)) return null;
  const hours = Math.round((length / 3_600_000) * 10) / 10;
  return {
    playerId: f.playerId,
    kind: 'long_session',
    window: f.startedAt.toISOString(),
    detail: `Playing for ${hours} h without a break of ${THRESHOLDS.sessionGapMs / 60_000} minutes.`,
    evidence: { startedAt: f.startedAt.toISOString(), lastAt: f.lastAt.toISOString(), hours },
    at: f.lastAt,
  };
}

/** A deposit far above the player's usual. */
export function largeDeposit(f: DepositFacts): Sighting | null {
  if (f.priorCount < THRESHOLDS.largeDepositHistory) return null;
  // amount ≥ multiple × (priorTotal / priorCount), in integers.
  if (f.amount * BigInt(f.priorCount) < THRESHOLDS.largeDepositMultiple * f.priorTotal) return null;
  const average = f.priorTotal / BigInt(f.priorCount);
  return {
    playerId: f.playerId,
    kind: 'large_deposit',
    window: f.invoiceId,
    detail: `A deposit of ${major(f.amount, f.currency)} ${f.currency}, against an average of ${major(average, f.currency)} over ${f.priorCount}.`,
    evidence: {
      currency: f.currency,
      invoiceId: f.invoiceId,
      amount: major(f.amount, f.currency),
      average: major(average, f.currency),
      deposits: f.priorCount,
    },
    at: f.at,
  };
}

/** Deposits taken out again with little play: the stakes since them are under a share of them. */
export function cycling(f: WithdrawalFacts): Sighting | null {
  if (f.deposited <= 0n || f.staked * 100n >= f.deposited * THRESHOLDS.cyclingPlayPercent) return null;
  const day = f.at.toISOString().slice(0, 10);
  return {
    playerId: f.playerId,
    kind: 'cycling',
    window: `${f.currency}:${day}`,
    detail: `A withdrawal asked after depositing ${major(f.deposited, f.currency)} ${f.currency} and staking ${major(f.staked, f.currency)}.`,
    evidence: {
      currency: f.currency,
      deposited: major(f.deposited, f.currency),
      staked: major(f.staked, f.currency),
    },
    at: f.at,
  };
}

/** 80 % of a bet, loss or deposit limit used (the risk module sends it once, on the crossing). */
export function limitNear(f: RiskFacts): Sighting | null {
  const e = f.event;
  if (e.kind !== 'limit.near') return null;
  const name = LIMIT_NAMES[e.definition] ?? 'cash';
  const at = new Date(e.at);
  return {
    playerId: e.playerId,
    kind: 'limit_near',
    window: `${e.definition}:${e.period}:${e.currency}:${e.at.slice(0, 10)}`,
    detail: `80 % of the ${e.period} ${name} limit used: ${major(BigInt(e.used), e.currency)} of ${major(BigInt(e.amount), e.currency)} ${e.currency}.`,
    evidence: {
      limit: name,
      period: e.period,
      currency: e.currency,
      amount: major(BigInt(e.amount), e.currency),
      used: major(BigInt(e.used), e.currency),
    },
    at,
  };
}

/** A limit raised or removed, or a request to (a loosening asks 24 hours, decision 0038). */
export function limitRaised(f: RiskFacts): Sighting | null {
  const e = f.event;
  if (e.kind !== 'limit.raise') return null;
  const name = LIMIT_NAMES[e.definition] ?? 'cash';
  const amount = (v: string | null) => (v === null || !e.currency ? null : major(BigInt(v), e.currency));
  const what = e.action.startsWith('removal') ? 'removal' : 'raise';
  const asked = e.action.endsWith('_requested');
  return {
    playerId: e.playerId,
    kind: 'limit_raised',
    window: `${e.limitId}:${e.at.slice(0, 10)}`,
    detail: `${asked ? 'Asked for the' : 'Applied the'} ${what} of the ${e.period} ${name} limit${
      what === 'raise' ? ` from ${amount(e.from)} to ${amount(e.to)} ${e.currency}` : ''
    }.`,
    evidence: {
      limit: name,
      period: e.period,
      currency: e.currency,
      action: e.action,
      from: amount(e.from),
      to: amount(e.to),
    },
    at: new Date(e.at),
  };
}

/** A cooling-off or self-exclusion ended: the player may play again. */
export function exclusionEnded(f: RiskFacts): Sighting | null {
  const e = f.event;
  if (e.kind !== 'exclusion.ended') return null;
  const what = e.definition === LimitDefinition.selfExclusion ? 'self-exclusion' : 'cooling-off';
  return {
    playerId: e.playerId,
    kind: 'exclusion_ended',
    window: e.limitId,
    detail: `The ${e.period} ${what} ended.`,
    evidence: { exclusion: what, period: e.period, endedAt: e.at },
    at: new Date(e.at),
  };
}

const others = (f: SharedFacts) => f.playerIds.filter((id) => id !== f.playerId);

/** Many accounts paying with one card or bank account: the player is flagged at each deposit with it. */
export function sharedInstrument(f: SharedFacts): Sighting | null {
  if (f.what !== 'instrument' || f.players < THRESHOLDS.sharedInstrumentAccounts) return null;
  const what = f.key.startsWith('iban:') ? 'bank account' : 'card';
  return {
    playerId: f.playerId,
    kind: 'shared_instrument',
    window: f.key,
    detail: `A ${what} used by ${f.players} accounts.`,
    evidence: { instrument: f.key, accounts: f.players, others: others(f) },
    at: f.at,
  };
}

/** Many accounts on one device (its sign-up or sign-ins): the player is flagged at each deposit from it. */
export function sharedDevice(f: SharedFacts): Sighting | null {
  if (f.what !== 'device' || f.players < THRESHOLDS.sharedDeviceAccounts) return null;
  return {
    playerId: f.playerId,
    kind: 'shared_device',
    window: `device:${f.key}`,
    detail: `A device used by ${f.players} accounts.`,
    evidence: { device: f.key, accounts: f.players, others: others(f) },
    at: f.at,
  };
}

type RuleOf<K extends Facts['kind']> = (f: Extract<Facts, { kind: K }>) => Sighting | null;

/** Every rule, by the facts it reads. */
export const RULES: { [K in Facts['kind']]: readonly RuleOf<K>[] } = {
  day: [lossChasing, nightPlay, depositsDeclined],
  play: [longSession],
  deposit: [largeDeposit],
  withdrawal: [cycling],
  risk: [limitNear, limitRaised, exclusionEnded],
  shared: [sharedInstrument, sharedDevice],
};

/** The sightings of one fact. */
export function sightingsOf(f: Facts): Sighting[] {
  const rules = RULES[f.kind] as readonly ((f: Facts) => Sighting | null)[];
  return rules.map((rule) => rule(f)).filter((s): s is Sighting => s !== null);
}
