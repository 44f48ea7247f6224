import { TournamentEvent, TournamentPrizeType, TournamentState } from '@croupier/contracts';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { drizzleSql } from '../../../db/lean-sql.ts';
import type { JobDefinition, SendJob } from '../../../jobs/index.ts';
import { enqueue, notifyCommitted, outboxEvents } from '../../../outbox/index.ts';
import type { BonusDeps } from '../../bonus/index.ts';
import { publicNicknames } from '../../player/index.ts';
import { type MayGainValue, mayGainValueNow, noExclusionCheck } from '../../risk/index.ts';
import { payReward, withTransaction } from '../../wallet/index.ts';
import { issueBonusPrize } from '../bonus-prizes.ts';
import { RETENTION_CHANNEL } from '../events.ts';
import { tournamentsChanged } from './catalog.ts';
import { defineTournament } from './define.ts';
import { prizesOf } from './present.ts';
import { ALL_ENTRIES } from './ranking.ts';
import type { TournamentRow } from './rules.ts';
import { tournamentPrizes, tournamentResults, tournaments } from './schema.ts';

// The end of a tournament (issue 13 §4, decision 0063): one pg-boss job per tournament (job id = its id, so
// it is queued once however often it is sent), due just after `endAt`. In ONE transaction it fixes the
// result (results rows, status finished), pays every prize (payReward, or the bonus engine's issue for a
// bonus definition, decision 0077; key per tournament and place) to each winner the exclusion check allows
// (an excluded winner's prize is forfeited, decision 0092),
// publishes `tournament.completed` on `tournaments`, and starts the next one of a rolling series. A
// repeat finds the status finished and does nothing; a crash before commit leaves nothing to undo.

export interface FinishData {
  tournamentId: string;
}

export interface FinishDeps {
  db: Db;
  now: () => Date;
  send: SendJob;
  job: JobDefinition<FinishData>;
  /** The bonus engine: places whose prize is a bonus definition (type 3). */
  bonus?: BonusDeps;
  /** The risk module's exclusion check (decision 0092), asked of each winner at payout; none: all forfeit. */
  mayGainValue?: MayGainValue;
}

/** Results wait this long after the end: the consumer applies the last bets (it is usually milliseconds). */
export const END_GRACE_MS = 2_000;

type Result = 'finished' | 'skipped';

/** Sends the end job of a tournament (a no-op when it is queued already). */
export async function scheduleEnd(deps: FinishDeps, row: TournamentRow, tx?: Db): Promise<void> {
  await deps.send(
    deps.job,
    { tournamentId: row.id },
    { id: row.id, startAfter: new Date(row.endAt.getTime() + END_GRACE_MS), ...(tx ? { in: drizzleSql(tx) } : {}) },
  );
}

/** Throws (the job retries later) while retention events from before the end are still unapplied. */
async function assertConsumerCaughtUp(db: Db, endAt: Date): Promise<void> {
  const [pending] = await db
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.channel, RETENTION_CHANNEL), lt(outboxEvents.createdAt, endAt)))
    .limit(1);
  if (pending) throw new Error('Retention events from before the end are not applied yet');
}

export async function finishTournament(deps: FinishDeps, tournamentId: string): Promise<Result> {
  const [peek] = await deps.db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
  if (peek?.status !== 'scheduled') return 'skipped';
  if (deps.now() < peek.endAt) throw new Error('The tournament has not ended yet');
  await assertConsumerCaughtUp(deps.db, peek.endAt);
  const done = await withTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(tournaments)
      .where(and(eq(tournaments.id, tournamentId), eq(tournaments.status, 'scheduled')))
      .for('update');
    if (!row) return false;
    await fixAndPay(tx, deps, row);
    await tx.update(tournaments).set({ status: 'finished', finishedAt: deps.now() }).where(eq(tournaments.id, row.id));
    await publishCompleted(tx, row);
    if (row.series) await startNext(tx, deps, row);
    return true;
  });
  if (!done) return 'skipped';
  tournamentsChanged();
  notifyCommitted();
  return 'finished';
}

