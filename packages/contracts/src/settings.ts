import { z } from 'zod';

export const CurrencyType = z.enum(['fiat', 'crypto', 'virtual']);

const CurrencyBase = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  type: CurrencyType,
  isBase: z.boolean(),
  isEnabled: z.boolean(),
  visible: z.boolean(),
  /** Minor units per major unit (100 for EUR, 1e8 for BTC). */
  subunitToUnit: z.number().int().positive(),
  /** Price of one base-currency unit in this currency's minor units (docs/decisions/0004-currency-rates.md). */
  rate: z.object({ rate: z.number().positive(), rateTime: z.string() }),
});
export const Currency = CurrencyBase.extend({ subCurrencies: z.array(CurrencyBase).optional() });
export type Currency = z.infer<typeof Currency>;

export const Locale = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  languageCode: z.string(),
  isDefault: z.boolean(),
});
export type Locale = z.infer<typeof Locale>;

export const Country = z.object({
  code: z.string().length(2),
  name: z.string(),
  nativeName: z.string(),
  /** Calling code, digits only, no '+'. */
  phonePrefix: z.string(),
  currency: z.string(),
  locale: z.string(),
  additionalCurrency: z.array(z.string()),
  restrict: z.boolean(),
  /** Only when restrict: 1 whole site geo-blocked, 2 sign-in and sign-up blocked. */
  restrictType: z.number().int().optional(),
});
export type Country = z.infer<typeof Country>;

export const Status = z.object({ id: z.union([z.string(), z.number()]), name: z.string() });
export type Status = z.infer<typeof Status>;

export const Constants = z.object({
  player: z.object({
    scenarios: z.array(Status),
    timeZone: z.array(z.object({ id: z.string(), name: z.string() })),
    playerStatuses: z.array(Status),
    document: z.object({
      status: z.array(Status),
      type: z.array(z.object({ id: z.string(), name: z.string(), section: z.string() })),
    }),
    limit: z.object({
      definition: z.array(Status),
      status: z.array(Status),
      allPeriod: z.array(Status),
      cashPeriod: z.array(Status),
      coolingOffPeriod: z.array(Status),
      selfExclusionPeriod: z.array(Status),
    }),
    registration: z.object({ phone: z.boolean(), email: z.boolean() }),
    otp: z.object({ enabled: z.boolean(), reason: z.array(z.string()) }),
    socialAuth: z.array(z.string()),
    telegram: z.object({ bot: z.string(), auth_url: z.string() }).optional(),
    referral: z.object({
      enabled: z.boolean(),
      segmentTypes: z.array(Status),
      qualificationStatuses: z.array(Status),
    }),
  }),
  payment: z.object({ invoiceStatuses: z.array(Status), invoiceTypes: z.array(Status) }),
  game: z.object({
    bet: z.object({
      status: z.array(Status),
      transactionType: z.array(Status),
      amountType: z.array(Status),
    }),
    spin: z.object({ transactionType: z.array(Status) }),
    bonus: z.object({
      triggerType: z.array(Status),
      type: z.array(Status),
      status: z.array(Status),
      wagerSportsbookTicketType: z.array(Status),
      wagerSportsbookStage: z.array(Status),
      payoutBalanceType: z.array(Status),
      wagerCategory: z.array(Status),
      depositBonusDeclineDefault: z.boolean(),
    }),
    playerBonus: z.object({ status: z.array(Status), result: z.array(Status) }),
    playerFreespin: z.object({ status: z.array(Status), result: z.array(Status) }),
  }),
});
export type Constants = z.infer<typeof Constants>;

/** GET /api/player/init. The contract lists `country`; we add what the site needs for geo decisions. */
export const PlayerInit = z.object({
  /** The visitor's country; when unknown, the site's default country or "" (decision 0097). */
  country: z.string(),
  ip: z.string().nullable(),
  isRestricted: z.boolean(),
  restrictType: z.number().int().nullable(),
  locale: z.string(),
});
export type PlayerInit = z.infer<typeof PlayerInit>;
