import type { Constants } from '../settings.ts';
import * as s from './statuses.ts';
import { timeZones } from './timezones.ts';

export interface ConstantsOptions {
  /** Enabled social sign-in providers from server config, e.g. ['auth0', 'telegram']. */
  socialAuth: string[];
  referralEnabled: boolean;
  /** When true the wallet starts with "no bonus" selected (api-contract §2). */
  depositBonusDeclineDefault: boolean;
  /** Which sign-up tabs exist; default both. */
  registration?: { email: boolean; phone: boolean };
  /** Telegram login widget parameters; only meaningful when socialAuth includes 'telegram'. */
  telegram?: { bot: string; auth_url: string };
}

/**
 * GET /api/settings/constants. Lists are static; the few operator switches come from server config.
 * The status lists are frozen and shared, so build a fresh object per config rather than mutating.
 */
export function buildConstants(opts: ConstantsOptions): Constants {
  return {
    player: {
      scenarios: s.scenarios,
      timeZone: timeZones,
      playerStatuses: s.playerStatuses,
      document: { status: s.documentStatuses, type: s.documentTypes },
      limit: {
        definition: s.limitDefinitions,
        status: s.limitStatuses,
        allPeriod: s.allPeriods,
        cashPeriod: s.cashPeriods,
        coolingOffPeriod: s.coolingOffPeriods,
        selfExclusionPeriod: s.selfExclusionPeriods,
      },
      // The sign-up tabs; the OTP flow backs the phone tab and phone password reset.
      registration: { phone: opts.registration?.phone ?? true, email: opts.registration?.email ?? true },
      otp: { enabled: true, reason: [...s.otpReasons] },
      socialAuth: [...opts.socialAuth],
      ...(opts.telegram ? { telegram: { ...opts.telegram } } : {}),
      referral: {
        enabled: opts.referralEnabled,
        segmentTypes: s.referralSegmentTypes,
        qualificationStatuses: s.referralQualificationStatuses,
      },
    },
    payment: { invoiceStatuses: s.invoiceStatuses, invoiceTypes: s.invoiceTypes },
    game: {
      bet: { status: s.betStatuses, transactionType: s.betTransactionTypes, amountType: s.betAmountTypes },
      spin: { transactionType: s.spinTransactionTypes },
      bonus: {
        triggerType: s.bonusTriggerTypes,
        type: s.bonusTypes,
        status: s.bonusStatuses,
        wagerSportsbookTicketType: s.sportsbookTicketTypes,
        wagerSportsbookStage: s.sportsbookStages,
        payoutBalanceType: s.payoutBalanceTypes,
        wagerCategory: s.wagerCategories,
        depositBonusDeclineDefault: opts.depositBonusDeclineDefault,
      },
      playerBonus: { status: s.playerBonusStatuses, result: s.playerBonusResults },
      playerFreespin: { status: s.playerBonusStatuses, result: s.playerFreespinResults },
    },
  };
}

/** Constants with every operator switch off (no social sign-in, no referral programme). */
export const defaultConstants: Constants = buildConstants({
  socialAuth: [],
  referralEnabled: false,
  depositBonusDeclineDefault: false,
});
