import { describe, expect, it } from 'vitest';
import { canOpen, isKnownModal, modalAccess, modalZIndex } from '../app/shared/modals/access.ts';
import { shouldCloseOnSwipe } from '../app/shared/modals/swipe.ts';

describe('modal access (spec §2)', () => {
  it('opens guest-only modals for guests only', () => {
    for (const name of ['sign-in', 'forgot-pass', 'reset-pass', 'sign-up']) {
      expect(canOpen(name, false)).toBe(true);
      expect(canOpen(name, true)).toBe(false);
    }
  });

  it('opens logged-in-only modals for players only', () => {
    for (const name of [
      'wallet',
      'deposit-success',
      'quests-hub',
      'max-bets',
      'restricted-bets',
      'success',
      'reality-check',
    ]) {
      expect(canOpen(name, true)).toBe(true);
      expect(canOpen(name, false)).toBe(false);
    }
  });

  it('opens the shared modals for everyone and nothing unknown', () => {
    for (const name of ['profile-confirmed', 'demo-game', 'categories', 'geo-restricted-game']) {
      expect(canOpen(name, true) && canOpen(name, false)).toBe(true);
    }
    expect(isKnownModal('utm_source')).toBe(false);
    expect(canOpen('utm_source', false)).toBe(false);
    // Players: the spec's 29 and the reality check (decision 0057).
    expect(modalAccess.size).toBe(4 + 30 + 9);
  });

  it('stacks at 1000 + 2 per index', () => {
    expect([0, 1, 2].map(modalZIndex)).toEqual([1000, 1002, 1004]);
  });
});

describe('swipe to close (spec §9)', () => {
  it('closes past 10% of the size', () => {
    expect(shouldCloseOnSwipe(51, 500, 1000)).toBe(true);
    expect(shouldCloseOnSwipe(50, 500, 1000)).toBe(false);
  });

  it('closes a quick flick under 300 ms, but not a tap or an upward move', () => {
    expect(shouldCloseOnSwipe(30, 500, 200)).toBe(true);
    expect(shouldCloseOnSwipe(30, 500, 300)).toBe(false);
    expect(shouldCloseOnSwipe(3, 500, 50)).toBe(false);
    expect(shouldCloseOnSwipe(-80, 500, 100)).toBe(false);
  });
});
