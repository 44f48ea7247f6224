import { type Action, CURRENCIES, type Referral, ZONES } from './actions.ts';
import {
  type BonusTerms,
  CASH_BONUS,
  DEPOSIT_BONUS,
  depositMatch,
  MAX_STEPS,
  QUEST,
  REFERRAL,
  START_FUNDS,
  STEP_HOURS,
  WHEEL,
} from './definitions.ts';
import {
  activate,
  type BonusModel,
  type BonusWorld,
  cancel,
  cloneBonuses,
  issue,
  type Parts,
  type Stake,
  Status,
} from './oracle-bonus.ts';
import { LimitsModel } from './oracle-limits.ts';
import * as seamless from './oracle-seamless.ts';

// The oracle (issue 23): a plain in-memory model of two players' money and of the rules that move it. It
// predicts each action's answer (accepted or refused) and its effect, from the decisions alone: the bonus
// state machine (0090), limit windows (0091), one exclusion check (0092), rollbacks undoing what bets derived
// (0093), referral signals (0094). The test compares it with the database after every action.

export type Claimed =
  | {
      kind: 'bet';
      player: number;
      currency: string;
      round: string;
      amount: bigint;
      real: bigint;
      bonus: bigint;
      rolledBack: boolean;
      /** It moved the quest's progress. */
      quest: boolean;
    }
  | { kind: 'win' | 'rollback'; player: number; currency: string }
  | { kind: 'tombstone' | 'buried'; player: number; currency: string; round: string };

export interface RoundModel {
  player: number;
  currency: string;
  status: 'open' | 'settled' | 'rolled_back';
  betTotal: bigint;
  winTotal: bigint;
}

export interface QuestModel {
  /** 2 active, 3 completed, 4 claimed. */
  state: 2 | 3 | 4;
  currency: string;
  progress: number;
}

export interface PlayerModel {
  accounts: Record<string, Parts>;
  /** The active account's currency. */
  active: string;
  zone: string;
  limits: LimitsModel;
  /** A deposit code waits for the next deposit. */
  attached: boolean;
  quest: QuestModel | null;
  /**
   * The real UTC day of the last spin: the wheel's daily spin follows the real clock, not the test's risk
   * clock, so a sequence that runs across midnight gets a new spin (only a spin sent in the very millisecond
   * of midnight can still disagree).
   */
  wheelSpunOn: string | null;
}

export interface ReferralModel {
  mode: Referral;
  /** Decided once, when the referee qualifies (0094): null while in progress. */
  reward: 'paid' | 'held' | 'refused' | null;
  depositCurrency: string | null;
  /** Players who paid by card (the sandbox has one success card: a shared payment instrument). */
  card: [boolean, boolean];
}

/** What the driver learned from the product that the oracle cannot know (ids it generated). */
export interface Facts {
  /** The issue key of a bonus this action issued (`code:…`, `invoice:…`). */
  issueKey?: string;
}

export type Prediction = { outcome: 'ok' | 'refused' | 'skip'; why?: string };

const freshPlayer = (): PlayerModel => ({
  accounts: Object.fromEntries(CURRENCIES.map((c) => [c, { real: START_FUNDS, bonus: 0n, locked: 0n }])),
  active: 'EUR',
  zone: 'UTC',
  limits: new LimitsModel(),
  attached: false,
  quest: null,
  wheelSpunOn: null,
});

export class World implements BonusWorld {
  players: PlayerModel[] = [freshPlayer(), freshPlayer()];
  bonuses: BonusModel[] = [];
  stakes = new Map<string, Stake>();
  rounds = new Map<string, RoundModel>();
  claimed = new Map<string, Claimed>();
  /** Risk clock, hours since the start; `steps` of 48 h taken. */
  now = 0;
  steps = 0;
  referral: ReferralModel;
  /** Bonuses issued so far (the oracle's ids). */
  issued = 0;
  /** What the sequence exercised, by name (shared by every copy). */
  seen = new Map<string, number>();

  constructor(mode: Referral) {
    this.referral = { mode, reward: null, depositCurrency: null, card: [false, false] };
  }

  saw(event: string): void {
    this.seen.set(event, (this.seen.get(event) ?? 0) + 1);
  }

  parts(player: number, currency: string): Parts {
    return this.players[player]!.accounts[currency]!;
  }

  excluded(player: number): boolean {
    return this.players[player]!.limits.coolingOff(this.now);
  }

  /** A bet of `amount` moves an active quest run (0061: three bets of at least 1.00). */
  questCounts(player: number, amount: bigint): boolean {
    const q = this.players[player]!.quest;
    if (q?.state !== 2 || amount < QUEST.minStake) return false;
    q.progress += 1;
    if (q.progress >= QUEST.bets) q.state = 3;
    return true;
  }

  /** A bet the quest counted can still be rolled back: its round is open and has paid nothing. */
  questRestsOnOpenBets(player: number): boolean {
    for (const t of this.claimed.values()) {
      if (t.kind !== 'bet' || !t.quest || t.rolledBack || t.player !== player) continue;
      const round = this.rounds.get(t.round)!;
      if (round.status === 'open' && round.winTotal === 0n) return true;
    }
    return false;
  }

