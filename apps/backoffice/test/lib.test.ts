import { ApiError, ErrorCode } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { isClientError, isUnauthenticated, problemOf } from '../app/lib/errors.ts';
import { activeBlocks, formatAmount, formatTime, playerLabel, shortId } from '../app/lib/format.ts';
import { newIdempotencyKey } from '../app/lib/idempotency.ts';
import { allows, navFor } from '../app/lib/permissions.ts';
import { pageOf, perPageOf, safeNext, textOf, withParams } from '../app/lib/url-state.ts';

// The back office's pure pieces (decision 0109): filters in the address, errors as screens show them,
// what the nav shows per role, amounts and times, the adjustment's idempotency key.

describe('url state', () => {
  it('reads the page and the page size, falling back on anything odd', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3);
    for (const bad of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=9999999', '']) {
      expect(pageOf(new URLSearchParams(bad))).toBe(1);
    }
    expect(perPageOf(new URLSearchParams('perPage=50'))).toBe(50);
    expect(perPageOf(new URLSearchParams('perPage=37'))).toBe(25);
    expect(perPageOf(new URLSearchParams(''), 50)).toBe(50);
  });

  it('changes filters, drops empty ones and goes back to the first page', () => {
    const params = new URLSearchParams('search=ann&page=4&tab=notes');
    expect(withParams(params, { search: 'bob' }).toString()).toBe('search=bob&tab=notes');
    expect(withParams(params, { search: '  ' }).toString()).toBe('tab=notes');
    expect(withParams(params, { search: null, tab: undefined }).toString()).toBe('');
    expect(withParams(params, { page: 5 }).toString()).toBe('search=ann&page=5&tab=notes');
    expect(withParams(params, { page: 1 }).toString()).toBe('search=ann&tab=notes');
    // The original is left as it was.
    expect(params.toString()).toBe('search=ann&page=4&tab=notes');
  });

  it('trims text filters and leaves blanks out', () => {
    expect(textOf(new URLSearchParams('action=%20player.view%20'), 'action')).toBe('player.view');
    expect(textOf(new URLSearchParams('action=%20'), 'action')).toBeUndefined();
    expect(textOf(new URLSearchParams(''), 'action')).toBeUndefined();
  });

  it('sends back after sign-in only to a path inside the app', () => {
    expect(safeNext('/players/abc?tab=notes')).toBe('/players/abc?tab=notes');
    for (const bad of [
      null,
      undefined,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'players',
      '/sign-in?next=/x',
      '/\u0000x',
    ]) {
      expect(safeNext(bad)).toBe('/');
    }
  });
});

describe('errors', () => {
  it('shows the first message of each field of a 422', () => {
    const error = ApiError.of(ErrorCode.validation, 'Invalid.', {
      reason: ['Give a reason.', 'Other'],
      amount: ['Bad.'],
    });
    const problem = problemOf(error);
    expect(problem.fields).toEqual({ reason: 'Give a reason.', amount: 'Bad.' });
    expect(problem.status).toBe(422);
  });

  it('says plainly what four-eyes and an already decided item mean', () => {
    expect(problemOf(ApiError.of(ErrorCode.fourEyes, 'maker')).message).toMatch(/another person must approve/);
    expect(problemOf(ApiError.of(ErrorCode.alreadyDecided, 'x')).message).toMatch(/already decided/);
    expect(problemOf(ApiError.of(ErrorCode.limitRaiseRefused, 'x')).message).toMatch(/only add a limit or lower/);
  });

  it("keeps the server's words for sign-in refusals (it knows when to try again)", () => {
    expect(problemOf(ApiError.of(ErrorCode.staffTooManyAttempts, 'Try again in 60 s.')).message).toBe(
      'Try again in 60 s.',
    );
    expect(problemOf(ApiError.of(ErrorCode.staffWrongCode, 'Wrong code.')).message).toBe('Wrong code.');
  });

  it('tells a lost connection and an unknown failure apart', () => {
    expect(problemOf(new ApiError(0, ErrorCode.internal, 'Network error')).message).toMatch(/could not be reached/);
    expect(problemOf(new Error('boom')).message).toMatch(/Something went wrong/);
  });

  it('recognises a closed session (20000) and refusals a retry cannot fix', () => {
    expect(isUnauthenticated(ApiError.of(ErrorCode.staffUnauthenticated, 'x'))).toBe(true);
    expect(isUnauthenticated(ApiError.of(ErrorCode.staffForbidden, 'x'))).toBe(false);
    expect(isUnauthenticated(ApiError.of(ErrorCode.staffWrongCredentials, 'x'))).toBe(false);
    expect(isClientError(ApiError.of(ErrorCode.staffForbidden, 'x'))).toBe(true);
    expect(isClientError(new ApiError(503, ErrorCode.internal, 'x'))).toBe(false);
    expect(isClientError(new Error('x'))).toBe(false);
  });
});

describe('permissions', () => {
  it('shows each role only the screens it may use', () => {
    const labels = (permissions: string[]) => navFor(permissions).map((item) => item.label);
    expect(labels([])).toEqual(['Dashboard']);
    expect(labels(['players:read', 'players:notes'])).toEqual(['Dashboard', 'Players']);
    expect(labels(['players:read', 'adjustments:create', 'audit:read', 'staff:manage'])).toEqual([
      'Dashboard',
      'Players',
      'Adjustments',
      'Audit log',
      'Staff',
    ]);
    expect(allows(undefined, 'players:read')).toBe(false);
    expect(allows(undefined, null)).toBe(true);
  });
});

describe('format', () => {
  it('shows amounts with their currency, exact, never rounded to 2 places', () => {
    expect(formatAmount(1234.5, 'EUR')).toBe('1,234.50 EUR');
    expect(formatAmount(0.00012345, 'BTC')).toBe('0.00012345 BTC');
    expect(formatAmount(-25, 'EUR', true)).toBe('-25.00 EUR');
    expect(formatAmount(25, 'EUR', true)).toBe('+25.00 EUR');
    expect(formatAmount(null, 'EUR')).toBe('—');
  });

  it('shows times in UTC to the second', () => {
    expect(formatTime('2025-03-01T14:05:09.123Z')).toBe('2025-03-01 14:05:09');
    expect(formatTime('2025-03-01T15:05:09+01:00')).toBe('2025-03-01 14:05:09');
    expect(formatTime(null)).toBe('—');
  });

  it('names a player by nickname, e-mail, phone, then id', () => {
    expect(playerLabel({ id: 'p1', nickname: 'ann', email: 'a@x.test' })).toBe('ann');
    expect(playerLabel({ id: 'p1', nickname: null, email: 'a@x.test' })).toBe('a@x.test');
    expect(playerLabel({ id: 'p1', phone: '4912345' })).toBe('+4912345');
    expect(playerLabel({ id: 'p1' })).toBe('p1');
    expect(shortId('0123456789abcdef')).toBe('01234567…');
    expect(activeBlocks({ login: true, deposit: false, bet: true, withdrawal: false })).toEqual(['login', 'bet']);
  });
});

describe('idempotency key', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a UUID v4, also where randomUUID is missing (plain http is not a secure context)', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    // Only getRandomValues, as in a page served over plain http.
    const insecure: Pick<Crypto, 'getRandomValues'> = { getRandomValues: (array) => crypto.getRandomValues(array) };
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey(insecure)));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID);
  });
});
