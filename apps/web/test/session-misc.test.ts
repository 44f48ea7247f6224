import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../app/features/auth/autologin.ts';
import { displayNickname } from '../app/shared/session/nickname.ts';
import { shouldReportPwa } from '../app/shared/session/pwa.ts';
import { encodeSignal, parseSignal, reactionTo } from '../app/shared/session/signals.ts';

describe('cross-tab signals (spec §4)', () => {
  it('round-trips and reacts: login reloads a logged-out tab, logout sends a logged-in tab home', () => {
    expect(parseSignal(encodeSignal('login', 5))).toBe('login');
    expect(parseSignal(encodeSignal('logout', 5))).toBe('logout');
    expect(parseSignal('nonsense')).toBeNull();
    expect(parseSignal(null)).toBeNull();
    expect(reactionTo('login', false)).toBe('reload');
    expect(reactionTo('login', true)).toBeNull();
    expect(reactionTo('logout', true)).toBe('home');
    expect(reactionTo('logout', false)).toBeNull();
  });
});

describe('displayed nickname (spec §3)', () => {
  it('falls back from nickname to the e-mail local part to Unknown', () => {
    expect(displayNickname({ nickname: 'Ace', email: 'a@b.c' }, 'Unknown')).toBe('Ace');
    expect(displayNickname({ nickname: ' ', email: 'lucky.luke@example.com' }, 'Unknown')).toBe('lucky.luke');
    expect(displayNickname({ nickname: null, email: null }, 'Unknown')).toBe('Unknown');
    expect(displayNickname(null, 'Unbekannt')).toBe('Unbekannt');
  });
});

describe('installed-app report (spec §4)', () => {
  const base = { standalone: false, storedFlag: false, profilePwaInstalled: false, alreadySent: false };
  it('sends once on standalone display or the stored flag, only while the profile says false', () => {
    expect(shouldReportPwa(base)).toBe(false);
    expect(shouldReportPwa({ ...base, standalone: true })).toBe(true);
    expect(shouldReportPwa({ ...base, storedFlag: true })).toBe(true);
    expect(shouldReportPwa({ ...base, storedFlag: true, profilePwaInstalled: true })).toBe(false);
    expect(shouldReportPwa({ ...base, storedFlag: true, alreadySent: true })).toBe(false);
  });
});

describe('autologin redirect', () => {
  it('keeps same-site paths only', () => {
    expect(safeRedirectPath('/games/abc?x=1', '/')).toBe('/games/abc?x=1');
    expect(safeRedirectPath('%2Fprofile%2Finfo', '/')).toBe('/profile/info');
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      'javascript:alert(1)',
      '%E0%A4%A',
    ]) {
      expect(safeRedirectPath(bad, '/de')).toBe('/de');
    }
  });
});
