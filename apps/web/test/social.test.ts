import { ApiError, ErrorCode } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import {
  backRouteOf,
  callbackQuery,
  currentBackRoute,
  isCancelled,
  providerName,
  socialFailureOf,
  socialStartUrl,
  withParam,
} from '../app/features/auth/social.ts';
import { flashOf, flashState } from '../app/features/shell/flash.ts';

const state = (backRoute: unknown) => JSON.stringify({ backRoute, loginId: 'abc' });

describe('social sign-in start', () => {
  it('navigates to the redirect endpoint with the URI-encoded backRoute inside the JSON state', () => {
    const url = new URL(socialStartUrl('croupier-id', '/de/main?x=1&y=2'), 'http://site.test');
    expect(url.pathname).toBe('/api/player/sessions/social/croupier-id/redirect');
    const parsed = JSON.parse(url.searchParams.get('state')!);
    expect(parsed).toEqual({ backRoute: '%2Fde%2Fmain%3Fx%3D1%26y%3D2' });
    expect(decodeURIComponent(parsed.backRoute)).toBe('/de/main?x=1&y=2');
  });

  it('comes back to the current page without the sign-in and sign-up modals', () => {
    expect(currentBackRoute('/games/7', '?sign-in=true&demo=1')).toBe('/games/7?demo=1');
    expect(currentBackRoute('/', '?sign-up=true&sign-up-cancel=true')).toBe('/');
    expect(currentBackRoute('/de/categories/slots', '')).toBe('/de/categories/slots');
  });

  it('names providers from a small map, else in title case', () => {
    expect(providerName('croupier-id')).toBe('Croupier ID');
    expect(providerName('google')).toBe('Google');
    expect(providerName('my_bank-id')).toBe('My Bank Id');
  });
});

describe('social callback', () => {
  it('keeps every callback parameter, a repeated key as a list', () => {
    expect(callbackQuery('?code=c1&state=%7B%7D&iss=http%3A%2F%2Fx&scope=a&scope=b')).toEqual({
      code: 'c1',
      state: '{}',
      iss: 'http://x',
      scope: ['a', 'b'],
    });
    expect(callbackQuery('')).toEqual({});
  });

  it('reads backRoute from the state JSON and decodes it once', () => {
    expect(backRouteOf(state('%2Fde%2Fmain%3Fx%3D1'), '/')).toBe('/de/main?x=1');
    expect(backRouteOf(state('/plain'), '/')).toBe('/plain');
    expect(backRouteOf([state('%2Ffirst'), state('%2Fsecond')], '/')).toBe('/first');
  });

  it('refuses anything but a same-site path', () => {
    const fallback = '/fr';
    expect(backRouteOf(state('%2F%2Fevil.example%2Fx'), fallback)).toBe(fallback);
    expect(backRouteOf(state('https%3A%2F%2Fevil.example'), fallback)).toBe(fallback);
    expect(backRouteOf(state('%2F%5Cevil.example'), fallback)).toBe(fallback);
    expect(backRouteOf(state('javascript%3Aalert(1)'), fallback)).toBe(fallback);
    expect(backRouteOf(state('%E0%A4%A'), fallback)).toBe(fallback);
    expect(backRouteOf(state(42), fallback)).toBe(fallback);
    expect(backRouteOf('not json', fallback)).toBe(fallback);
    expect(backRouteOf('[1]', fallback)).toBe(fallback);
    expect(backRouteOf('{}', fallback)).toBe(fallback);
    expect(backRouteOf(undefined, fallback)).toBe(fallback);
  });

  it('adds a modal to the back route, keeping its query and hash', () => {
    expect(withParam('/games/7?demo=1#top', 'sign-in')).toBe('/games/7?demo=1&sign-in=true#top');
    expect(withParam('/', 'sign-in', 'social-email')).toBe('/?sign-in=social-email');
  });

  it('treats access_denied as a cancel', () => {
    expect(isCancelled({ error: 'access_denied', state: '{}' })).toBe(true);
    expect(isCancelled({ error: 'server_error' })).toBe(false);
    expect(isCancelled({ code: 'x' })).toBe(false);
  });

  it('maps 11001 to the e-mail hint, 11002 to blocked, anything else to sign-up', () => {
    expect(socialFailureOf(new ApiError(422, ErrorCode.socialEmailProblem, 'e-mail'))).toBe('email');
    expect(socialFailureOf(new ApiError(403, ErrorCode.socialAccountBlocked, 'blocked'))).toBe('blocked');
    expect(socialFailureOf(new ApiError(422, ErrorCode.validation, 'state', { state: ['x'] }))).toBe('sign-up');
    expect(socialFailureOf(new Error('network'))).toBe('sign-up');
  });

  it('carries the account-blocked notice in the navigation state only', () => {
    expect(flashOf(flashState('accountBlocked'))).toBe('accountBlocked');
    expect(flashOf({ flash: 'somethingElse' })).toBeNull();
    expect(flashOf(null)).toBeNull();
    expect(flashOf('accountBlocked')).toBeNull();
  });
});
