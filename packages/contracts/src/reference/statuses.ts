import type { Status } from '../settings.ts';
import { deepFreeze } from './freeze.ts';

/**
 * Enumerations of spec §3/§4 and api-contract §1.6, as named ids for server code and as the labelled
 * lists /api/settings/constants serves. Ids the contract fixes are marked "contract"; the rest are ours.
 * Names are English defaults; the client translates labels through the CMS.
 */

type Ids = Record<string, string | number>;

/** A Status list in the key order of `ids`; `names` must label every key. */
function statusList<T extends Ids>(ids: T, names: { [K in keyof T]: string }): Status[] {
  return deepFreeze(Object.keys(ids).map((key) => ({ id: ids[key]!, name: names[key]! })));
}

// ── Player ──────────────────────────────────────────────────────────────────

/** profile.status; contract: 2 = deposits restricted. */
export const PlayerStatus = { active: 1, depositsRestricted: 2, blocked: 3, selfExcluded: 4, coolingOff: 5 } as const;
export const playerStatuses = statusList(PlayerStatus, {
  active: 'Active',
  depositsRestricted: 'Deposits restricted',
  blocked: 'Blocked',
  selfExcluded: 'Self-excluded',
  coolingOff: 'Cooling-off',
});

/** Field-definition scenarios (api-contract §2.1 `scenario`). */
export const Scenario = { registration: 'registration', profile: 'profile' } as const;
export const scenarios = statusList(Scenario, { registration: 'Registration', profile: 'Profile' });

/** document.status; contract: 2 pending, 3 rejected, anything else approved. */
export const DocumentStatus = { approved: 1, pending: 2, rejected: 3 } as const;
export const documentStatuses = statusList(DocumentStatus, {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
});

export const DocumentSection = {
  identity: 'identity',
  address: 'address',
  payment: 'payment',
  other: 'other',
} as const;
export type DocumentSection = (typeof DocumentSection)[keyof typeof DocumentSection];

export const documentTypes: { id: string; name: string; section: DocumentSection }[] = deepFreeze([
  { id: 'identity_front', name: 'Identity document (front)', section: 'identity' },
  { id: 'identity_back', name: 'Identity document (back)', section: 'identity' },
  { id: 'identity_selfie_id', name: 'Selfie with identity document', section: 'identity' },
  { id: 'address', name: 'Proof of address', section: 'address' },
  { id: 'payment', name: 'Payment method (front)', section: 'payment' },
  { id: 'payment_back', name: 'Payment method (back)', section: 'payment' },
  { id: 'other', name: 'Other document', section: 'other' },
]);

/** limit.definition; contract. */
export const LimitDefinition = { bet: 1, loss: 2, deposit: 3, selfExclusion: 4, coolingOff: 5 } as const;
export const limitDefinitions = statusList(LimitDefinition, {
  bet: 'Bet limit',
  loss: 'Loss limit',
  deposit: 'Deposit limit',
  selfExclusion: 'Self-exclusion',
  coolingOff: 'Cooling-off',
});

/** limit.status; contract: 1 active, others pending (e.g. a raised limit waiting out its delay). */
export const LimitStatus = { active: 1, pending: 2 } as const;
export const limitStatuses = statusList(LimitStatus, { active: 'Active', pending: 'Pending' });

