import type { Currency, PaymentField, PaymentMethod } from '@croupier/contracts';
import { createMessageLookup, validateForm } from '@croupier/contracts';
import { currencies } from '@croupier/contracts/reference/index';
import { describe, expect, it } from 'vitest';
import { checkAmount, initialAmountText, limitsFor, presetsOf } from '../app/features/payment/amount.ts';
import {
  chosenNetwork,
  fieldsPayload,
  initialValues,
  rulesFor,
  valuesForRules,
  visibleFields,
} from '../app/features/payment/method-fields.ts';
import { shouldShowTurnOverWager } from '../app/features/payment/turn-over-wager.ts';

const byCode = (code: string): Currency => {
  const found = currencies.find((c) => c.code === code);
  if (!found) throw new Error(code);
  return found;
};
const EUR = byCode('EUR');
const BTC = byCode('BTC');

const field = (key: string, extra: Partial<PaymentField> = {}): PaymentField => ({
  key,
  fieldType: 'text',
  type: 'string',
  regexp: '',
  labels: { en: key },
  hints: {},
  isRequired: true,
  position: 1,
  value: null,
  ...extra,
});

const method = (extra: Partial<PaymentMethod> = {}): PaymentMethod => ({
  method: 'card',
  type: 'form',
  processingType: 'form',
  amountMin: 10,
  amountMax: 5000,
  names: { en: 'Card' },
  logo: '',
  icon: '',
  presets: [
    { amount: 20, default: false },
    { amount: 50, default: true },
  ],
  fields: [],
  ...extra,
});

const errorsOf = (fields: PaymentField[], values: Record<string, string>) =>
  validateForm(rulesFor(fields, values), valuesForRules(fields, values), createMessageLookup());

describe('shouldShowTurnOverWager', () => {
  it('shows only with the feature on, a withdrawal balance and turnover owed', () => {
    expect(shouldShowTurnOverWager({ featureEnabled: true, withdrawalBalance: 10, turnOverWagerAmount: 5 })).toBe(true);
    expect(shouldShowTurnOverWager({ featureEnabled: false, withdrawalBalance: 10, turnOverWagerAmount: 5 })).toBe(
      false,
    );
    expect(shouldShowTurnOverWager({ featureEnabled: true, withdrawalBalance: null, turnOverWagerAmount: 5 })).toBe(
      false,
    );
    expect(shouldShowTurnOverWager({ featureEnabled: true, withdrawalBalance: 10, turnOverWagerAmount: 0 })).toBe(
      false,
    );
    expect(shouldShowTurnOverWager({ featureEnabled: true, withdrawalBalance: 0, turnOverWagerAmount: 1 })).toBe(true);
    expect(
      shouldShowTurnOverWager({ featureEnabled: true, withdrawalBalance: 10, turnOverWagerAmount: undefined }),
    ).toBe(false);
  });
});

describe('amount', () => {
  it('narrows the range by network limits and the withdrawable cap', () => {
    expect(limitsFor(method())).toEqual({ min: 10, max: 5000 });
    expect(limitsFor(method(), { minAmount: 15, maxAmount: 1000 })).toEqual({ min: 15, max: 1000 });
    expect(limitsFor(method(), { minAmount: 0, maxAmount: 0 })).toEqual({ min: 10, max: 5000 });
    expect(limitsFor(method(), null, 42.5)).toEqual({ min: 10, max: 42.5 });
  });

  it('checks what was typed exactly, in minor units', () => {
    const limits = { min: 10, max: 100 };
    expect(checkAmount('', EUR, limits)).toEqual({ ok: false, problem: 'required' });
    expect(checkAmount('abc', EUR, limits)).toEqual({ ok: false, problem: 'format' });
    expect(checkAmount('10.005', EUR, limits)).toEqual({ ok: false, problem: 'precision' });
    expect(checkAmount('9.99', EUR, limits)).toEqual({ ok: false, problem: 'min', limit: 10 });
    expect(checkAmount('100.01', EUR, limits)).toEqual({ ok: false, problem: 'max', limit: 100 });
    expect(checkAmount('10', EUR, limits)).toEqual({ ok: true, major: 10 });
    expect(checkAmount('25,50', EUR, limits)).toEqual({ ok: true, major: 25.5 });
    expect(checkAmount('100', EUR, limits)).toEqual({ ok: true, major: 100 });
  });

  it('reads BTC amounts in mBTC and sends BTC', () => {
    const limits = { min: 0.0001, max: 0.5 };
    expect(checkAmount('1.5', BTC, limits)).toEqual({ ok: true, major: 0.0015 });
    expect(checkAmount('0.05', BTC, limits)).toEqual({ ok: false, problem: 'min', limit: 0.0001 });
    expect(checkAmount('0.000001', BTC, limits)).toEqual({ ok: false, problem: 'precision' });
  });

  it('shows presets in the display unit with the default preselected', () => {
    const m = method({
      presets: [
        { amount: 0.001, default: false },
        { amount: 0.002, default: true },
      ],
    });
    expect(presetsOf(m, BTC).map((p) => p.text)).toEqual(['1', '2']);
    expect(initialAmountText(m, BTC)).toBe('2');
    expect(initialAmountText(method(), EUR)).toBe('50');
    expect(initialAmountText(method({ presets: [] }), EUR)).toBe('');
  });
});