/** Results rows for the prize places that have a scoring player, each prize paid once by its key. */
async function fixAndPay(tx: Db, deps: FinishDeps, row: TournamentRow): Promise<void> {
  const prizes = await tx
    .select()
    .from(tournamentPrizes)
    .where(eq(tournamentPrizes.tournamentId, row.id))
    .orderBy(asc(tournamentPrizes.place));
  if (prizes.length === 0) return;
  const places = Math.max(...prizes.map((p) => p.place));
  const ranked = (
    await drizzleSql(tx).query<{ player_id: string; points: string }>(ALL_ENTRIES, [row.id, places])
  ).filter((r) => BigInt(r.points) > 0n);
  const names = await publicNicknames(
    tx,
    ranked.map((r) => r.player_id),
  );
  for (const prize of prizes) {
    const winner = ranked[prize.place - 1];
    if (!winner) continue;
    const key = `tournament:${row.id}:${prize.place}`;
    // A winner the exclusion check refuses now keeps the place and forfeits the prize (decision 0092): the
    // result is written unpaid (paidAt null) and nothing is paid, now or later.
    const eligible = await mayGainValueNow(deps.mayGainValue ?? noExclusionCheck, winner.player_id, tx);
    let paid = eligible;
    if (eligible && prize.type === TournamentPrizeType.bonus && prize.bonusId) {
      // A bonus definition: issued once by its key; one that cannot be issued leaves the place unpaid
      // (paidAt null) rather than holding back every other prize and the series.
      const outcome = await issueBonusPrize(tx, deps.bonus, {
        playerId: winner.player_id,
        bonusId: prize.bonusId,
        amounts: prize.currency && prize.amount ? { [prize.currency]: String(prize.amount) } : {},
        currency: prize.currency,
        issueKey: key,
        issueSessionId: row.id,
      });
      paid = !('reason' in outcome);
    }
    await tx.insert(tournamentResults).values({
      tournamentId: row.id,
      place: prize.place,
      playerId: winner.player_id,
      nickname: names.get(winner.player_id) ?? null,
      points: BigInt(winner.points),
      paidAt: paid ? deps.now() : null,
    });
    const money = prize.type === TournamentPrizeType.money || prize.type === TournamentPrizeType.bonusMoney;
    if (!eligible || !money || !prize.currency || !prize.amount || prize.amount <= 0n) continue;
    await payReward(tx, {
      idempotencyKey: key,
      playerId: winner.player_id,
      currency: prize.currency,
      amount: prize.amount,
      part: prize.type === TournamentPrizeType.money ? 'real' : 'bonus',
      kind: 'tournament.prize',
      source: { kind: 'tournament', id: row.id },
    });
  }
}

/** `tournament.completed` on `tournaments` (api-contract §14.2): winners find their prize in it. */
async function publishCompleted(tx: Db, row: TournamentRow): Promise<void> {
  const prizes = (await prizesOf(tx, [row.id])).get(row.id) ?? [];
  const tournament = {
    id: row.id,
    title: row.title,
    identity: row.identity,
    state: TournamentState.finished,
    endAt: row.endAt.toISOString(),
    prizes,
  };
  await enqueue(tx, {
    channel: 'tournaments',
    event: TournamentEvent.completed,
    data: { event: TournamentEvent.completed, tournament },
  });
}

/** A rolling series goes on: the same definition for the same length, from the end (or from now if late). */
async function startNext(tx: Db, deps: FinishDeps, row: TournamentRow): Promise<void> {
  const length = row.endAt.getTime() - row.startAt.getTime();
  const now = deps.now().getTime();
  const startAt = new Date(row.endAt.getTime() + length > now ? row.endAt.getTime() : Math.floor(now / 1000) * 1000);
  const endAt = new Date(startAt.getTime() + length);
  const prizes = await tx.select().from(tournamentPrizes).where(eq(tournamentPrizes.tournamentId, row.id));
  const next = await defineTournament(tx, {
    identity: `${row.series}-${startAt.toISOString().replace(/[-:]/g, '').slice(0, 15).toLowerCase()}`,
    title: row.title,
    type: row.type,
    startAt,
    endAt,
    confirmationRequired: row.confirmationRequired,
    conditions: row.conditions,
    rates: row.rates,
    series: row.series,
    prizes: prizes.map((p) => ({
      place: p.place,
      type: p.type,
      title: p.title,
      currency: p.currency ?? undefined,
      amount: p.amount ?? undefined,
      bonusId: p.bonusId ?? undefined,
    })),
  });
  if (next) await scheduleEnd(deps, next, tx);
}
