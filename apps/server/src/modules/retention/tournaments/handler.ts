import { TournamentType } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import type { RatesSource } from '../../settings/index.ts';
import type { BetEvent, Delivered, RetentionHandler, RollbackEvent, WinEvent } from '../events.ts';
import type { createCatalog, LiveTournament } from './catalog.ts';
import {
  addBet,
  addPoints,
  addRound,
  type EntryChange,
  lockRound,
  type RoundKey,
  setRound,
  takeBet,
  upsertPoints,
} from './entries.ts';
import { gameCounts, inWindow, stakeCounts, stakePoints, winPoints } from './rules.ts';

// Points from play (issue 13 §4): the consumer's transaction updates the entries table (the source of
// truth); the changes are handed to the live side after commit (ranking, throttled publications).

export interface HandlerDeps {
  catalog: ReturnType<typeof createCatalog>;
  rates: RatesSource;
  /** After commit: the entries that changed (live ranking and publications). Never throws. */
  changed(changes: EntryChange[]): Promise<void>;
}

const keyOf = (t: LiveTournament, e: { providerId: string; roundId: string }): RoundKey => ({
  tournamentId: t.row.id,
  providerId: e.providerId,
  roundId: e.roundId,
});

const change = (t: LiveTournament, playerId: string, entry: { seq: bigint; points: bigint }, delta: bigint) => ({
  tournamentId: t.row.id,
  playerId,
  seq: entry.seq,
  points: entry.points,
  decreased: delta < 0n,
  endAt: t.row.endAt,
});

/** A stake: counts when in the window, on a counted game, within the stake bounds, for a participant. */
async function onBet(tx: Db, deps: HandlerDeps, e: BetEvent, list: LiveTournament[]): Promise<EntryChange[]> {
  const at = new Date(e.at);
  const stake = BigInt(e.amount);
  const changes: EntryChange[] = [];
  for (const t of list) {
    if (!inWindow(t.row, at) || !gameCounts(t.row, t.games, e.gameId)) continue;
    if (stake <= 0n || !stakeCounts(t.row, e.currency, stake, deps.rates.current())) continue;
    const points = stakePoints(t.row, e.currency, stake, deps.rates.current());
    const entry = t.row.confirmationRequired
      ? await addPoints(tx, t.row.id, e.playerId, points)
      : await upsertPoints(tx, t.row.id, e.playerId, points);
    if (!entry) continue; // takes no part: the tournament asks for confirmation first
    await addRound(tx, keyOf(t, e), { playerId: e.playerId, currency: e.currency, stake, points });
    await addBet(tx, e, t.row.id, stake, points);
    changes.push(change(t, e.playerId, entry, points));
  }
  return changes;
}

/** A payout: in a by-multiplier tournament, payout ÷ the round's counted stake. */
async function onWin(tx: Db, e: WinEvent, list: LiveTournament[]): Promise<EntryChange[]> {
  const payout = BigInt(e.amount);
  const changes: EntryChange[] = [];
  if (payout <= 0n) return changes;
  for (const t of list) {
    if (t.row.type !== TournamentType.multiplier) continue;
    const round = await lockRound(tx, keyOf(t, e));
    if (!round || round.playerId !== e.playerId) continue; // a round that never counted here
    const points = winPoints(t.row, round.stake, payout);
    if (points <= 0n) continue;
    await setRound(tx, keyOf(t, e), round.stake, round.points + points);
    const entry = await addPoints(tx, t.row.id, e.playerId, points);
    if (entry) changes.push(change(t, e.playerId, entry, points));
  }
  return changes;
}

/**
 * A rollback (decision 0093): the cancelled bet takes back exactly what it brought to each tournament still
 * live, its points and its stake from the round (a multiplier's later payout divides by what is left). A bet
 * that never counted brought nothing. A tournament whose result is fixed keeps it. Wins cannot be rolled back
 * (the wallet cancels bets only in rounds that paid nothing), so no win points are ever taken.
 */
async function onRollback(tx: Db, e: RollbackEvent, list: LiveTournament[]) {
  const changes: EntryChange[] = [];
  if (!e.betTransactionId) return changes;
  const brought = await takeBet(tx, {
    providerId: e.providerId,
    roundId: e.roundId,
    transactionId: e.betTransactionId,
  });
  for (const b of brought) {
    const t = list.find((l) => l.row.id === b.tournamentId);
    if (!t) continue;
    const round = await lockRound(tx, keyOf(t, e));
    if (round) {
      const stake = round.stake > b.stake ? round.stake - b.stake : 0n;
      const points = round.points > b.points ? round.points - b.points : 0n;
      await setRound(tx, keyOf(t, e), stake, points);
    }
    if (b.points === 0n) continue;
    const entry = await addPoints(tx, t.row.id, e.playerId, -b.points);
    if (entry) changes.push(change(t, e.playerId, entry, -b.points));
  }
  return changes;
}

/** The retention handler of tournaments: effects in the consumer's transaction, live side after commit. */
export function tournamentHandler(deps: HandlerDeps): RetentionHandler {
  const pending = new Map<bigint, EntryChange[]>();
  return {
    name: 'tournaments',
    async handle(tx, { id, event }: Delivered) {
      if (event.kind !== 'game.bet' && event.kind !== 'game.win' && event.kind !== 'game.rollback') return;
      const list = await deps.catalog.live(tx);
      if (list.length === 0) return;
      const changes =
        event.kind === 'game.bet'
          ? await onBet(tx, deps, event, list)
          : event.kind === 'game.win'
            ? await onWin(tx, event, list)
            : await onRollback(tx, event, list);
      if (changes.length > 0) pending.set(id, changes);
    },
    async afterCommit({ id }) {
      const changes = pending.get(id);
      if (!changes) return;
      pending.delete(id);
      await deps.changed(changes).catch(() => {});
    },
  };
}
