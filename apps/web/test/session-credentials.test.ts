import { describe, expect, it } from 'vitest';
import { credentialsFor } from '../app/shared/session/credentials.ts';

// Issue 14 §3: only the session calls carry cookies, so the HttpOnly refresh cookie is stored and sent back.

describe('credentials of API calls', () => {
  it('session calls go with same-origin cookies', () => {
    for (const url of [
      '/api/player/sessions',
      '/api/player/sessions/refresh',
      '/api/player/sessions/logout',
      '/api/player/sessions/token',
      '/api/player/sessions/social?code=1',
      '/api/player/register',
      '/api/player/register/phone',
      'https://casino.test/api/player/sessions/refresh',
    ]) {
      expect(credentialsFor(url), url).toBe('same-origin');
    }
  });

  it('every other call omits cookies', () => {
    for (const url of ['/api/player/profile', '/api/wallet/accounts', '/api/player/sessionsx', '/api/settings/site']) {
      expect(credentialsFor(url), url).toBe('omit');
    }
  });
});
