import { randomBytes } from 'node:crypto';
import type { StudioGameId, StudioRound, StudioSeeds, StudioSession } from '@croupier/contracts';
import type { LaunchParams } from '@croupier/contracts/launch-link';
import { isCurrencyCode, subunitOf, toMinor } from '@croupier/contracts/reference/index';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { StudioError } from './errors.ts';
import { adapters, type GameId, isGame } from './games/index.ts';
import { limitsFor } from './limits.ts';
import { studioSessions } from './schema.ts';
import { refusal, type WalletCalls } from './wallet-calls.ts';

export type SessionRow = typeof studioSessions.$inferSelect;

const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Demo sessions start with 1000 units of their currency. */
const DEMO_UNITS = 1000n;

/** Who owns seeds and rounds: the casino's player, or the demo session itself. */
export const ownerOf = (s: SessionRow) => (s.mode === 'real' ? (s.playerRef as string) : `session:${s.id}`);

/** The seamless launch token of a real-play session (demo sessions have none and never call the wallet). */
export function walletToken(s: SessionRow): string {
  if (!s.token) throw new Error(`session ${s.id} has no wallet token`);
  return s.token;
}

export interface Sessions {
  open(p: LaunchParams): Promise<string>;
  /** The session, or a 404 / 410 refusal. */
  load(id: string): Promise<SessionRow>;
  exists(id: string): Promise<boolean>;
  /** In minor units: the demo balance, or the casino wallet's. */
  balanceOf(s: SessionRow): Promise<string>;
}

export function createSessions({
  db,
  calls,
  activePair,
}: {
  db: Db;
  calls: Pick<WalletCalls, 'call'>;
  activePair: (owner: string) => Promise<unknown>;
}): Sessions {
  async function load(id: string): Promise<SessionRow> {
    if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(id)) {
      throw new StudioError(404, 'session_not_found', 'Unknown game session.');
    }
    const [s] = await db.select().from(studioSessions).where(eq(studioSessions.id, id));
    if (!s) throw new StudioError(404, 'session_not_found', 'Unknown game session.');
    if (s.expiresAt.getTime() < Date.now()) {
      throw new StudioError(410, 'session_expired', 'The game session has expired: reopen the game.');
    }
    return s;
  }

  return {
    load,

    async open(p) {
      if (!isGame(p.game)) throw new StudioError(400, 'invalid_game', 'Unknown game.');
      // An account currency only: a display unit such as mBTC is never what the wallet holds.
      if (!isCurrencyCode(p.currency)) throw new StudioError(400, 'invalid_currency', 'Unknown currency.');
      const id = randomBytes(32).toString('base64url');
      const lobby = /^\/(?!\/)/.test(p.lobby) || /^https?:\/\//.test(p.lobby) ? p.lobby.slice(0, 2048) : '/';
      const row = {
        id,
        game: p.game,
        mode: p.mode,
        currency: p.currency,
        locale: p.locale.slice(0, 16) || 'en',
        lobby,
        playerRef: p.mode === 'real' ? p.player : null,
        token: p.mode === 'real' ? p.token : null,
        demoBalance: p.mode === 'demo' ? DEMO_UNITS * BigInt(subunitOf(p.currency)) : 0n,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      };
      await db.insert(studioSessions).values(row);
      await activePair(ownerOf(row as SessionRow));
      return id;
    },

    async exists(id) {
      try {
        await load(id);
        return true;
      } catch {
        return false;
      }
    },

    async balanceOf(s) {
      if (s.mode === 'demo') return String(s.demoBalance);
      const answer = await calls.call('balance', { token: walletToken(s) });
      if (answer.kind === 'refused') throw refusal(answer);
      return toMinor(answer.body.balance, s.currency).toString();
    },
  };
}

/** The session as the game UI gets it. */
export function sessionView(
  s: SessionRow,
  parts: { balance: string; seeds: StudioSeeds; openRound: StudioRound | null },
): StudioSession {
  const limits = limitsFor(s.currency);
  return {
    id: s.id,
    game: s.game as StudioGameId,
    mode: s.mode,
    currency: s.currency,
    subunitToUnit: subunitOf(s.currency),
    balance: parts.balance,
    locale: s.locale,
    lobbyUrl: s.lobby,
    limits: {
      minBet: String(limits.minBet),
      maxBet: String(limits.maxBet),
      betSteps: limits.betSteps.map(String),
      betMultiple: String(adapters[s.game as GameId].betDivisor),
    },
    seeds: parts.seeds,
    openRound: parts.openRound,
  };
}