describe('method fields', () => {
  const networks = field('crypto_network', {
    fieldType: 'select',
    options: [
      { id: 'erc20', name: 'ERC-20', minAmount: 10, maxAmount: 100, regex: '^0x[a-fA-F0-9]{40}$' },
      { id: 'trc20', name: 'TRC-20', minAmount: 20, maxAmount: 200, regex: '^T[1-9A-HJ-NP-Za-km-z]{33}$' },
    ],
  });
  const walletId = field('wallet_id', { position: 2 });

  it('validates wallet_id with the chosen network regex', () => {
    const fields = [networks, walletId];
    const eth = `0x${'a'.repeat(40)}`;
    expect(errorsOf(fields, { crypto_network: 'erc20', wallet_id: eth })).toEqual({});
    expect(Object.keys(errorsOf(fields, { crypto_network: 'trc20', wallet_id: eth }))).toEqual(['wallet_id']);
    expect(Object.keys(errorsOf(fields, { crypto_network: 'erc20', wallet_id: '' }))).toEqual(['wallet_id']);
  });

  it('validates wallet_id with the chosen withdrawal currency regexp', () => {
    const currencyWithdraw = field('currencyWithdraw', {
      fieldType: 'select',
      options: [{ id: 'USDT', name: 'USDT', minAmount: 0, maxAmount: 0, regexp: '^T\\w{5}$' }],
    });
    const fields = [currencyWithdraw, walletId];
    expect(errorsOf(fields, { currencyWithdraw: 'USDT', wallet_id: 'Tabcde' })).toEqual({});
    expect(Object.keys(errorsOf(fields, { currencyWithdraw: 'USDT', wallet_id: 'Xabcde' }))).toEqual(['wallet_id']);
  });

  it('applies the phone and CPF rules and any regexp', () => {
    const fields = [
      field('phone'),
      field('cpf_number'),
      field('iban', { regexp: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$' }),
    ];
    const bad = errorsOf(fields, { phone: '12', cpf_number: '111.111.111-11', iban: 'nope' });
    expect(Object.keys(bad).sort()).toEqual(['cpf_number', 'iban', 'phone']);
    const good = errorsOf(fields, {
      phone: '+49 151 2345 6789',
      cpf_number: '529.982.247-25',
      iban: 'DE89370400440532013000',
    });
    expect(good).toEqual({});
  });

  it('treats the empty network option as an answer, sent as null', () => {
    const optional = field('crypto_network', {
      fieldType: 'select',
      options: [
        { id: '', name: 'None', minAmount: 0, maxAmount: 0 },
        { id: 'erc20', name: 'ERC-20', minAmount: 0, maxAmount: 0 },
      ],
    });
    expect(errorsOf([optional], { crypto_network: '' })).toEqual({});
    expect(fieldsPayload([optional], { crypto_network: '' })).toEqual({ crypto_network: null });
  });

  it('sends phones with a plus and trims the rest', () => {
    const fields = [field('phone'), field('iban')];
    expect(fieldsPayload(fields, { phone: '+49 (151) 2345-6789', iban: ' DE89370400440532013000 ' })).toEqual({
      phone: '+4915123456789',
      iban: 'DE89370400440532013000',
    });
  });

  it('starts from the prefill or the first option, and picks the network for its limits', () => {
    const values = initialValues([networks, field('tag', { value: '7' }), walletId]);
    expect(values).toEqual({ crypto_network: 'erc20', tag: '7', wallet_id: '' });
    const m = method({ type: 'address', fields: [networks] });
    expect(chosenNetwork(m, { crypto_network: 'trc20' })?.minAmount).toBe(20);
    expect(chosenNetwork(m, { crypto_network: 'nope' })).toBeNull();
  });

  it('hides valid prefilled fields but never agentNumber, in position order', () => {
    const fields = [
      field('b', { position: 2 }),
      field('prefilled', { position: 1, value: 'ABC', regexp: '^[A-Z]+$' }),
      field('wrongPrefill', { position: 3, value: 'abc', regexp: '^[A-Z]+$' }),
      field('agentNumber', { position: 0, value: '42' }),
    ];
    expect(visibleFields(fields).map((f) => f.key)).toEqual(['agentNumber', 'b', 'wrongPrefill']);
  });
});
