import {
  ApiError,
  type CreateInteractionRequest,
  ErrorCode,
  type Interaction,
  type InteractionsQuery,
  pageMeta,
  type ReviewVerdict,
} from '@croupier/contracts';
import { and, desc, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { presentInteraction } from './present.ts';
import { lockFlag } from './queue.ts';
import { flags, interactions } from './schema.ts';

// The interaction log (UKGC: identify, act, evaluate): what was seen, what was done and why, a follow-up and
// its outcome, and a spot check by someone else. Rows are kept 5 years; the database refuses a DELETE of a
// younger row and any change to what was recorded, and takes the outcome and the review once each
// (decision 0114). Every function writes in the caller's transaction, which writes the audit row with it.

const notFound = () => ApiError.of(ErrorCode.notFound, 'Interaction not found.');
const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

export async function listInteractions(db: Db, query: InteractionsQuery, now: Date) {
  const where: SQL[] = [];
  if (query.playerId) where.push(eq(interactions.playerId, query.playerId));
  if (query.flagId) where.push(eq(interactions.flagId, query.flagId));
  if (query.followUpDue) where.push(lte(interactions.followUpAt, now), isNull(interactions.outcome));
  if (query.unreviewed) where.push(isNull(interactions.reviewedAt));
  const filter = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(interactions)
      .where(filter)
      .orderBy(desc(interactions.createdAt), desc(interactions.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(interactions).where(filter),
  ]);
  return { data: rows.map(presentInteraction), meta: pageMeta(query.page, query.perPage, Number(total?.n ?? 0)) };
}

export async function getInteraction(db: Db, id: string): Promise<Interaction> {
  const [row] = await db.select().from(interactions).where(eq(interactions.id, id));
  if (!row) throw notFound();
  return presentInteraction(row);
}

/**
 * Records an interaction. A flag it names must be about the same player (422); an open one becomes
 * `reviewed` (someone acted on it), a closed one stays closed.
 */
export async function recordInteraction(
  tx: Db,
  staffId: string,
  body: CreateInteractionRequest,
  now: Date,
): Promise<Interaction> {
  if (body.flagId) {
    const flag = await lockFlag(tx, body.flagId).catch(() => null);
    if (flag?.playerId !== body.playerId) throw invalid('flagId', 'No flag of this player has this id.');
    if (flag.status === 'open') await tx.update(flags).set({ status: 'reviewed' }).where(eq(flags.id, flag.id));
  }
  const [row] = await tx
    .insert(interactions)
    .values({
      playerId: body.playerId,
      flagId: body.flagId ?? null,
      observed: body.observed,
      action: body.action,
      actionNote: body.actionNote,
      followUpAt: body.followUpAt ? new Date(body.followUpAt) : null,
      reason: body.reason,
      createdBy: staffId,
      createdAt: now,
    })
    .returning();
  return presentInteraction(row!);
}

async function lockInteraction(tx: Db, id: string) {
  const [row] = await tx.select().from(interactions).where(eq(interactions.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** The follow-up's outcome, once (20005 when written). Answers the interaction before and after. */
export async function recordOutcome(tx: Db, id: string, staffId: string, outcome: string, now: Date) {
  const row = await lockInteraction(tx, id);
  if (row.outcome !== null) throw ApiError.of(ErrorCode.alreadyDecided, 'The outcome was recorded already.');
  const [after] = await tx
    .update(interactions)
    .set({ outcome, outcomeBy: staffId, outcomeAt: now })
    .where(eq(interactions.id, id))
    .returning();
  return { before: presentInteraction(row), after: presentInteraction(after!) };
}

/** A spot check by someone other than its author (20004), once (20005). */
export async function reviewInteraction(
  tx: Db,
  id: string,
  staffId: string,
  review: { verdict: ReviewVerdict; note: string },
  now: Date,
) {
  const row = await lockInteraction(tx, id);
  if (row.createdBy === staffId) {
    throw ApiError.of(ErrorCode.fourEyes, 'An interaction is spot-checked by someone other than its author.');
  }
  if (row.reviewedAt !== null) throw ApiError.of(ErrorCode.alreadyDecided, 'This interaction was reviewed already.');
  const [after] = await tx
    .update(interactions)
    .set({ reviewVerdict: review.verdict, reviewNote: review.note, reviewedBy: staffId, reviewedAt: now })
    .where(eq(interactions.id, id))
    .returning();
  return { before: presentInteraction(row), after: presentInteraction(after!) };
}
