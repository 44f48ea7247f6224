import { describe, expect, it } from 'vitest';
import { betNoticeFor } from '../app/features/realtime/bet-notices.ts';
import { realtimeUrl } from '../app/features/realtime/endpoint.ts';
import { tournamentPrizeFor } from '../app/features/realtime/tournament-alerts.ts';

const open = { identity: 'croupier-dice', mode: 'real' } as const;
const bonus = { id: 'b1', currency: 'EUR', maxBetAmount: 5 };

describe('game:bets notices (api-contract §14.2 list 3)', () => {
  it('shows the restricted notice for the open game in real mode', () => {
    const data = { event: 'game.bet.restricted', gameId: 'g', gameIdentity: 'croupier-dice', playerBonus: bonus };
    expect(betNoticeFor(data, open)).toEqual({ kind: 'restricted' });
  });

  it('shows the max-bet notice with the bonus amount and currency', () => {
    const data = { event: 'game.bet.max.exceed', gameIdentity: 'croupier-dice', playerBonus: bonus };
    expect(betNoticeFor(data, open)).toEqual({ kind: 'maxBet', amount: 5, currency: 'EUR' });
  });

  it('ignores max-exceed when maxBetAmount or currency is missing', () => {
    const base = { event: 'game.bet.max.exceed', gameIdentity: 'croupier-dice' };
    expect(betNoticeFor({ ...base, playerBonus: { currency: 'EUR' } }, open)).toBeNull();
    expect(betNoticeFor({ ...base, playerBonus: { maxBetAmount: 5 } }, open)).toBeNull();
    expect(betNoticeFor({ ...base, playerBonus: { maxBetAmount: 5, currency: '' } }, open)).toBeNull();
    expect(betNoticeFor({ ...base, playerBonus: { maxBetAmount: '5', currency: 'EUR' } }, open)).toBeNull();
    expect(betNoticeFor(base, open)).toBeNull();
  });

  it('shows nothing for another game, in demo mode, or with no game open', () => {
    const data = { event: 'game.bet.restricted', gameIdentity: 'croupier-dice', playerBonus: bonus };
    expect(betNoticeFor({ ...data, gameIdentity: 'croupier-mines' }, open)).toBeNull();
    expect(betNoticeFor(data, { ...open, mode: 'demo' })).toBeNull();
    expect(betNoticeFor(data, null)).toBeNull();
    expect(betNoticeFor({ ...data, event: 'game.bet.balance-insufficient' }, open)).toBeNull();
    expect(betNoticeFor('nonsense', open)).toBeNull();
  });
});

describe('tournament.completed alert (spec §8)', () => {
  const tournament = {
    id: 't1',
    title: 'Weekend Race',
    identity: 'weekend-race',
    state: 4,
    endAt: '2026-01-01T00:00:00Z',
    prizes: [
      { place: 1, type: 1, title: '€500', entry: { playerId: 'p-other', nickname: 'x', points: 90 } },
      { place: 2, type: 1, title: '€200', entry: { playerId: 'p-me', nickname: 'me', points: 80 } },
      { place: 3, type: 1, title: '€100' },
    ],
  };
  const event = { event: 'tournament.completed', tournament };

  it('alerts with place, tournament title and prize title when a prize entry is this player', () => {
    expect(tournamentPrizeFor(event, 'p-me')).toEqual({
      place: 2,
      tournamentTitle: 'Weekend Race',
      prizeTitle: '€200',
    });
  });

  it('stays silent for a player without a prize, a guest, another event or a malformed payload', () => {
    expect(tournamentPrizeFor(event, 'p-nobody')).toBeNull();
    expect(tournamentPrizeFor(event, null)).toBeNull();
    expect(tournamentPrizeFor({ ...event, event: 'tournament.leaderboard.updated' }, 'p-me')).toBeNull();
    expect(tournamentPrizeFor({ event: 'tournament.completed', tournament: { title: 'x' } }, 'p-me')).toBeNull();
    expect(tournamentPrizeFor(null, 'p-me')).toBeNull();
  });
});

describe('real-time endpoint (api-contract §14.1)', () => {
  it('follows the page scheme and keeps the host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'casino.example' })).toBe(
      'wss://casino.example/api/connection/websocket',
    );
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:4123' })).toBe(
      'ws://127.0.0.1:4123/api/connection/websocket',
    );
  });
});