  /** A rolled-back bet that counted takes its step back (0093), unless the reward was claimed already. */
  questUncounts(player: number): void {
    const q = this.players[player]!.quest;
    if (!q || q.state === 4) return;
    this.saw('quest step taken back');
    q.progress -= 1;
    q.state = 2;
  }

  /**
   * The referee's net real stakes in `currency` (0093): the real part of its bets that were not rolled back,
   * in rounds the provider can no longer roll back (settled, or paid a win).
   */
  refereeStakes(currency: string): bigint {
    let total = 0n;
    for (const t of this.claimed.values()) {
      if (t.kind !== 'bet' || t.player !== 1 || t.currency !== currency || t.rolledBack) continue;
      const round = this.rounds.get(t.round)!;
      if (round.status === 'settled' || round.winTotal > 0n) total += t.real;
    }
    return total;
  }

  /**
   * The referral qualifies with a deposit and enough real stakes (0067), and the reward is decided then, once
   * (0094): refused for a shared device or payment instrument, held for a referrer who may not gain value,
   * else paid in the referrer's registration currency.
   */
  evaluateReferral(): void {
    const r = this.referral;
    if (r.mode === 'none' || r.reward !== null || r.depositCurrency === null) return;
    const currency = r.depositCurrency as keyof typeof REFERRAL.wager;
    if (this.refereeStakes(currency) < REFERRAL.wager[currency]) return;
    if (r.mode === 'sameDevice' || (r.card[0] && r.card[1])) r.reward = 'refused';
    else if (this.excluded(0)) r.reward = 'held';
    else {
      r.reward = 'paid';
      this.parts(0, 'EUR').real += REFERRAL.reward;
    }
    this.saw(`referral reward ${r.reward}`);
  }

  clone(): World {
    const copy = new World(this.referral.mode);
    copy.players = this.players.map((p) => ({
      ...p,
      accounts: Object.fromEntries(Object.entries(p.accounts).map(([c, a]) => [c, { ...a }])),
      limits: p.limits.clone(),
      quest: p.quest ? { ...p.quest } : null,
    }));
    const { bonuses, stakes } = cloneBonuses(this);
    copy.bonuses = bonuses;
    copy.stakes = stakes;
    copy.rounds = new Map([...this.rounds].map(([k, v]) => [k, { ...v }]));
    copy.claimed = new Map([...this.claimed].map(([k, v]) => [k, { ...v }]));
    copy.now = this.now;
    copy.steps = this.steps;
    copy.issued = this.issued;
    copy.seen = this.seen;
    copy.referral = {
      ...this.referral,
      card: [...this.referral.card] as [boolean, boolean],
    };
    return copy;
  }

  /** Replaces this world's state with `other`'s (a committed transaction). */
  adopt(other: World): void {
    Object.assign(this, other);
  }
}

function issueTerms(w: World, player: number, currency: string, terms: BonusTerms, amount: bigint, key: string) {
  issue(w, {
    n: ++w.issued,
    player,
    currency,
    kind: terms.kind,
    issueKey: key,
    amount,
    required: amount * terms.wager,
    maxBet: terms.maxBet,
    maxWin: terms.maxWin,
    cancelLock: terms.cancelLock,
  });
}

/** The bonus an activate or cancel names (as actions.ts describes); undefined when there is none. */
export function targetBonus(w: World, a: Extract<Action, { kind: 'activate' | 'cancel' }>): BonusModel | undefined {
  const own = w.bonuses.filter((b) => b.player === a.owner);
  const candidates = a.kind === 'activate' ? own.filter((b) => b.status === Status.issued) : own.reverse();
  return candidates[a.pick % Math.max(candidates.length, 1)];
}

/** The live limit an unlimit names; undefined when the player has none. */
export function targetLimit(w: World, a: Extract<Action, { kind: 'unlimit' }>) {
  const live = w.players[a.p]!.limits.live(w.now);
  return live[a.pick % Math.max(live.length, 1)];
}

/** A seamless request as the oracle runs it: in a copy of the world, kept only when accepted. */
export type SeamlessStep =
  | ({ action: 'bet' } & seamless.BetCall)
  | ({ action: 'win' } & seamless.WinCall)
  | ({ action: 'rollback' } & seamless.RollbackCall);

export function runSeamless(w: World, steps: SeamlessStep[]): Prediction {
  const copy = w.clone();
  for (const step of steps) {
    const verdict =
      step.action === 'bet'
        ? seamless.bet(copy, step)
        : step.action === 'win'
          ? seamless.win(copy, step)
          : seamless.rollback(copy, step);
    if (!verdict.ok) return { outcome: 'refused', why: verdict.why };
  }
  w.adopt(copy);
  return { outcome: 'ok' };
}

