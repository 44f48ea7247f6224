import {
  type RetentionListQuery,
  type Tournament,
  type TournamentEditorView,
  type TournamentInput,
  TournamentPrizeType,
} from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { containing } from '../../../db/like.ts';
import { assertBonusField, canonical, fieldError, minorOf, notFound, notNow, pageOf } from '../editor-kit.ts';
import { tournamentsChanged } from './catalog.ts';
import { defineTournament, type PrizeDefinition, prizeRow } from './define.ts';
import { toTournament } from './present.ts';
import type { TournamentRow } from './rules.ts';
import { tournamentPrizes, tournaments } from './schema.ts';

// The tournament editor's service (issue 27), the one way a tournament is created or changed (the back
// office and the demo seed). Money rules never change in flight: once a tournament has started, its scoring
// (type, rates, stake conditions), games, prizes and dates are fixed (409 20005); its title may still change.

/** Queues the end job for the tournament's (new) end, in the caller's transaction. */
export type ScheduleEnd = (tx: Db, row: TournamentRow) => Promise<void>;

/** Started: players have been scoring (or it is over): what they compete for and by is fixed. */
export const hasStarted = (row: TournamentRow, now: Date) =>
  row.status === 'finished' || (row.status === 'scheduled' && row.startAt <= now);

async function prizesIn(tx: Db, input: TournamentInput): Promise<PrizeDefinition[]> {
  const out: PrizeDefinition[] = [];
  for (const [i, p] of input.prizes.entries()) {
    if (p.type === TournamentPrizeType.bonus) {
      await assertBonusField(tx, p.bonusId!, `prizes.${i}.bonusId`);
      out.push({ place: p.place, type: p.type, title: p.title, bonusId: p.bonusId! });
    } else {
      const amount = minorOf(p.amount!, p.currency!, `prizes.${i}.amount`);
      out.push({ place: p.place, type: p.type, title: p.title, currency: p.currency!, amount });
    }
  }
  return out;
}

/** The fields a started tournament keeps, as comparable text. */
const fixedOf = (v: Omit<TournamentEditorView, 'title'>) => ({
  identity: v.identity,
  type: v.type,
  startAt: new Date(v.startAt).toISOString(),
  endAt: new Date(v.endAt).toISOString(),
  confirmationRequired: v.confirmationRequired,
  conditions: canonical(v.conditions),
  rates: canonical(v.rates),
  prizes: canonical(v.prizes),
});

/** Creates a tournament (scheduled: listed, and scoring from its start) with its prizes; answers the row. */
export async function createTournament(
  tx: Db,
  input: TournamentInput,
  o: { status?: 'draft' | 'scheduled' | 'finished'; series?: string | null } = {},
): Promise<TournamentRow> {
  const prizes = await prizesIn(tx, input);
  const row = await defineTournament(tx, {
    identity: input.identity,
    title: input.title,
    type: input.type,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    confirmationRequired: input.confirmationRequired,
    conditions: input.conditions,
    rates: input.rates,
    series: o.series ?? null,
    status: o.status ?? 'scheduled',
    prizes,
  });
  if (!row) throw fieldError('identity', 'Another tournament has this identity.');
  return row;
}

async function lockTournament(tx: Db, id: string): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
  if (!row) throw notFound('tournament');
  return row;
}

/**
 * Replaces a tournament's definition. Started: only the title may change, any other change is refused
 * whole (409 20005, `fields` naming what is fixed). Its end moved: a new end job for the new end (the old one
 * finds it not ended, or finished, and does nothing).
 */
export async function updateTournament(
  tx: Db,
  id: string,
  input: TournamentInput,
  now: Date,
  scheduleEnd: ScheduleEnd,
): Promise<void> {
  const row = await lockTournament(tx, id);
  if (row.status === 'cancelled') throw notNow('An archived tournament cannot be changed.');
  const current = (await viewsOf(tx, [row], now))[0]!;
  if (hasStarted(row, now)) {
    const was = fixedOf(current);
    const next = fixedOf({ ...current, ...input, prizes: input.prizes });
    const changed = (Object.keys(was) as (keyof typeof was)[]).filter((k) => was[k] !== next[k]);
    if (changed.length > 0) {
      const fields = Object.fromEntries(changed.map((k) => [k, ['Fixed once the tournament has started.']]));
      throw notNow('This tournament has started: only its title may change.', fields);
    }
    await tx.update(tournaments).set({ title: input.title }).where(eq(tournaments.id, id));
    tournamentsChanged();
    return;
  }
  const [taken] = await tx
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.identity, input.identity), ne(tournaments.id, id)));
  if (taken) throw fieldError('identity', 'Another tournament has this identity.');
  const prizes = await prizesIn(tx, input);
  const [updated] = await tx
    .update(tournaments)
    .set({
      identity: input.identity,
      title: input.title,
      type: input.type,
      startAt: new Date(input.startAt),
      endAt: new Date(input.endAt),
      confirmationRequired: input.confirmationRequired,
      conditions: input.conditions,
      rates: input.rates,
    })
    .where(eq(tournaments.id, id))
    .returning();
  await tx.delete(tournamentPrizes).where(eq(tournamentPrizes.tournamentId, id));
  await tx.insert(tournamentPrizes).values(prizes.map((p) => prizeRow(id, p)));
  if (updated!.status === 'scheduled' && updated!.endAt.getTime() !== row.endAt.getTime()) {
    await scheduleEnd(tx, updated!);
  }
  tournamentsChanged();
}

