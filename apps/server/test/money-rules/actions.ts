import fc from 'fast-check';

// The hostile actions of the model-based test (issue 23): what a player does through the API and what a
// game provider that signs correctly sends to the seamless API. Two players (0, 1) and two currencies
// (0 EUR, 1 USD). Actions that name earlier things (a bet to pay or roll back, a request to replay, a bonus, a
// limit) name them by a number taken modulo what exists when the action runs, counting back from the latest,
// so every shrunk list is still a valid sequence.

export const CURRENCIES = ['EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export type PlayerIndex = 0 | 1;
export type CurrencyIndex = 0 | 1;

/** Zones a hostile player switches between: west and east of UTC, so every change moves "midnight". */
export const ZONES = [
  'Pacific/Pago_Pago',
  'America/New_York',
  'UTC',
  'Europe/Berlin',
  'Asia/Tokyo',
  'Pacific/Tongatapu',
];

/**
 * Rounds per player and currency. A `foreign` bet goes into a round of the other player (same currency) or
 * of its own other currency: collisions are part of the hostility.
 */
export const ROUNDS = 3;

export type Action =
  /** A card deposit (major units) through the payment API; `bonus` the deposit bonus chosen in the form. */
  | { kind: 'deposit'; p: PlayerIndex; c: CurrencyIndex; amount: number; bonus: 'none' | 'form' | 'declined' }
  /** A signed bet (minor units). */
  | { kind: 'bet'; p: PlayerIndex; c: CurrencyIndex; round: number; foreign: boolean; cents: number }
  /**
   * A signed win (minor units) in the round of the `target`-th latest bet, with that bet's token; `hostile`:
   * with the token of (p, c) instead.
   */
  | {
      kind: 'win';
      p: PlayerIndex;
      c: CurrencyIndex;
      target: number;
      hostile: boolean;
      cents: number;
      close: boolean;
    }
  /**
   * A signed rollback of the `target`-th latest bet (one past the oldest: an id never sent), with that bet's
   * token (`hostile`: the token of (p, c)), naming its round (`ownRound` false: round `round` of (p, c)).
   */
  | {
      kind: 'rollback';
      p: PlayerIndex;
      c: CurrencyIndex;
      target: number;
      hostile: boolean;
      ownRound: boolean;
      round: number;
    }
  /** A bet and its closing win in one signed batch (all or nothing). */
  | {
      kind: 'batch';
      p: PlayerIndex;
      c: CurrencyIndex;
      round: number;
      foreign: boolean;
      cents: number;
      winCents: number;
    }
  /** The `index`-th latest seamless request, sent again byte for byte. */
  | { kind: 'replay'; index: number }
  /** A bonus code on the player's active account: `cash` applies now, `deposit` attaches to the next deposit. */
  | { kind: 'code'; p: PlayerIndex; code: 'cash' | 'deposit' }
  /** PUT …/activate of `owner`'s `pick`-th issued bonus (another player's id when owner ≠ p). */
  | { kind: 'activate'; p: PlayerIndex; owner: PlayerIndex; pick: number }
  /** PUT …/cancel of `owner`'s `pick`-th latest bonus, whatever its state. */
  | { kind: 'cancel'; p: PlayerIndex; owner: PlayerIndex; pick: number }
  /** The player's active account (where codes, the wheel and quests pay). */
  | { kind: 'switch'; p: PlayerIndex; c: CurrencyIndex }
  | { kind: 'timeZone'; p: PlayerIndex; zone: number }
  /** POST a bet (1) or loss (2) limit (major units): new, lowered at once, or raised after 24 h. */
  | { kind: 'limit'; p: PlayerIndex; c: CurrencyIndex; definition: 1 | 2; period: 'daily' | 'weekly'; amount: number }
  /** DELETE the player's `pick`-th live cash limit (it ends after 24 h). */
  | { kind: 'unlimit'; p: PlayerIndex; pick: number }
  /** A 24-hour cooling-off. */
  | { kind: 'coolOff'; p: PlayerIndex }
  /** The responsible-gaming clock moves 48 hours on (waiting limit changes apply, a cooling-off ends). */
  | { kind: 'advance' }
  /** PUT the quest's activate: starts it, or claims its reward once completed. */
  | { kind: 'quest'; p: PlayerIndex }
  | { kind: 'wheel'; p: PlayerIndex };

/** How player 1 signed up: on their own, or with player 0's referral code from 0's device, or from another. */
export type Referral = 'none' | 'sameDevice' | 'otherDevice';

export interface Scenario {
  referral: Referral;
  actions: Action[];
}

/** The round a bet or batch names: its own (player, currency) round, or a foreign one. */
export function roundOwner(a: { p: PlayerIndex; c: CurrencyIndex; round: number; foreign: boolean }) {
  if (!a.foreign) return { p: a.p, c: a.c, k: a.round };
  // Even: the other player's round in this currency; odd: this player's round in the other currency.
  return a.round % 2 === 0
    ? { p: (1 - a.p) as PlayerIndex, c: a.c, k: a.round }
    : { p: a.p, c: (1 - a.c) as CurrencyIndex, k: a.round };
}

/**
 * Player and currency: three times in four the sequence's focus (player 0 or 1 as the scenario picks, EUR),
 * so one account gets deep enough into a bonus's life; the rest the other player or USD.
 */
const p = fc.nat(3).map((k) => (k === 3 ? 1 : 0) as PlayerIndex);
const c = fc.nat(3).map((k) => (k === 3 ? 1 : 0) as CurrencyIndex);
const round = fc.nat(ROUNDS - 1);
/** True one time in `n` (shrinks to false). */
const oneIn = (n: number) => fc.nat(n - 1).map((k) => k === n - 1);
/** Half the time the latest, else one of the few before. */
const recent = fc.oneof(fc.constant(0), fc.nat(6));
const stake = fc.constantFrom(100, 50, 200, 300, 500, 800);
const payout = fc.constantFrom(0, 0, 50, 100, 300, 600, 1500);
/** Mostly one's own bonus; one time in five the other player's. */
const ownerOf = (kind: 'activate' | 'cancel') =>
  fc.tuple(p, oneIn(5), fc.nat(5)).map(([self, other, pick]) => ({
    kind,
    p: self,
    owner: (other ? 1 - self : self) as PlayerIndex,
    pick,
  }));

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      p,
      c,
      amount: fc.constantFrom(11, 20, 50),
      bonus: fc.constantFrom('none' as const, 'form' as const, 'declined' as const),
    }),
  },
  {
    weight: 12,
    arbitrary: fc.record({ kind: fc.constant('bet' as const), p, c, round, foreign: oneIn(8), cents: stake }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('win' as const),
      p,
      c,
      target: recent,
      hostile: oneIn(8),
      cents: payout,
      close: fc.nat(3).map((k) => k !== 3),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('rollback' as const),
      p,
      c,
      target: recent,
      hostile: oneIn(6),
      ownRound: fc.nat(5).map((k) => k !== 5),
      round,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      p,
      c,
      round,
      foreign: oneIn(8),
      cents: stake,
      winCents: payout,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), index: fc.nat(10) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('code' as const),
      p,
      code: fc.constantFrom('cash' as const, 'cash' as const, 'deposit' as const),
    }),
  },
  { weight: 2, arbitrary: ownerOf('activate') as fc.Arbitrary<Action> },
  { weight: 3, arbitrary: ownerOf('cancel') as fc.Arbitrary<Action> },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('switch' as const), p, c }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('timeZone' as const), p, zone: fc.nat(ZONES.length - 1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      p,
      c,
      definition: fc.constantFrom<1 | 2>(1, 2),
      period: fc.constantFrom('daily' as const, 'weekly' as const),
      amount: fc.constantFrom(5, 10, 20, 40),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unlimit' as const), p, pick: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('coolOff' as const), p }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('quest' as const), p }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wheel' as const), p }) },
);

