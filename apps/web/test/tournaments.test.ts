import { describe, expect, it } from 'vitest';
import { bannerAction, liveState, timeLeft } from '../app/features/tournaments/format.ts';
import { entryOf, leaderboardOf } from '../app/features/tournaments/use-live-tournament.ts';

// The tournament page's rules (api-contract §11.3, §14.2): the banner action, the state by the clock, and
// what the leaderboard and entry publications carry.

describe('tournament banner action', () => {
  it('follows the contract: no key → none; an entry or no confirmation → play; else take part', () => {
    expect(bannerAction({ confirmationRequired: true })).toBe('none');
    expect(bannerAction({ confirmationRequired: false })).toBe('none');
    expect(bannerAction({ confirmationRequired: false, playerEntry: null })).toBe('play');
    expect(bannerAction({ confirmationRequired: true, playerEntry: { points: 0, place: 3 } })).toBe('play');
    expect(bannerAction({ confirmationRequired: true, playerEntry: null })).toBe('take-part');
  });
});

describe('tournament state by the clock', () => {
  const t = { state: 2, startAt: '2026-11-25T10:00:00Z', endAt: '2026-11-25T12:00:00Z' };
  it('moves an upcoming tournament to running and to finished on time; leaves finished ones alone', () => {
    expect(liveState(t, Date.parse('2026-11-25T09:59:59Z'))).toBe(2);
    expect(liveState(t, Date.parse('2026-11-25T10:00:00Z'))).toBe(3);
    expect(liveState(t, Date.parse('2026-11-25T12:00:00Z'))).toBe(4);
    expect(liveState({ ...t, state: 5 }, Date.parse('2026-11-25T11:00:00Z'))).toBe(5);
  });
  it('counts down in days, hours, minutes and seconds', () => {
    expect(timeLeft('2026-11-27T13:04:05Z', Date.parse('2026-11-25T12:00:00Z'))).toEqual({
      done: false,
      days: 2,
      hours: 1,
      minutes: 4,
      seconds: 5,
    });
    expect(timeLeft('2026-11-25T12:00:00Z', Date.parse('2026-11-25T13:00:00Z')).done).toBe(true);
  });
});

describe('tournament publications', () => {
  const rows = [{ playerId: 'p1', nickname: 'A', place: 1, points: 3 }];
  it('takes the leaderboard of this tournament only', () => {
    const data = { event: 'tournament.leaderboard.updated', tournamentId: 't1', leaderboard: rows };
    expect(leaderboardOf(data, 't1')).toEqual(rows);
    expect(leaderboardOf(data, 't2')).toBeNull();
    expect(leaderboardOf({ ...data, event: 'other' }, 't1')).toBeNull();
    expect(leaderboardOf({ ...data, leaderboard: 'x' }, 't1')).toBeNull();
  });
  it('takes a well-formed entry of this tournament only', () => {
    const entry = { tournamentId: 't1', playerId: 'p1', points: 4.5, place: 2 };
    expect(entryOf({ event: 'tournament.player-entry.updated', entry }, 't1')).toEqual({ points: 4.5, place: 2 });
    expect(entryOf({ event: 'tournament.player-entry.updated', entry }, 't2')).toBeNull();
    expect(entryOf({ event: 'tournament.player-entry.updated', entry: { ...entry, place: '2' } }, 't1')).toBeNull();
  });
});