/**
 * Pause (back to draft: not listed, nothing counts) and archive (cancelled) only before the start: a running
 * tournament's players compete for its prizes. Resume publishes a draft again.
 */
export async function setTournamentStatus(
  tx: Db,
  id: string,
  verb: 'pause' | 'resume' | 'archive',
  now: Date,
  scheduleEnd: ScheduleEnd,
): Promise<void> {
  const row = await lockTournament(tx, id);
  if (hasStarted(row, now)) throw notNow('This tournament has started: it runs to its end.');
  if (row.status === 'cancelled') throw notNow('This tournament is archived.');
  if (verb === 'resume' && row.status !== 'draft') throw notNow('This tournament is not paused.');
  if (verb === 'pause' && row.status === 'draft') throw notNow('This tournament is paused already.');
  const status = verb === 'pause' ? 'draft' : verb === 'resume' ? 'scheduled' : 'cancelled';
  const [updated] = await tx.update(tournaments).set({ status }).where(eq(tournaments.id, id)).returning();
  if (status === 'scheduled') await scheduleEnd(tx, updated!);
  tournamentsChanged();
}

async function viewsOf(db: Db, rows: TournamentRow[], now: Date): Promise<TournamentEditorView[]> {
  const ids = rows.map((r) => r.id);
  const prizes =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(tournamentPrizes)
          .where(inArray(tournamentPrizes.tournamentId, ids))
          .orderBy(asc(tournamentPrizes.place));
  return rows.map((row) => ({
    id: row.id,
    identity: row.identity,
    title: row.title,
    type: row.type,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    confirmationRequired: row.confirmationRequired,
    conditions: row.conditions,
    rates: row.rates,
    prizes: prizes
      .filter((p) => p.tournamentId === row.id)
      .map((p) => ({
        place: p.place,
        type: p.type as TournamentInput['prizes'][number]['type'],
        title: p.title,
        currency: p.currency,
        amount: p.amount !== null && p.currency ? toMajor(p.amount, p.currency) : null,
        bonusId: p.bonusId,
      })),
    status: row.status as TournamentEditorView['status'],
    started: hasStarted(row, now),
    series: row.series,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function tournamentView(db: Db, id: string, now: Date): Promise<TournamentEditorView | null> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  return row ? (await viewsOf(db, [row], now))[0]! : null;
}

const statusFilter = (status: RetentionListQuery['status']): SQL | undefined => {
  if (status === 'archived') return eq(tournaments.status, 'cancelled');
  if (status === 'paused') return eq(tournaments.status, 'draft');
  if (status === 'active') return inArray(tournaments.status, ['scheduled', 'finished']);
  return undefined;
};

export async function tournamentsPage(db: Db, q: RetentionListQuery, now: Date) {
  const where = and(
    statusFilter(q.status),
    q.q ? or(ilike(tournaments.title, containing(q.q)), ilike(tournaments.identity, containing(q.q))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tournaments)
      .where(where)
      .orderBy(desc(tournaments.startAt), asc(tournaments.id))
      .limit(pageOf(q).limit)
      .offset(pageOf(q).offset),
    db.select({ n: count() }).from(tournaments).where(where),
  ]);
  return { rows: await viewsOf(db, rows, now), total: total?.n ?? 0 };
}

/** The tournament as the player's list and page show it (present.ts), nothing stored. */
export async function previewTournament(db: Db, input: TournamentInput, now: Date): Promise<Tournament> {
  const prizes = await prizesIn(db, input);
  const row: TournamentRow = {
    id: 'preview',
    identity: input.identity,
    title: input.title,
    type: input.type,
    status: 'scheduled',
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    confirmationRequired: input.confirmationRequired,
    conditions: input.conditions,
    rates: input.rates,
    series: null,
    finishedAt: null,
    createdAt: now,
  };
  return {
    ...toTournament(row, now),
    prizes: prizes.map((p) => ({
      place: p.place,
      type: p.type,
      title: p.title,
      ...(p.bonusId ? { bonusId: p.bonusId } : {}),
    })),
    leaderboard: [],
  };
}
