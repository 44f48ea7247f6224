import type { Bonus, PlayerBonus } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import {
  activateStepFor,
  bonusAlertFor,
  bonusAmountFor,
  cancelModalFor,
  depositBonusFields,
  offerOptions,
  progressOf,
} from '../app/features/bonuses/bonus-rules.ts';

const pb = (over: Partial<PlayerBonus> = {}): PlayerBonus => ({
  id: 'b1',
  playerId: 'p',
  name: 'Bonus',
  amount: 10,
  currency: 'EUR',
  bonusType: 1,
  status: 1,
  result: 1,
  currentWagerPercentage: 0,
  currentWagerCasinoAmount: 0,
  currentWagerSportsbookAmount: 0,
  currentWagerAmount: 0,
  requiredWagerCasinoAmount: 300,
  requiredWagerSportsbookAmount: 0,
  wagerCasino: 30,
  wagerSportsbook: 0,
  openedTransactionsCount: 0,
  isBonusCancelLock: false,
  maxBetAmount: 5,
  activationExpiredAt: null,
  wageringExpiredAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
  packageId: '',
  packagePriority: 0,
  issueSessionId: 's',
  ...over,
});

const offer = (over: Partial<Bonus> = {}): Bonus => ({
  id: 'o1',
  name: 'Offer',
  status: 1,
  type: 1,
  wagerCasino: 30,
  wagerSportsbook: 0,
  baseCurrencyMaxWinAmount: null,
  maxWinAmountItems: [],
  assignConditions: { depositPercentage: 100, maxAmountItems: [{ amount: 100, currency: 'EUR' }] },
  triggerConditions: {
    baseCurrencyInvoiceAmountFrom: null,
    baseCurrencyInvoiceAmountTo: null,
    invoiceAmountItems: [{ currency: 'EUR', amountFrom: 10 }],
  },
  wagerCasinoConditions: {
    baseCurrencyAmountFrom: null,
    baseCurrencyAmountTo: null,
    amountItems: [],
    gameIds: [],
    gameIdsExcluded: true,
    providerIds: [],
    providerIdsExcluded: true,
  },
  wagerSportsbookConditions: { baseCurrencyAmountFrom: null, baseCurrencyAmountTo: null, amountItems: [] },
  package: null,
  packagePriority: 0,
  ...over,
});

describe('bonus rules (spec §4, api-contract §10 and §14.2)', () => {
  it('alerts each status-result pair of the contract, nothing else', () => {
    expect(bonusAlertFor({ status: 1, result: 1 })?.key).toBe('bonusIssued');
    expect(bonusAlertFor({ status: 2, result: 1 })?.key).toBe('bonusActivated');
    expect(bonusAlertFor({ status: 3, result: 2 })?.key).toBe('bonusPlayed');
    expect(bonusAlertFor({ status: 3, result: 3 })?.key).toBe('bonusCancelled');
    expect(bonusAlertFor({ status: 3, result: 4 })?.key).toBe('bonusExpired');
    expect(bonusAlertFor({ status: 3, result: 5 })?.key).toBe('bonusLost');
    expect(bonusAlertFor({ status: 2, result: 2 })).toBeNull();
  });

  it('a Cancel follows the flags: lock, unsettled bets, active, issued', () => {
    expect(cancelModalFor(pb({ status: 2, isBonusCancelLock: true }))).toBe('bonus-cancel-lock');
    expect(cancelModalFor(pb({ status: 2, openedTransactionsCount: 2 }))).toBe('cancel-unsettled-bonus');
    expect(cancelModalFor(pb({ status: 2 }))).toBe('cancel-active-bonus');
    expect(cancelModalFor(pb({ status: 1 }))).toBe('cancel-issued-bonus');
  });

  it('an Activate asks first when it would replace the active bonus of its currency', () => {
    const issued = pb({ id: 'i', status: 1 });
    expect(activateStepFor(issued, [issued])).toBe('activate');
    expect(activateStepFor(issued, [issued, pb({ id: 'a', status: 2, currency: 'USD' })])).toBe('activate');
    expect(activateStepFor(issued, [issued, pb({ id: 'a', status: 2 })])).toBe('change-active-bonus');
    expect(activateStepFor(issued, [issued, pb({ id: 'a', status: 2, isBonusCancelLock: true })])).toBe(
      'bonus-cancel-lock',
    );
  });

  it('progress is clamped and rounded to 2 decimals', () => {
    expect(progressOf({ currentWagerPercentage: 33.3333 })).toBe(33.33);
    expect(progressOf({ currentWagerPercentage: 140 })).toBe(100);
  });

  it('a deposit match is capped and needs the minimum deposit', () => {
    expect(bonusAmountFor(offer(), 'EUR', 50)).toBe(50);
    expect(bonusAmountFor(offer(), 'EUR', 500)).toBe(100);
    expect(bonusAmountFor(offer(), 'EUR', 5)).toBeNull();
    expect(bonusAmountFor(offer(), 'EUR', null)).toBeNull();
  });

  it('a package is one option sending its first offered bonus', () => {
    const pkg = { id: 'p', name: 'Welcome package' };
    const options = offerOptions([
      offer({ id: 'single' }),
      offer({ id: 'w2', package: pkg, packagePriority: 2 }),
      offer({ id: 'w1', package: pkg, packagePriority: 1 }),
    ]);
    expect(options.map((o) => o.id)).toEqual(['single', 'w1']);
    expect(options[1]!.items.map((b) => b.id)).toEqual(['w1', 'w2']);
    expect(options[1]!.packageName).toBe('Welcome package');
  });

  it('the deposit body carries the chosen id or the decline flag', () => {
    expect(depositBonusFields({ kind: 'bonus', id: 'x' })).toEqual({ bonusId: 'x', isBonusDecline: false });
    expect(depositBonusFields({ kind: 'decline' })).toEqual({ isBonusDecline: true });
    expect(depositBonusFields({ kind: 'none' })).toEqual({ isBonusDecline: false });
  });
});
