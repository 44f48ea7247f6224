import type { WithdrawalSettings } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { autoApproves, needsFourEyes } from '../../src/modules/payment/review/rules.ts';
import { seededTable, toBaseMinor } from '../../src/modules/settings/index.ts';

// The thresholds compared in the base currency only (decision 0112). openora let 0.4 BTC through a threshold of
// "1" meant for a stablecoin: here every amount is converted to EUR first, and no rate means no auto-approval.

const settings = (autoApproveBelow: number, fourEyesAbove: number | null): WithdrawalSettings => ({
  autoApproveBelow,
  fourEyesAbove,
});
const btc = (major: number) => BigInt(Math.round(major * 1e8));

describe('withdrawal thresholds in EUR', () => {
  it('0.4 BTC is thousands of euros: never under a 1 EUR or 100 EUR threshold', () => {
    const base = toBaseMinor(seededTable, 'BTC', btc(0.4));
    expect(base).not.toBeNull();
    expect(base!).toBeGreaterThan(1000_00n);
    expect(autoApproves(settings(1, null), base, [], seededTable)).toBe(false);
    expect(autoApproves(settings(100, null), base, [], seededTable)).toBe(false);
    expect(needsFourEyes(settings(0, 1000), base, seededTable)).toBe(true);
  });

  it('a tiny BTC amount under 100 EUR is approved; the same in EUR at the threshold is not (strictly below)', () => {
    const base = toBaseMinor(seededTable, 'BTC', 1000n); // 0.00001 BTC
    expect(autoApproves(settings(100, 1000), base, [], seededTable)).toBe(true);
    expect(autoApproves(settings(100, 1000), toBaseMinor(seededTable, 'EUR', 100_00n), [], seededTable)).toBe(false);
    expect(autoApproves(settings(100, 1000), toBaseMinor(seededTable, 'EUR', 99_99n), [], seededTable)).toBe(true);
  });

  it('fails closed: no rate, a raised flag, the default 0 or a four-eyes amount never go on by themselves', () => {
    const noRate = { base: 'EUR', rates: new Map() };
    expect(toBaseMinor(noRate, 'BTC', btc(0.0001))).toBeNull();
    expect(autoApproves(settings(1e9, null), null, [], seededTable)).toBe(false);
    expect(needsFourEyes(settings(0, 1000), null, seededTable)).toBe(true);
    expect(autoApproves(settings(100, 1000), 10_00n, ['velocity'], seededTable)).toBe(false);
    expect(autoApproves(settings(0, 1000), 1n, [], seededTable)).toBe(false);
    // A threshold set above four-eyes (the API refuses it; a stale row cannot do it either).
    expect(autoApproves(settings(500, 100), 200_00n, [], seededTable)).toBe(false);
    expect(needsFourEyes(settings(0, null), 1_000_000_00n, seededTable)).toBe(false);
  });
});