/** Periods of money limits (definitions 1–3); the id travels as limit.period. */
export const CashPeriod = { daily: 'daily', weekly: 'weekly', monthly: 'monthly' } as const;
export const cashPeriods = statusList(CashPeriod, { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' });

/** Periods of definition 5. Ids are <count><unit> so the server can derive the end date from them. */
export const CoolingOffPeriod = { day: '24h', week: '7d', month: '30d', sixWeeks: '42d' } as const;
export const coolingOffPeriods = statusList(CoolingOffPeriod, {
  day: '24 hours',
  week: '7 days',
  month: '30 days',
  sixWeeks: '6 weeks',
});

/** Periods of definition 4; 'forever' never ends. */
export const SelfExclusionPeriod = {
  sixMonths: '6m',
  oneYear: '1y',
  threeYears: '3y',
  fiveYears: '5y',
  forever: 'forever',
} as const;
export const selfExclusionPeriods = statusList(SelfExclusionPeriod, {
  sixMonths: '6 months',
  oneYear: '1 year',
  threeYears: '3 years',
  fiveYears: '5 years',
  forever: 'Permanent',
});

export const allPeriods: Status[] = deepFreeze([...cashPeriods, ...coolingOffPeriods, ...selfExclusionPeriods]);

/** Purposes an OTP can be sent for (constants.player.otp.reason). */
export const otpReasons = ['registration', 'phoneVerification', 'changingPass'] as const;

/** Referral.qualified; contract. */
export const ReferralQualification = { inProgress: 1, qualified: 2, notQualified: 3 } as const;
export const referralQualificationStatuses = statusList(ReferralQualification, {
  inProgress: 'In progress',
  qualified: 'Qualified',
  notQualified: 'Not qualified',
});

/** Which side of a referral a segment rule targets (ours: the contract names the list only). */
export const ReferralSegmentType = { owner: 1, referred: 2 } as const;
export const referralSegmentTypes = statusList(ReferralSegmentType, {
  owner: 'Referral owner',
  referred: 'Referred player',
});

// ── Payment ─────────────────────────────────────────────────────────────────

/** invoice.status; contract. */
export const InvoiceStatus = { pending: 1, success: 2, failure: 3 } as const;
export const invoiceStatuses = statusList(InvoiceStatus, { pending: 'Pending', success: 'Success', failure: 'Failed' });

/** invoice.invoiceType; contract: 2 withdrawal, 1 deposit (inferred). */
export const InvoiceType = { deposit: 1, withdrawal: 2 } as const;
export const invoiceTypes = statusList(InvoiceType, { deposit: 'Deposit', withdrawal: 'Withdrawal' });

// ── Game ────────────────────────────────────────────────────────────────────

/** bet.status; contract: 1 open/unsettled. */
export const BetStatus = { open: 1, won: 2, lost: 3, refunded: 4 } as const;
export const betStatuses = statusList(BetStatus, { open: 'Open', won: 'Won', lost: 'Lost', refunded: 'Refunded' });

export const BetTransactionType = { bet: 1, win: 2, refund: 3 } as const;
export const betTransactionTypes = statusList(BetTransactionType, { bet: 'Bet', win: 'Win', refund: 'Refund' });

/** Which balance a bet amount came from. */
export const BetAmountType = { real: 1, bonus: 2 } as const;
export const betAmountTypes = statusList(BetAmountType, { real: 'Real money', bonus: 'Bonus money' });

export const SpinTransactionType = { bet: 1, win: 2, rollback: 3 } as const;
export const spinTransactionTypes = statusList(SpinTransactionType, { bet: 'Bet', win: 'Win', rollback: 'Rollback' });

/** What issues a bonus; contract: 1 immediate (promo code), 3 next deposit, 11 referral owner. */
export const BonusTriggerType = {
  immediate: 1,
  registration: 2,
  deposit: 3,
  quest: 4,
  loyaltyLevel: 5,
  tournament: 6,
  wheel: 7,
  cashback: 8,
  birthday: 9,
  referredPlayer: 10,
  referralOwner: 11,
} as const;
export const bonusTriggerTypes = statusList(BonusTriggerType, {
  immediate: 'Immediate',
  registration: 'Registration',
  deposit: 'Deposit',
  quest: 'Quest reward',
  loyaltyLevel: 'Loyalty level',
  tournament: 'Tournament prize',
  wheel: 'Wheel prize',
  cashback: 'Cashback',
  birthday: 'Birthday',
  referredPlayer: 'Referred player',
  referralOwner: 'Referral owner',
});

/** bonus.type; contract. */
export const BonusType = { fixedCash: 1, depositPercent: 2, freeSpins: 3 } as const;
export const bonusTypes = statusList(BonusType, {
  fixedCash: 'Fixed cash',
  depositPercent: 'Percentage of deposit',
  freeSpins: 'Free spins',
});

/** Lifecycle of a bonus definition (not of a player's bonus). */
export const BonusStatus = { active: 1, inactive: 2, archived: 3 } as const;
export const bonusStatuses = statusList(BonusStatus, { active: 'Active', inactive: 'Inactive', archived: 'Archived' });

/** Bet.ticketType of a sportsbook bet counted towards wagering. */
export const SportsbookTicketType = { single: 1, multiple: 2, system: 3 } as const;
export const sportsbookTicketTypes = statusList(SportsbookTicketType, {
  single: 'Single',
  multiple: 'Multiple',
  system: 'System',
});

/** Bet item stage. */
export const SportsbookStage = { prematch: 1, live: 2 } as const;
export const sportsbookStages = statusList(SportsbookStage, { prematch: 'Pre-match', live: 'Live' });

/** Balance a finished bonus pays out to. */
export const PayoutBalanceType = { real: 1, bonus: 2 } as const;
export const payoutBalanceTypes = statusList(PayoutBalanceType, { real: 'Real balance', bonus: 'Bonus balance' });

/** Game categories that wagering can be limited to. */
export const WagerCategory = { slots: 1, tableGames: 2, liveCasino: 3, sportsbook: 4 } as const;
export const wagerCategories = statusList(WagerCategory, {
  slots: 'Slots',
  tableGames: 'Table games',
  liveCasino: 'Live casino',
  sportsbook: 'Sportsbook',
});

/** playerBonus.status and playerFreespin.status; contract. */
export const PlayerBonusStatus = { issued: 1, active: 2, finished: 3 } as const;
export const playerBonusStatuses = statusList(PlayerBonusStatus, {
  issued: 'Issued',
  active: 'Active',
  finished: 'Finished',
});

/** playerBonus.result; contract. 1 while issued or active. */
export const PlayerBonusResult = { none: 1, played: 2, canceled: 3, expired: 4, lost: 5 } as const;
export const playerBonusResults = statusList(PlayerBonusResult, {
  none: 'None',
  played: 'Played',
  canceled: 'Canceled',
  expired: 'Expired',
  lost: 'Lost',
});

/** playerFreespin.result; contract: as bonuses, without 5 (free spins cannot be lost). */
export const PlayerFreespinResult = { none: 1, played: 2, canceled: 3, expired: 4 } as const;
export const playerFreespinResults = statusList(PlayerFreespinResult, {
  none: 'None',
  played: 'Played',
  canceled: 'Canceled',
  expired: 'Expired',
});
