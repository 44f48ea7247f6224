import { RealtimeEvent } from '@croupier/contracts';
import type { OpenGame } from './open-game.ts';

/** What a `game:bets` publication asks the open game page to show (api-contract §14.2 list 3). */
export type BetNotice = { kind: 'restricted' } | { kind: 'maxBet'; amount: number; currency: string };

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The notice for a publication, or null: only for the game open in real mode; a max-bet notice needs
 * both the bonus's `maxBetAmount` and `currency` (spec §8: ignored if either is missing).
 */
export function betNoticeFor(data: unknown, open: OpenGame | null): BetNotice | null {
  const event = record(data);
  if (!event || !open || open.mode !== 'real') return null;
  if (typeof event.gameIdentity !== 'string' || event.gameIdentity !== open.identity) return null;
  if (event.event === RealtimeEvent.betRestricted) return { kind: 'restricted' };
  if (event.event !== RealtimeEvent.betMaxExceed) return null;
  // The amount and currency come with the bonus; a flat payload is read as a fallback.
  const bonus = record(event.playerBonus) ?? {};
  const amount = bonus.maxBetAmount ?? event.maxBetAmount;
  const currency = bonus.currency ?? event.currency;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || typeof currency !== 'string' || !currency) return null;
  return { kind: 'maxBet', amount, currency };
}

/** `?max-bets=5-EUR`: the limit travels in the address so a reload shows the same notice. */
export const maxBetType = (amount: number, currency: string) => `${amount}-${currency}`;

export function parseMaxBetType(type: string): { amount: number; currency: string } | null {
  const match = /^(\d+(?:\.\d+)?)-([A-Za-z0-9]{2,10})$/.exec(type);
  return match?.[1] && match[2] ? { amount: Number(match[1]), currency: match[2] } : null;
}