/** How a sequence may start (focus player, EUR): nothing, a cash bonus, one staked in a round, a quest. */
const openings: Action[][] = [
  [],
  [{ kind: 'code', p: 0, code: 'cash' }],
  [
    { kind: 'code', p: 0, code: 'cash' },
    { kind: 'bet', p: 0, c: 0, round: 0, foreign: false, cents: 500 },
  ],
  [{ kind: 'quest', p: 0 }],
];

/** Player indices relative to the focus player become absolute ones. */
function focused(a: Action, focus: PlayerIndex): Action {
  const flip = (i: PlayerIndex) => (i ^ focus) as PlayerIndex;
  const out = { ...a };
  if ('p' in out) out.p = flip(out.p);
  if ('owner' in out) out.owner = flip(out.owner);
  return out as Action;
}

export const scenarioArb = (maxActions: number): fc.Arbitrary<Scenario> =>
  fc
    .record({
      referral: fc.constantFrom<Referral>('none', 'sameDevice', 'otherDevice'),
      focus: fc.constantFrom<PlayerIndex>(0, 1),
      // Most sequences open with something the rest can take far: a bonus, a bonus's round, a quest.
      opening: fc.nat(openings.length - 1),
      // A referred player 1 deposits first, half the time, so that the referral can qualify.
      refereeDeposits: fc.boolean(),
      actions: fc.array(actionArb, { minLength: 1, maxLength: maxActions, size: 'max' }),
    })
    .map(({ referral, focus, opening, refereeDeposits, actions }) => {
      const deposit: Action = { kind: 'deposit', p: 1, c: 0, amount: 20, bonus: 'none' };
      const first = referral !== 'none' && refereeDeposits ? [deposit] : [];
      return { referral, actions: [...first, ...[...openings[opening]!, ...actions].map((a) => focused(a, focus))] };
    });

