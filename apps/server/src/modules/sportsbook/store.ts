import { randomBytes } from 'node:crypto';
import type { LaunchParams } from '@croupier/contracts/launch-link';

export type BetStatus = 'open' | 'won' | 'lost' | 'cashed_out';

export interface BetRow {
  id: string;
  eventId: string;
  outcomeId: string;
  /** Hundredths (210 = 2.10). */
  odds: number;
  stake: bigint;
  status: BetStatus;
  /** Set while a settle or cash-out is with the wallet, so a double click cannot send both. */
  closing: boolean;
  /** The closing win once decided (kind, drawn result, amount): a retry resends exactly it. */
  pending: { kind: 'settle' | 'cash-out'; result: string | null; amount: bigint } | null;
  resultOutcomeId: string | null;
  payout: bigint;
  createdAt: Date;
}

export interface SessionRow {
  id: string;
  token: string;
  currency: string;
  locale: string;
  lobby: string;
  expiresAt: number;
  bets: Map<string, BetRow>;
}

const SESSION_TTL_MS = 12 * 3_600_000;
const MAX_SESSIONS = 10_000;
const MAX_BETS_PER_SESSION = 200;

/**
 * The sandbox keeps its sessions and bets in this process's memory (decision 0071): it is a demo
 * provider, one process; the wallet's rounds are the record of money. A restart forgets open bets (their
 * rounds stay open in the wallet, as with any provider that never settles).
 */
export function createStore(now = () => Date.now()) {
  const sessions = new Map<string, SessionRow>();
  return {
    open(p: LaunchParams): SessionRow {
      if (sessions.size >= MAX_SESSIONS) {
        const oldest = sessions.keys().next().value;
        if (oldest) sessions.delete(oldest);
      }
      const row: SessionRow = {
        id: randomBytes(32).toString('base64url'),
        token: p.token,
        currency: p.currency,
        locale: p.locale.slice(0, 16) || 'en',
        lobby: p.lobby,
        expiresAt: now() + SESSION_TTL_MS,
        bets: new Map(),
      };
      sessions.set(row.id, row);
      return row;
    },
    /** The live session, or null (unknown or expired: both are "not found" to a caller). */
    get(id: string): SessionRow | null {
      const row = sessions.get(id);
      if (!row) return null;
      if (row.expiresAt < now()) {
        sessions.delete(id);
        return null;
      }
      return row;
    },
    addBet(session: SessionRow, bet: BetRow): boolean {
      if (session.bets.size >= MAX_BETS_PER_SESSION) return false;
      session.bets.set(bet.id, bet);
      return true;
    },
  };
}
export type Store = ReturnType<typeof createStore>;
