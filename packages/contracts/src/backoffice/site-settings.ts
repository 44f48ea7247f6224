import { z } from 'zod';
import { baseCountries } from '../reference/countries.ts';
import { currencies } from '../reference/currencies.ts';
import { SettingMeta } from './settings.ts';
import { Reason } from './staff.ts';

/**
 * Site settings (issue 27): what the operator's configuration set at start — restricted countries, sign-up
 * modes, feature switches, the currencies offered and the payment methods shown per country — as one operating
 * setting staff change at run time. The environment's values are its defaults.
 */

const countryCodes = new Set(baseCountries.map((c) => c.code));
const currencyCodes = new Set(currencies.map((c) => c.code));

export const SiteCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => countryCodes.has(code), 'Unknown country code.');

/** country.restrictType (api-contract.md §1): 1 the whole site is geo-blocked, 2 sign-in and sign-up are. */
export const SiteRestrictType = z.union([z.literal(1), z.literal(2)], {
  error: 'Choose 1 (whole site) or 2 (sign-in and sign-up).',
});

export const RestrictedCountry = z.object({ country: SiteCountryCode, restrictType: SiteRestrictType });
export type RestrictedCountry = z.infer<typeof RestrictedCountry>;

/** The payment catalogue's method keys (the payment module's catalogue.ts). */
export const PaymentMethodKey = z.enum(['card', 'ewallet', 'crypto', 'bank_transfer', 'card_payout']);
export type PaymentMethodKey = z.infer<typeof PaymentMethodKey>;

/** A country whose players see only these methods; a country without an entry sees every method. */
export const CountryPaymentMethods = z.object({ country: SiteCountryCode, methods: z.array(PaymentMethodKey).max(20) });
export type CountryPaymentMethods = z.infer<typeof CountryPaymentMethods>;

const unique = <T>(list: T[], key: (item: T) => string) => new Set(list.map(key)).size === list.length;

export const SiteSettingsValue = z.object({
  restrictedCountries: z
    .array(RestrictedCountry)
    .max(300)
    .refine((l) => unique(l, (c) => c.country), 'Each country once.'),
  /** constants.player.registration: which sign-up tabs exist; at least one. */
  signUpModes: z
    .object({ email: z.boolean(), phone: z.boolean() })
    .refine((m) => m.email || m.phone, 'Keep at least one way to sign up.'),
  features: z.object({ loyalty: z.boolean(), quests: z.boolean(), referrals: z.boolean() }),
  /** Currencies new players may pick (`visible`); the others keep working for existing accounts. */
  visibleCurrencies: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .refine((code) => currencyCodes.has(code), 'Unknown currency.'),
    )
    .min(1, 'Offer at least one currency.')
    .refine((l) => unique(l, (c) => c), 'Each currency once.'),
  paymentMethods: z
    .array(CountryPaymentMethods)
    .max(300)
    .refine((l) => unique(l, (c) => c.country), 'Each country once.'),
});
export type SiteSettingsValue = z.infer<typeof SiteSettingsValue>;

export const UpdateSiteSettingsRequest = SiteSettingsValue.extend({ reason: Reason });
export type UpdateSiteSettingsRequest = z.infer<typeof UpdateSiteSettingsRequest>;

/** As read: the value and its last change; what the loyalty and quests switches need to take effect. */
export const SiteSettingsView = SiteSettingsValue.extend({
  ...SettingMeta.shape,
  /** The environment's values: what "reset" goes back to. */
  defaults: SiteSettingsValue,
});
export type SiteSettingsView = z.infer<typeof SiteSettingsView>;
