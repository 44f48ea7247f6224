import { pageMeta, type Tournament, TournamentState, type TournamentsQuery } from '@croupier/contracts';
import { and, count, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { prizesOf, toTournament } from './present.ts';
import { tournaments } from './schema.ts';

// The list of GET /api/retention/tournaments: states are computed from status and time, so the filter is too.

function stateIs(state: number, now: Date): SQL | undefined {
  const scheduled = eq(tournaments.status, 'scheduled');
  switch (state) {
    case TournamentState.upcoming:
      return and(scheduled, sql`${tournaments.startAt} > ${now}`);
    case TournamentState.running:
      return and(scheduled, sql`${tournaments.startAt} <= ${now}`, sql`${tournaments.endAt} > ${now}`);
    case TournamentState.finished:
      return or(eq(tournaments.status, 'finished'), and(scheduled, sql`${tournaments.endAt} <= ${now}`));
    case TournamentState.cancelled:
      return eq(tournaments.status, 'cancelled');
    default:
      return sql`false`;
  }
}

export async function listTournaments(db: Db, q: TournamentsQuery, now: Date) {
  const states = q.state && q.state.length > 0 ? q.state : [2, 3, 4, 5];
  const where = and(
    ne(tournaments.status, 'draft'),
    or(...states.map((s) => stateIs(s, now))),
    q.identity && q.identity.length > 0 ? inArray(tournaments.identity, q.identity) : undefined,
  );
  // Open ones ending soonest first, then finished ones, the latest first.
  const ended = sql`(${tournaments.status} <> 'scheduled' or ${tournaments.endAt} <= ${now})`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tournaments)
      .where(where)
      .orderBy(
        ended,
        sql`case when ${ended} then -extract(epoch from ${tournaments.endAt}) else extract(epoch from ${tournaments.endAt}) end`,
        tournaments.id,
      )
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(tournaments).where(where),
  ]);
  const prizes = await prizesOf(
    db,
    rows.map((r) => r.id),
  );
  const data: Tournament[] = rows.map((r) => ({ ...toTournament(r, now), prizes: prizes.get(r.id) ?? [] }));
  return { data, meta: pageMeta(q.page, q.perPage, Number(total?.n ?? 0)) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One tournament by id or identity (drafts are not found). */
export async function findTournament(db: Db, ref: string) {
  const match = UUID.test(ref)
    ? or(eq(tournaments.id, ref), eq(tournaments.identity, ref))
    : eq(tournaments.identity, ref);
  const [row] = await db
    .select()
    .from(tournaments)
    .where(and(match, ne(tournaments.status, 'draft')));
  return row ?? null;
}
