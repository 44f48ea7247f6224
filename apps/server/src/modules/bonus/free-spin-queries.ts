import { type PlayerBonusesQuery, type PlayerFreespin, pageMeta } from '@croupier/contracts';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toPlayerFreespin } from './free-spin-present.ts';
import { bonuses, playerFreespins } from './schema.ts';
import { definitionsOf } from './store.ts';

/** GET /api/game/player-freespins: the player's own free spins, filtered and paginated like bonuses. */
export async function listPlayerFreespins(db: Db, playerId: string, q: PlayerBonusesQuery) {
  const where: SQL[] = [eq(playerFreespins.playerId, playerId)];
  if (q.status?.length) where.push(inArray(playerFreespins.status, q.status));
  if (q.currency?.length) where.push(inArray(playerFreespins.currency, q.currency));
  if (q.packageId?.length) {
    const inPackages = db.select({ id: bonuses.id }).from(bonuses).where(inArray(bonuses.packageId, q.packageId));
    where.push(inArray(playerFreespins.bonusId, inPackages));
  }
  const filter = and(...where);
  const order = q.sortOrder === 'asc' ? asc(playerFreespins.createdAt) : desc(playerFreespins.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(playerFreespins)
      .where(filter)
      .orderBy(order, desc(playerFreespins.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(playerFreespins).where(filter),
  ]);
  const definitions = await definitionsOf(
    db,
    rows.map((r) => r.bonusId),
  );
  const data: PlayerFreespin[] = rows.map((r) => toPlayerFreespin(r, definitions.get(r.bonusId)!));
  return { data, meta: pageMeta(q.page, q.perPage, total?.n ?? 0) };
}
