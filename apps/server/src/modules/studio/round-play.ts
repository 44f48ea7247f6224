import { randomUUID } from 'node:crypto';
import type { StudioRoundAnswer } from '@croupier/contracts';
import { toMinor } from '@croupier/contracts/reference/money';
import { FairStream } from '@croupier/games';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { StudioError } from './errors.ts';
import { encode, type Step } from './games/index.ts';
import { winCall } from './round-calls.ts';
import { engine, type PlayInput, parsePlay } from './round-input.ts';
import { finish, keepBet, type RoundDeps, undoBet, walletBet } from './round-money.ts';
import type { RoundRow } from './round-view.ts';
import { studioRounds, studioSeedPairs, studioSessions, studioWalletCalls } from './schema.ts';
import type { PairRow } from './seeds.ts';
import { ownerOf, type SessionRow } from './sessions.ts';

/** A new round: its first bet, and the whole round when the game settles in one step. */

export interface NewRound extends PlayInput {
  s: SessionRow;
  owner: string;
  roundId: string;
  pair: PairRow;
  step: Step;
}

export function roundRow(n: NewRound, status: RoundRow['status']) {
  const { s, step, pair } = n;
  return {
    id: n.roundId,
    sessionId: s.id,
    owner: n.owner,
    game: s.game,
    status,
    bet: step.stake,
    payout: status === 'settled' ? step.payout : 0n,
    bets: 1,
    seedPairId: pair.id,
    nonce: pair.nonce,
    clientSeed: pair.clientSeed,
    choice: n.choice,
    state: encode(step.state),
    settledAt: status === 'open' ? null : new Date(),
  };
}

const statusOf = (n: NewRound) => (n.step.done ? 'settled' : 'open');

/** Uses the pair's nonce; none when another instance took it meanwhile. */
export const advance = (tx: Db, pair: PairRow) =>
  tx
    .update(studioSeedPairs)
    .set({ nonce: sql`${studioSeedPairs.nonce} + 1` })
    .where(and(eq(studioSeedPairs.id, pair.id), eq(studioSeedPairs.nonce, pair.nonce)))
    .returning({ id: studioSeedPairs.id });

/** Under the owner's lock: the round's first step, from the owner's active seed pair. */
async function startRound(d: RoundDeps, s: SessionRow, owner: string, input: PlayInput): Promise<NewRound> {
  if (await d.views.openOf(s.id)) throw new StudioError(409, 'round_open', 'Finish the open round first.');
  const pair = await d.activePair(owner);
  const rng = new FairStream({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce });
  const step = engine(() => input.adapter.start(input.bet, input.choice, rng));
  return { ...input, s, owner, roundId: randomUUID(), pair, step };
}

/** Demo money: the bet and any win move on the session's balance in the round's own transaction. */
async function playDemo(d: RoundDeps, n: NewRound): Promise<StudioRoundAnswer> {
  const { s, bet, step } = n;
  const result = await d.db.transaction(async (tx) => {
    const [debited] = await tx
      .update(studioSessions)
      .set({ demoBalance: sql`${studioSessions.demoBalance} - ${bet} + ${step.done ? step.payout : 0n}` })
      .where(and(eq(studioSessions.id, s.id), sql`${studioSessions.demoBalance} >= ${bet}`))
      .returning({ balance: studioSessions.demoBalance });
    if (!debited) throw new StudioError(402, 'insufficient_funds', 'Not enough balance for this bet.', 'bet');
    if ((await advance(tx as unknown as Db, n.pair)).length === 0) throw new StudioError(409, 'conflict', 'Try again.');
    const [r] = await tx
      .insert(studioRounds)
      .values(roundRow(n, statusOf(n)))
      .returning();
    return { round: r!, balance: String(debited.balance) };
  });
  return { round: await d.views.view(result.round), balance: result.balance };
}

/** Real money: the bet on the wallet first, then the round (and its win call) saved together. */
async function playReal(d: RoundDeps, n: NewRound): Promise<StudioRoundAnswer> {
  const { s, roundId, step } = n;
  const answer = await walletBet(d, s, roundId, 0, n.bet, async (tx) => {
    await advance(tx, n.pair);
    await tx.insert(studioRounds).values(roundRow(n, 'rolled_back'));
  });
  const saved = await d.db
    .transaction(async (tx) => {
      await keepBet(tx as unknown as Db, roundId, 0);
      await advance(tx as unknown as Db, n.pair);
      const [r] = await tx
        .insert(studioRounds)
        .values(roundRow(n, statusOf(n)))
        .returning();
      if (step.done) await tx.insert(studioWalletCalls).values(winCall(s, r!, step.payout));
      return r!;
    })
    .catch((e) => undoBet(d, s, roundId, 0, e));
  return finish(d, s, saved, toMinor(answer.body.balance, s.currency).toString());
}

export async function play(d: RoundDeps, s: SessionRow, body: unknown): Promise<StudioRoundAnswer> {
  const input = parsePlay(s, body);
  const owner = ownerOf(s);
  return d.withLock(owner, async () => {
    const n = await startRound(d, s, owner, input);
    return s.mode === 'demo' ? playDemo(d, n) : playReal(d, n);
  });
}
