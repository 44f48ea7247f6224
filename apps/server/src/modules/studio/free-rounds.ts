import { randomUUID } from 'node:crypto';
import type { FreeRoundGrant, StudioFreeRound, StudioRoundAnswer } from '@croupier/contracts';
import { toMinor } from '@croupier/contracts/reference/money';
import { FairStream, slot } from '@croupier/games';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { StudioError } from './errors.ts';
import { adapters, type Step } from './games/index.ts';
import { winCall } from './round-calls.ts';
import { finish, keepBet, type RoundDeps, undoBet, walletBet } from './round-money.ts';
import { advance, type NewRound, roundRow } from './round-play.ts';
import { studioFreeRounds, studioRounds, studioWalletCalls } from './schema.ts';
import { ownerOf, type SessionRow } from './sessions.ts';

// Free rounds the casino awarded (decision 0065), as a provider keeps them: the casino's free-spin id, for one
// player, game and currency, at a fixed bet. A free round is a Neon Fruits casino free spin
// (`playCasinoFreeSpin`): a zero-stake seamless bet carrying the id, then the round's win as usual.

/** Adds or refreshes an award (the same award twice is one; spins already played stay played). */
export async function grantFreeRounds(db: Db, g: FreeRoundGrant): Promise<void> {
  await db
    .insert(studioFreeRounds)
    .values(g)
    .onConflictDoUpdate({ target: studioFreeRounds.id, set: { count: g.count, expiresAt: g.expiresAt } });
}

/** The casino withdrew an award (cancelled, expired or finished): no more of its rounds are offered. */
export async function withdrawFreeRounds(db: Db, id: string): Promise<void> {
  await db
    .update(studioFreeRounds)
    .set({ cancelledAt: new Date() })
    .where(and(eq(studioFreeRounds.id, id), isNull(studioFreeRounds.cancelledAt)));
}

const playable = (s: SessionRow) =>
  and(
    eq(studioFreeRounds.playerRef, s.playerRef ?? ''),
    eq(studioFreeRounds.game, s.game),
    eq(studioFreeRounds.currency, s.currency),
    isNull(studioFreeRounds.cancelledAt),
    lt(studioFreeRounds.usedCount, studioFreeRounds.count),
    or(isNull(studioFreeRounds.expiresAt), gt(studioFreeRounds.expiresAt, new Date())),
  );

/** The session's free rounds still to play (real play of the slot only). */
export async function freeRoundsOf(db: Db, s: SessionRow): Promise<StudioFreeRound[]> {
  if (s.mode !== 'real' || s.game !== 'neon-fruits') return [];
  const rows = await db.select().from(studioFreeRounds).where(playable(s)).orderBy(studioFreeRounds.createdAt);
  return rows.map((r) => ({ id: r.id, count: r.count, usedCount: r.usedCount, bet: String(r.bet) }));
}

const notFound = () => new StudioError(404, 'free_round_not_found', 'No free spins left here.');

/** Plays one free round of award `id`: the casino's zero-stake bet, the round and its win saved together. */
export async function playFreeRound(d: RoundDeps, s: SessionRow, id: string): Promise<StudioRoundAnswer> {
  if (s.mode !== 'real' || s.game !== 'neon-fruits' || typeof id !== 'string' || id.length > 128) throw notFound();
  const owner = ownerOf(s);
  return d.withLock(owner, async () => {
    const [award] = await d.db
      .select()
      .from(studioFreeRounds)
      .where(and(eq(studioFreeRounds.id, id), playable(s)));
    if (!award) throw notFound();
    if (await d.views.openOf(s.id)) throw new StudioError(409, 'round_open', 'Finish the open round first.');
    const pair = await d.activePair(owner);
    const rng = new FairStream({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce });
    const o = slot.playCasinoFreeSpin(slot.SLOT_DEFAULT, award.bet, rng);
    const step: Step = { state: o, done: true, payout: o.payout, stake: 0n };
    const n: NewRound = {
      adapter: adapters['neon-fruits'],
      bet: 0n,
      choice: { game: 'neon-fruits' },
      s,
      owner,
      roundId: randomUUID(),
      pair,
      step,
    };
    return playAward(d, n, id);
  });
}

async function playAward(d: RoundDeps, n: NewRound, id: string): Promise<StudioRoundAnswer> {
  const { s, roundId, step } = n;
  const answer = await walletBet(
    d,
    s,
    roundId,
    0,
    0n,
    async (tx) => {
      await advance(tx, n.pair);
      await tx.insert(studioRounds).values(roundRow(n, 'rolled_back'));
    },
    id,
  );
  const saved = await d.db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      await keepBet(t, roundId, 0);
      await advance(t, n.pair);
      const [r] = await tx.insert(studioRounds).values(roundRow(n, 'settled')).returning();
      await tx.insert(studioWalletCalls).values(winCall(s, r!, step.payout));
      await tx
        .update(studioFreeRounds)
        .set({ usedCount: sql`${studioFreeRounds.usedCount} + 1` })
        .where(eq(studioFreeRounds.id, id));
      return r!;
    })
    .catch((e) => undoBet(d, s, roundId, 0, e));
  return finish(d, s, saved, toMinor(answer.body.balance, s.currency).toString());
}
