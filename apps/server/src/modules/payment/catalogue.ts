import type { PaymentField, PaymentMethod } from '@croupier/contracts';
import { convertFromBase, currencies } from '@croupier/contracts/reference/index';
import { currencyIn, type RatesTable } from '../settings/index.ts';

/**
 * The sandbox provider's static catalogue (docs/decisions/0015): which methods exist for which currency,
 * with limits and presets derived from base-currency (EUR) figures so every currency gets sensible ones.
 */
export interface CatalogueMethod {
  key: 'card' | 'ewallet' | 'crypto' | 'bank_transfer' | 'card_payout';
  direction: 'deposit' | 'withdrawal';
  build(currency: string, rates: RatesTable): PaymentMethod;
}

export interface CryptoNetwork {
  id: string;
  name: string;
  /** Validates a wallet address on this network. */
  regex: string;
  /** URI scheme of the payment QR. */
  scheme: string;
}

const networksOf: Record<string, CryptoNetwork[]> = {
  BTC: [{ id: 'bitcoin', name: 'Bitcoin', regex: '^(bc1|tb1|[13])[a-zA-HJ-NP-Z0-9]{25,62}$', scheme: 'bitcoin' }],
  ETH: [{ id: 'erc20', name: 'Ethereum (ERC-20)', regex: '^0x[a-fA-F0-9]{40}$', scheme: 'ethereum' }],
  LTC: [{ id: 'litecoin', name: 'Litecoin', regex: '^(ltc1|[LM3])[a-zA-HJ-NP-Z0-9]{25,62}$', scheme: 'litecoin' }],
  USDT: [
    { id: 'erc20', name: 'Ethereum (ERC-20)', regex: '^0x[a-fA-F0-9]{40}$', scheme: 'ethereum' },
    { id: 'trc20', name: 'Tron (TRC-20)', regex: '^T[1-9A-HJ-NP-Za-km-z]{33}$', scheme: 'tron' },
  ],
};

export function cryptoNetworks(currency: string): CryptoNetwork[] {
  return (
    networksOf[currency] ?? [
      { id: currency.toLowerCase(), name: currency, regex: '^[a-zA-Z0-9]{20,100}$', scheme: currency.toLowerCase() },
    ]
  );
}

export const currencyOf = (code: string) => currencies.find((c) => c.code === code && c.isEnabled);

// With the rates source's current table (docs/decisions/0018), so limits follow a rates refresh.
const fromBase = (eur: number, code: string, rates: RatesTable) => convertFromBase(eur, currencyIn(rates, code)!);

const field = (
  key: string,
  label: string,
  regexp: string,
  position: number,
  extra: Partial<PaymentField> = {},
): PaymentField => ({
  key,
  fieldType: 'text',
  type: 'string',
  regexp,
  labels: { en: label },
  hints: {},
  isRequired: true,
  position,
  value: null,
  ...extra,
});

export const cardFields: PaymentField[] = [
  field('cardholder', 'Cardholder name', "^[A-Za-z][A-Za-z .'-]{1,59}$", 1),
  field('card_number', 'Card number', '^[0-9 ]{12,23}$', 2, { hints: { en: 'Sandbox: 4242 4242 4242 4242' } }),
  field('expiry', 'Expiry (MM/YY)', '^(0[1-9]|1[0-2])/[0-9]{2}$', 3),
  field('cvc', 'CVC', '^[0-9]{3,4}$', 4),
];

/** A payout to a card: the holder and the number (its fingerprint is compared with the deposits'). */
export const cardPayoutFields: PaymentField[] = cardFields.slice(0, 2);

export const bankFields: PaymentField[] = [
  field('account_holder', 'Account holder', "^[A-Za-z][A-Za-z .'-]{1,99}$", 1),
  field('iban', 'IBAN', '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$', 2, {
    hints: { en: 'Sandbox: an IBAN ending in 0002 fails' },
  }),
];

function base(
  key: string,
  name: string,
  currency: string,
  rates: RatesTable,
  rest: Pick<PaymentMethod, 'type' | 'processingType' | 'fields'>,
  [min, max] = [10, 5000],
): PaymentMethod {
  const presets = [20, 50, 100].map((eur) => ({ amount: fromBase(eur, currency, rates), default: eur === 50 }));
  return {
    method: key,
    names: { en: name },
    logo: `payment/${key}.svg`,
    icon: `payment/${key}-icon.svg`,
    amountMin: fromBase(min, currency, rates),
    amountMax: fromBase(max, currency, rates),
    presets,
    ...rest,
  };
}

export const catalogue: CatalogueMethod[] = [
  {
    key: 'card',
    direction: 'deposit',
    build: (c, r) => base('card', 'Card', c, r, { type: 'form', processingType: 'form', fields: cardFields }),
  },
  {
    key: 'ewallet',
    direction: 'deposit',
    build: (c, r) => base('ewallet', 'Sandbox Wallet', c, r, { type: 'form', processingType: 'form', fields: [] }),
  },
  {
    key: 'crypto',
    direction: 'deposit',
    build: (c, r) =>
      base('crypto', c, c, r, {
        type: 'address',
        processingType: 'qr',
        fields: [
          field('crypto_network', 'Network', '', 1, {
            fieldType: 'select',
            options: cryptoNetworks(c).map((n) => ({
              id: n.id,
              name: n.name,
              minAmount: fromBase(10, c, r),
              maxAmount: fromBase(10_000, c, r),
              regex: n.regex,
            })),
          }),
        ],
      }),
  },
  {
    key: 'bank_transfer',
    direction: 'withdrawal',
    build: (c, r) =>
      base(
        'bank_transfer',
        'Bank transfer',
        c,
        r,
        { type: 'form', processingType: 'message', fields: bankFields },
        [20, 10_000],
      ),
  },
  {
    // Closed loop, as real PSPs pay out: back to the card the player deposited with (decision 0112).
    key: 'card_payout',
    direction: 'withdrawal',
    build: (c, r) => ({
      ...base(
        'card_payout',
        'Card',
        c,
        r,
        { type: 'form', processingType: 'message', fields: cardPayoutFields },
        [20, 5000],
      ),
      logo: 'payment/card.svg',
      icon: 'payment/card-icon.svg',
    }),
  },
];

/** Which catalogue methods a currency gets: card and e-wallet for fiat, crypto for crypto; bank and card payouts for fiat. */
export function methodsFor(
  direction: 'deposit' | 'withdrawal',
  currency: string,
  rates: RatesTable,
  _country?: string,
): PaymentMethod[] {
  const info = currencyOf(currency);
  if (!info) return [];
  const keys =
    info.type === 'crypto'
      ? direction === 'deposit'
        ? ['crypto']
        : []
      : info.type === 'fiat'
        ? direction === 'deposit'
          ? ['card', 'ewallet']
          : ['bank_transfer', 'card_payout']
        : [];
  return catalogue
    .filter((m) => m.direction === direction && keys.includes(m.key))
    .map((m) => m.build(currency, rates));
}
