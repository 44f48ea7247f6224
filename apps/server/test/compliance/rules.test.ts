import { describe, expect, it } from 'vitest';
import { SEVERITY } from '../../src/modules/compliance/index.ts';
import {
  cycling,
  type DayFacts,
  depositsDeclined,
  exclusionEnded,
  largeDeposit,
  limitNear,
  limitRaised,
  longSession,
  lossChasing,
  nightPlay,
  RULES,
  sharedDevice,
  sharedInstrument,
  THRESHOLDS,
} from '../../src/modules/compliance/rules.ts';
import { crossesNear } from '../../src/modules/risk/compliance-events.ts';

// Each flag rule of decision 0114 alone: a pure function of what the consumer learnt, firing on the crossing.

const P = '00000000-0000-4000-8000-000000000001';
const at = new Date('2026-03-04T12:00:00Z');
const day = (over: Partial<DayFacts> = {}): DayFacts => ({
  kind: 'day',
  playerId: P,
  currency: 'EUR',
  day: '2026-03-04',
  at,
  staked: 0n,
  won: 0n,
  nightBets: 0,
  declined: 0,
  before: { staked: 0n, won: 0n, nightBets: 0, declined: 0 },
  yesterday: null,
  dayBefore: null,
  ...over,
});

describe('flag rules', () => {
  it('every kind has a severity and the set lists each rule once', () => {
    expect(Object.keys(SEVERITY).sort()).toHaveLength(11);
    expect(Object.values(RULES).flat()).toHaveLength(new Set(Object.values(RULES).flat()).size);
  });

  it('loss chasing: net losses rising over three days, raised when today passes yesterday', () => {
    const rising = day({ staked: 9000n, won: 1000n, before: { staked: 5000n, won: 0n, nightBets: 0, declined: 0 } });
    const seen = lossChasing({ ...rising, yesterday: 6000n, dayBefore: 3000n });
    expect(seen).toMatchObject({ kind: 'loss_chasing', window: 'EUR:2026-03-04' });
    expect(seen?.evidence.netLoss).toEqual([30, 60, 80]);
    // Already above yesterday before this page: counted once, not again.
    expect(
      lossChasing({ ...rising, before: { ...rising.before, staked: 7000n }, yesterday: 6000n, dayBefore: 3000n }),
    ).toBeNull();
    // Not rising, or a winning day before: nothing.
    expect(lossChasing({ ...rising, yesterday: 2000n, dayBefore: 3000n })).toBeNull();
    expect(lossChasing({ ...rising, yesterday: 6000n, dayBefore: -100n })).toBeNull();
    expect(lossChasing({ ...rising, yesterday: null, dayBefore: 3000n })).toBeNull();
  });

  it('night play: on the bet that reaches the threshold', () => {
    const n = THRESHOLDS.nightBets;
    expect(
      nightPlay(day({ nightBets: n, before: { staked: 0n, won: 0n, nightBets: n - 1, declined: 0 } })),
    ).toMatchObject({
      kind: 'night_play',
      window: '2026-03-04',
    });
    expect(nightPlay(day({ nightBets: n + 1, before: { staked: 0n, won: 0n, nightBets: n, declined: 0 } }))).toBeNull();
    expect(nightPlay(day({ nightBets: n - 1 }))).toBeNull();
  });

  it('deposits declined repeatedly in a day', () => {
    const n = THRESHOLDS.depositsDeclined;
    expect(
      depositsDeclined(day({ declined: n, before: { staked: 0n, won: 0n, nightBets: 0, declined: n - 1 } }))?.kind,
    ).toBe('deposits_declined');
    expect(depositsDeclined(day({ declined: n - 1 }))).toBeNull();
  });

  it('long session: once per stretch, when it passes the length', () => {
    const startedAt = new Date(at.getTime() - THRESHOLDS.longSessionMs - 60_000);
    const seen = longSession({
      kind: 'play',
      playerId: P,
      startedAt,
      lastAt: at,
      pageFirstAt: new Date(at.getTime() - 120_000),
    });
    expect(seen).toMatchObject({ kind: 'long_session', window: startedAt.toISOString() });
    expect(longSession({ kind: 'play', playerId: P, startedAt, lastAt: at, pageFirstAt: at })).toBeNull();
    expect(longSession({ kind: 'play', playerId: P, startedAt: at, lastAt: at, pageFirstAt: at })).toBeNull();
  });

  it('large deposit: five times the average after three deposits', () => {
    const base = { kind: 'deposit' as const, playerId: P, currency: 'EUR', invoiceId: 'i1', at };
    expect(largeDeposit({ ...base, amount: 50_000n, priorCount: 3, priorTotal: 30_000n })).toMatchObject({
      kind: 'large_deposit',
      window: 'i1',
      evidence: { amount: 500, average: 100 },
    });
    expect(largeDeposit({ ...base, amount: 49_999n, priorCount: 3, priorTotal: 30_000n })).toBeNull();
    expect(largeDeposit({ ...base, amount: 1_000_000n, priorCount: 2, priorTotal: 200n })).toBeNull();
  });

  it('cycling: a withdrawal after deposits with stakes under a quarter of them', () => {
    const base = { kind: 'withdrawal' as const, playerId: P, currency: 'EUR', at };
    expect(cycling({ ...base, deposited: 10_000n, staked: 2_000n })).toMatchObject({ kind: 'cycling' });
    expect(cycling({ ...base, deposited: 10_000n, staked: 2_500n })).toBeNull();
    expect(cycling({ ...base, deposited: 0n, staked: 0n })).toBeNull();
  });

  it('shared instrument and device: the player is flagged from 3 accounts on, one flag per instrument or device', () => {
    const base = { kind: 'shared' as const, playerId: P, players: 3, playerIds: ['o1', P, 'o2'], at };
    const card = { ...base, what: 'instrument' as const, key: 'card:abc' };
    expect(sharedInstrument(card)).toMatchObject({
      kind: 'shared_instrument',
      window: 'card:abc',
      detail: 'A card used by 3 accounts.',
      evidence: { accounts: 3, others: ['o1', 'o2'] },
    });
    expect(sharedInstrument({ ...card, key: 'iban:def' })?.detail).toBe('A bank account used by 3 accounts.');
    expect(sharedInstrument({ ...card, players: 2 })).toBeNull();
    expect(sharedDevice(card)).toBeNull();
    const device = { ...base, what: 'device' as const, key: 'fp-1' };
    expect(sharedDevice(device)).toMatchObject({ kind: 'shared_device', window: 'device:fp-1' });
    expect(sharedDevice({ ...device, players: THRESHOLDS.sharedDeviceAccounts - 1 })).toBeNull();
    expect(sharedInstrument(device)).toBeNull();
  });

  it("the risk module's events: 80 % used, a raise, an exclusion ended", () => {
    const common = { playerId: P, at: at.toISOString() };
    expect(
      limitNear({
        kind: 'risk',
        event: {
          ...common,
          kind: 'limit.near',
          definition: 1,
          period: 'daily',
          currency: 'EUR',
          amount: '1000',
          used: '800',
        },
      }),
    ).toMatchObject({ kind: 'limit_near', window: '1:daily:EUR:2026-03-04', evidence: { used: 8, amount: 10 } });
    expect(
      limitRaised({
        kind: 'risk',
        event: {
          ...common,
          kind: 'limit.raise',
          limitId: 'L',
          definition: 2,
          period: 'weekly',
          currency: 'EUR',
          action: 'increase_requested',
          from: '1000',
          to: '5000',
        },
      })?.detail,
    ).toBe('Asked for the raise of the weekly loss limit from 10 to 50 EUR.');
    expect(
      exclusionEnded({
        kind: 'risk',
        event: { ...common, kind: 'exclusion.ended', limitId: 'L', definition: 5, period: '24h' },
      }),
    ).toMatchObject({ kind: 'exclusion_ended', window: 'L' });
  });

  it('80 % is a crossing: below before, at or over after', () => {
    expect(crossesNear(700n, 800n, 1000n)).toBe(true);
    expect(crossesNear(800n, 900n, 1000n)).toBe(false);
    expect(crossesNear(100n, 700n, 1000n)).toBe(false);
    expect(crossesNear(0n, 10n, 0n)).toBe(false);
  });
});
