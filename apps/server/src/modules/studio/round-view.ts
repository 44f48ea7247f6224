import type { StudioGameChoice, StudioGameId, StudioRound, StudioRoundsAnswer } from '@croupier/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { StudioError } from './errors.ts';
import { adapters, decode, type GameId, publicJson, type StoredAction } from './games/index.ts';
import { studioRounds, studioSeedPairs } from './schema.ts';
import type { PairRow } from './seeds.ts';
import { ownerOf, type SessionRow } from './sessions.ts';

export type RoundRow = typeof studioRounds.$inferSelect;

export interface RoundViews {
  /** A round as the player sees it; the server seed only once its pair is rotated out. */
  view(r: RoundRow, pair?: PairRow): Promise<StudioRound>;
  openOf(sessionId: string): Promise<RoundRow | undefined>;
  /** The owner's latest rounds of the session's game. */
  list(s: SessionRow, limit: unknown): Promise<StudioRoundsAnswer>;
}

export function createRoundViews(db: Db): RoundViews {
  async function view(r: RoundRow, pair?: PairRow): Promise<StudioRound> {
    const p = pair ?? (await db.select().from(studioSeedPairs).where(eq(studioSeedPairs.id, r.seedPairId)))[0]!;
    const adapter = adapters[r.game as GameId];
    const state = decode(r.state);
    const open = r.status === 'open';
    return {
      id: r.id,
      game: r.game as StudioGameId,
      status: r.status,
      bet: String(r.bet),
      payout: String(r.payout),
      createdAt: r.createdAt.toISOString(),
      serverSeedHash: p.serverSeedHash,
      clientSeed: r.clientSeed,
      nonce: r.nonce,
      serverSeed: p.active ? null : p.serverSeed,
      choice: r.choice as StudioGameChoice,
      outcome: r.status === 'rolled_back' ? null : publicJson(adapter.view(state, open)),
      actions: open ? adapter.actions(state) : [],
      history: r.actions as StoredAction[],
    };
  }

  return {
    view,

    async openOf(sessionId) {
      const [r] = await db
        .select()
        .from(studioRounds)
        .where(and(eq(studioRounds.sessionId, sessionId), eq(studioRounds.status, 'open')));
      return r;
    },

    async list(s, limitRaw) {
      const limit = limitRaw === undefined ? 20 : Number(limitRaw);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        throw new StudioError(422, 'invalid_request', 'limit must be from 1 to 100.', 'limit');
      }
      const rows = await db
        .select({ round: studioRounds, pair: studioSeedPairs })
        .from(studioRounds)
        .innerJoin(studioSeedPairs, eq(studioSeedPairs.id, studioRounds.seedPairId))
        .where(and(eq(studioRounds.owner, ownerOf(s)), eq(studioRounds.game, s.game)))
        .orderBy(desc(studioRounds.createdAt), desc(studioRounds.nonce))
        .limit(limit);
      return { rounds: await Promise.all(rows.map((x) => view(x.round, x.pair))) };
    },
  };
}