const roundName = (a: { p: PlayerIndex; c: CurrencyIndex; round: number; foreign: boolean }) => {
  const o = roundOwner(a);
  return `round ${o.k} of p${o.p} ${CURRENCIES[o.c]}`;
};

/** One line per action, as a failure prints it. */
export function describe(a: Action): string {
  const who = 'p' in a ? `p${a.p}` : '';
  const cur = 'c' in a ? ` ${CURRENCIES[a.c]}` : '';
  const money = (cents: number) => (cents / 100).toFixed(2);
  const latest = (n: number) => (n === 0 ? 'the latest bet' : `the bet ${n} before the latest`);
  switch (a.kind) {
    case 'deposit':
      return `${who} deposits ${a.amount}${cur} (bonus: ${a.bonus})`;
    case 'bet':
      return `${who} bets ${money(a.cents)}${cur} in ${roundName(a)}`;
    case 'win':
      return `${a.hostile ? `${who}${cur} token: ` : ''}win ${money(a.cents)} in the round of ${latest(a.target)}${a.close ? ', closing it' : ''}`;
    case 'rollback':
      return `${a.hostile ? `${who}${cur} token: ` : ''}rollback of ${latest(a.target)}${a.ownRound ? '' : ` naming round ${a.round} of ${who}${cur}`}`;
    case 'batch':
      return `${who} batch: bets ${money(a.cents)}${cur} and wins ${money(a.winCents)} in ${roundName(a)}, closing it`;
    case 'replay':
      return `the provider replays its request ${a.index} before the latest`;
    case 'code':
      return `${who} applies the ${a.code} code`;
    case 'activate':
      return `${who} activates p${a.owner}'s issued bonus (pick ${a.pick})`;
    case 'cancel':
      return `${who} cancels p${a.owner}'s bonus (pick ${a.pick})`;
    case 'switch':
      return `${who} switches to${cur}`;
    case 'timeZone':
      return `${who} sets time zone ${ZONES[a.zone]}`;
    case 'limit':
      return `${who} sets a ${a.period} ${a.definition === 1 ? 'bet' : 'loss'} limit of ${a.amount}${cur}`;
    case 'unlimit':
      return `${who} removes a limit (pick ${a.pick})`;
    case 'coolOff':
      return `${who} starts a 24 h cooling-off`;
    case 'advance':
      return 'the clock moves 48 h on';
    case 'quest':
      return `${who} activates or claims the quest`;
    case 'wheel':
      return `${who} spins the wheel`;
  }
}
