import { describe, expect, it } from 'vitest';
import { loadSessionProfile } from '../app/shared/session/session.server.ts';
import {
  decodeClaims,
  EXPIRY_MARGIN_MS,
  isTokenExpired,
  sessionIdOf,
  usableUntil,
} from '../app/shared/session/token.ts';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;

describe('access token (api-contract §1.2)', () => {
  const exp = 1_800_000_000;
  const token = jwt({ sub: 'p1', sessionId: 's-42', exp, name: 'Zoë' });

  it('decodes the payload without verifying, unicode included', () => {
    expect(decodeClaims(token)).toMatchObject({ sub: 'p1', sessionId: 's-42', exp, name: 'Zoë' });
    expect(sessionIdOf(token)).toBe('s-42');
  });

  it('counts as expired 10 s before exp', () => {
    const expMs = exp * 1000;
    expect(usableUntil(token)).toBe(expMs - EXPIRY_MARGIN_MS);
    expect(isTokenExpired(token, expMs - 10_001)).toBe(false);
    expect(isTokenExpired(token, expMs - 10_000)).toBe(true);
    expect(isTokenExpired(token, expMs + 1)).toBe(true);
  });

  it('treats unreadable tokens as expired and claim-less', () => {
    for (const bad of ['', 'abc', 'a.b', 'a.!!!.c', `x.${b64url([1])}.y`, jwt({ sub: 'p' })]) {
      expect(isTokenExpired(bad, 0)).toBe(true);
      expect(sessionIdOf(bad)).toBeNull();
    }
    expect(decodeClaims(null)).toBeNull();
  });
});

describe('SSR session (spec §4, §8)', () => {
  const profile = { id: 'p1' };
  const api = (answer: 'ok' | 'fail') => {
    const calls: unknown[] = [];
    return {
      calls,
      client: {
        player: {
          profile: async (input: unknown) => {
            calls.push(input);
            if (answer === 'fail') throw new Error('401');
            return { data: profile };
          },
        },
      } as never,
    };
  };
  const now = 1_700_000_000_000;
  const fresh = jwt({ exp: now / 1000 + 3600 });
  const expired = jwt({ exp: now / 1000 - 1 });

  it('loads the profile with the cookie token when fresh', async () => {
    const { client, calls } = api('ok');
    expect(await loadSessionProfile(client, `a=1; access_token=${fresh}`, now)).toEqual({ profile, pending: false });
    expect(calls).toEqual([{ token: fresh }]);
  });

  it('renders a guest and leaves an expired token to the browser', async () => {
    const { client, calls } = api('ok');
    expect(await loadSessionProfile(client, `access_token=${expired}`, now)).toEqual({ profile: null, pending: true });
    expect(calls).toEqual([]);
  });

  it('is a quiet guest when the profile fails or there is no cookie', async () => {
    expect(await loadSessionProfile(api('fail').client, `access_token=${fresh}`, now)).toEqual({
      profile: null,
      pending: false,
    });
    expect(await loadSessionProfile(api('ok').client, null, now)).toEqual({ profile: null, pending: false });
  });
});