/** Every action but the seamless ones (the driver turns those into SeamlessSteps). */
export function predict(w: World, a: Action, facts: Facts): Prediction {
  switch (a.kind) {
    case 'deposit':
      return deposit(w, a, facts);
    case 'code': {
      if (w.excluded(a.p)) return { outcome: 'refused', why: 'excluded: no bonus claims' };
      const player = w.players[a.p]!;
      if (a.code === 'deposit') {
        player.attached = true;
        return { outcome: 'ok' };
      }
      issueTerms(w, a.p, player.active, CASH_BONUS, CASH_BONUS.amount, facts.issueKey ?? '?');
      return { outcome: 'ok' };
    }
    case 'activate': {
      const b = targetBonus(w, a);
      if (!b) return { outcome: 'skip' };
      if (w.excluded(a.p)) return { outcome: 'refused', why: 'excluded: no bonus claims' };
      if (b.player !== a.p) return { outcome: 'refused', why: "another player's bonus" };
      return activate(w, b) === 'ok' ? { outcome: 'ok' } : { outcome: 'refused', why: 'not issued, or active locked' };
    }
    case 'cancel': {
      const b = targetBonus(w, a);
      if (!b) return { outcome: 'skip' };
      if (b.player !== a.p) return { outcome: 'refused', why: "another player's bonus" };
      if (b.status === Status.active && w.rounds.size > 0) w.saw('cancel of an active bonus');
      return cancel(w, b) === 'ok' ? { outcome: 'ok' } : { outcome: 'refused', why: 'finished or cancel-locked' };
    }
    case 'switch':
      w.players[a.p]!.active = CURRENCIES[a.c];
      return { outcome: 'ok' };
    case 'timeZone':
      w.players[a.p]!.zone = ZONES[a.zone]!;
      return { outcome: 'ok' };
    case 'limit': {
      const player = w.players[a.p]!;
      const l = {
        definition: a.definition,
        currency: CURRENCIES[a.c],
        period: a.period,
        amount: BigInt(a.amount * 100),
      };
      player.limits.set(w.now, player.zone, l);
      return { outcome: 'ok' };
    }
    case 'unlimit': {
      const l = targetLimit(w, a);
      return l && w.players[a.p]!.limits.remove(w.now, l) ? { outcome: 'ok' } : { outcome: 'skip' };
    }
    case 'coolOff':
      w.players[a.p]!.limits.coolOff(w.now);
      return { outcome: 'ok' };
    case 'advance':
      if (w.steps >= MAX_STEPS) return { outcome: 'skip' };
      w.steps += 1;
      w.now += STEP_HOURS;
      return { outcome: 'ok' };
    case 'quest':
      return quest(w, a.p);
    case 'wheel': {
      const player = w.players[a.p]!;
      if (w.excluded(a.p)) return { outcome: 'refused', why: 'excluded: no wheel' };
      const today = new Date().toISOString().slice(0, 10);
      if (player.wheelSpunOn === today) return { outcome: 'refused', why: 'no spin left today' };
      player.wheelSpunOn = today;
      w.parts(a.p, player.active).real += WHEEL.prize;
      return { outcome: 'ok' };
    }
    default:
      throw new Error(`not an API action: ${a.kind}`);
  }
}

function deposit(w: World, a: Extract<Action, { kind: 'deposit' }>, facts: Facts): Prediction {
  if (w.excluded(a.p)) return { outcome: 'refused', why: 'excluded: no deposits' };
  const currency = CURRENCIES[a.c];
  const amount = BigInt(a.amount * 100);
  w.parts(a.p, currency).real += amount;
  w.referral.card[a.p] = true;
  const player = w.players[a.p]!;
  // The code attached to the next deposit first (used even when it cannot apply), else the form's choice.
  const wantsBonus = player.attached || a.bonus === 'form';
  player.attached = false;
  const match = depositMatch(amount);
  if (wantsBonus && match !== null) issueTerms(w, a.p, currency, DEPOSIT_BONUS, match, facts.issueKey ?? '?');
  const r = w.referral;
  if (a.p === 1 && r.mode !== 'none' && r.reward === null && r.depositCurrency === null) {
    if (amount >= REFERRAL.minDeposit[currency]) {
      r.depositCurrency = currency;
      w.evaluateReferral();
    }
  }
  return { outcome: 'ok' };
}

/**
 * Activate starts the quest in the active currency; on a completed run it claims the reward once, when no
 * bet it counted can still be rolled back (0093). Starting and claiming are refused during an exclusion
 * (0092); a run in any other state is answered as it is.
 */
function quest(w: World, player: number): Prediction {
  const p = w.players[player]!;
  if (!p.quest || p.quest.state === 3) {
    if (w.excluded(player)) return { outcome: 'refused', why: 'excluded: no quests' };
  }
  if (!p.quest) {
    p.quest = { state: 2, currency: p.active, progress: 0 };
    return { outcome: 'ok' };
  }
  if (p.quest.state === 3) {
    if (w.questRestsOnOpenBets(player)) return { outcome: 'refused', why: 'a counted bet can still be rolled back' };
    w.saw('quest reward paid');
    p.quest.state = 4;
    w.parts(player, p.quest.currency).real += QUEST.reward;
  }
  return { outcome: 'ok' };
}
