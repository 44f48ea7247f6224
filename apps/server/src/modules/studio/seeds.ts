import type { StudioRotateAnswer, StudioSeeds, StudioSeedsAnswer } from '@croupier/contracts';
import { assertClientSeed, GameInputError, newSeedPair } from '@croupier/games';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { StudioError } from './errors.ts';
import type { WithLock } from './lock.ts';
import { studioRounds, studioSeedPairs } from './schema.ts';

export type PairRow = typeof studioSeedPairs.$inferSelect;

export const seedsOf = (p: PairRow): StudioSeeds => ({
  serverSeedHash: p.serverSeedHash,
  clientSeed: p.clientSeed,
  nonce: p.nonce,
});

export function checkClientSeed(raw: unknown, optional: boolean): string | undefined {
  if (raw === undefined && optional) return undefined;
  try {
    if (typeof raw !== 'string')
      throw new GameInputError('invalid_seed', 'clientSeed', 'The client seed must be a string.');
    return assertClientSeed(raw);
  } catch (e) {
    if (e instanceof GameInputError) throw new StudioError(422, 'invalid_seed', e.message, 'clientSeed');
    throw e;
  }
}

export interface Seeds {
  /** The owner's active seed pair, created on first use. */
  active(owner: string, tx?: Db): Promise<PairRow>;
  setClientSeed(owner: string, clientSeed: unknown): Promise<StudioSeedsAnswer>;
  rotate(owner: string, clientSeed: unknown): Promise<StudioRotateAnswer>;
}

/** Seed pairs per owner (a player, or a demo session): the active pair, the client seed, rotation. */
export function createSeeds({ db, withLock }: { db: Db; withLock: WithLock }): Seeds {
  async function active(owner: string, tx: Db = db): Promise<PairRow> {
    const [found] = await tx
      .select()
      .from(studioSeedPairs)
      .where(and(eq(studioSeedPairs.owner, owner), eq(studioSeedPairs.active, true)));
    if (found) return found;
    const p = newSeedPair();
    await tx
      .insert(studioSeedPairs)
      .values({ owner, serverSeed: p.serverSeed, serverSeedHash: p.serverSeedHash, clientSeed: p.clientSeed })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(studioSeedPairs)
      .where(and(eq(studioSeedPairs.owner, owner), eq(studioSeedPairs.active, true)));
    return row as PairRow;
  }

  async function openRoundOfOwner(owner: string) {
    const [r] = await db
      .select()
      .from(studioRounds)
      .where(and(eq(studioRounds.owner, owner), eq(studioRounds.status, 'open')))
      .limit(1);
    return r;
  }

  return {
    active,

    async setClientSeed(owner, clientSeed) {
      const seed = checkClientSeed(clientSeed, false)!;
      return withLock(owner, async () => {
        if (await openRoundOfOwner(owner)) throw new StudioError(409, 'round_open', 'Finish the open round first.');
        const pair = await active(owner);
        const [row] = await db
          .update(studioSeedPairs)
          .set({ clientSeed: seed })
          .where(eq(studioSeedPairs.id, pair.id))
          .returning();
        return { seeds: seedsOf(row!) };
      });
    },

    async rotate(owner, clientSeed) {
      const seed = checkClientSeed(clientSeed, true);
      return withLock(owner, async () => {
        // An open round's hidden cards or mines come from this seed: it is revealed only when none is open.
        if (await openRoundOfOwner(owner)) throw new StudioError(409, 'round_open', 'Finish the open round first.');
        const old = await active(owner);
        const next = newSeedPair(seed ?? old.clientSeed);
        const row = await db.transaction(async (tx) => {
          await tx
            .update(studioSeedPairs)
            .set({ active: false, revealedAt: new Date() })
            .where(eq(studioSeedPairs.id, old.id));
          const [n] = await tx
            .insert(studioSeedPairs)
            .values({
              owner,
              serverSeed: next.serverSeed,
              serverSeedHash: next.serverSeedHash,
              clientSeed: next.clientSeed,
            })
            .returning();
          return n!;
        });
        return {
          revealed: {
            serverSeed: old.serverSeed,
            serverSeedHash: old.serverSeedHash,
            clientSeed: old.clientSeed,
            nonce: old.nonce,
          },
          seeds: seedsOf(row),
        };
      });
    },
  };
}
