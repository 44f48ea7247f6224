import type { StudioRoundAnswer } from '@croupier/contracts';
import { toMinor } from '@croupier/contracts/reference/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { StudioError } from './errors.ts';
import { adapters, decode, encode, type GameId, type Step, type StoredAction } from './games/index.ts';
import { winCall } from './round-calls.ts';
import { engine, parseAction } from './round-input.ts';
import { finish, keepBet, type RoundDeps, undoBet, walletBet } from './round-money.ts';
import type { RoundRow } from './round-view.ts';
import { studioRounds, studioSeedPairs, studioSessions, studioWalletCalls } from './schema.ts';
import type { PairRow } from './seeds.ts';
import { ownerOf, type SessionRow } from './sessions.ts';

/** An action on an open round: its extra bet, if any, and the win when it settles the round. */

interface Move {
  s: SessionRow;
  r: RoundRow;
  action: StoredAction;
  step: Step;
  /** What the action adds to the round's stake (an extra bet when above zero). */
  extra: bigint;
}

/** Under the owner's lock: the open round of this session, and the action's step on it. */
async function nextStep(d: RoundDeps, s: SessionRow, roundId: string, action: StoredAction) {
  const [r] = await d.db
    .select()
    .from(studioRounds)
    .where(and(eq(studioRounds.id, roundId), eq(studioRounds.sessionId, s.id)));
  if (!r) throw new StudioError(404, 'round_not_found', 'Unknown round.');
  if (r.status !== 'open') throw new StudioError(409, 'round_finished', 'This round is over.');
  const adapter = adapters[r.game as GameId];
  if (!adapter.act) throw new StudioError(422, 'invalid_action', 'This game has no actions.', 'action');
  if (action.action === 'reveal' && action.tile === undefined) {
    throw new StudioError(422, 'invalid_action', 'Name the tile to reveal.', 'tile');
  }
  const [pair] = await d.db.select().from(studioSeedPairs).where(eq(studioSeedPairs.id, r.seedPairId));
  const seeds = { serverSeed: pair!.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce };
  const step = engine(() => adapter.act!(decode(r.state), action, seeds));
  const move: Move = { s, r, action, step, extra: step.stake - r.bet };
  return { move, pair: pair! };
}

/** Saves the step; nothing when the round changed meanwhile (settled, or another bet on it). */
const saveStep = (tx: Db, { r, step, action }: Move, bets: number) =>
  tx
    .update(studioRounds)
    .set({
      state: encode(step.state),
      bet: step.stake,
      bets,
      status: step.done ? 'settled' : 'open',
      payout: step.done ? step.payout : 0n,
      settledAt: step.done ? new Date() : null,
      actions: [...(r.actions as unknown[]), action],
    })
    .where(and(eq(studioRounds.id, r.id), eq(studioRounds.status, 'open'), eq(studioRounds.bets, r.bets)))
    .returning();

/** Demo money: the extra bet and any win move on the session's balance with the step. */
async function actDemo(d: RoundDeps, m: Move, pair: PairRow): Promise<StudioRoundAnswer> {
  const { s, r, step, extra } = m;
  const result = await d.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(studioSessions)
      .set({ demoBalance: sql`${studioSessions.demoBalance} - ${extra} + ${step.done ? step.payout : 0n}` })
      .where(and(eq(studioSessions.id, s.id), sql`${studioSessions.demoBalance} >= ${extra}`))
      .returning({ balance: studioSessions.demoBalance });
    if (!moved) throw new StudioError(402, 'insufficient_funds', 'Not enough balance for this bet.', 'action');
    const [u] = await saveStep(tx as unknown as Db, m, r.bets + (extra > 0n ? 1 : 0));
    if (!u) throw new StudioError(409, 'conflict', 'Try again.');
    return { round: u, balance: String(moved.balance) };
  });
  return { round: await d.views.view(result.round, pair), balance: result.balance };
}

/** Real money: the extra bet on the wallet first, then the step (and its win call) saved together. */
async function actReal(d: RoundDeps, m: Move): Promise<StudioRoundAnswer> {
  const { s, r, step, extra } = m;
  let balance: string | null = null;
  let bets = r.bets;
  if (extra > 0n) {
    // Unanswered, the whole round is cancelled: every bet of it, the unanswered one included.
    const answer = await walletBet(d, s, r.id, r.bets, extra, async (tx) => {
      await tx
        .update(studioRounds)
        .set({ status: 'rolled_back', bets: r.bets + 1, settledAt: new Date() })
        .where(eq(studioRounds.id, r.id));
    });
    balance = toMinor(answer.body.balance, s.currency).toString();
    bets += 1;
  }
  const saved = await d.db
    .transaction(async (tx) => {
      if (extra > 0n) await keepBet(tx as unknown as Db, r.id, r.bets);
      const [u] = await saveStep(tx as unknown as Db, m, bets);
      if (!u) throw new StudioError(409, 'conflict', 'The round changed meanwhile; try again.');
      if (step.done) await tx.insert(studioWalletCalls).values(winCall(s, u, step.payout));
      return u;
    })
    .catch((e) => (extra > 0n ? undoBet(d, s, r.id, r.bets, e) : Promise.reject(e)));
  return finish(d, s, saved, balance);
}

export async function act(d: RoundDeps, s: SessionRow, roundId: string, body: unknown): Promise<StudioRoundAnswer> {
  const action = parseAction(roundId, body);
  return d.withLock(ownerOf(s), async () => {
    const { move, pair } = await nextStep(d, s, roundId, action);
    return s.mode === 'demo' ? actDemo(d, move, pair) : actReal(d, move);
  });
}
