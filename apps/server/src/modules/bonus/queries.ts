import {
  ApiError,
  type Bonus,
  type BonusesQuery,
  ErrorCode,
  type PlayerBonus,
  type PlayerBonusesQuery,
  pageMeta,
} from '@croupier/contracts';
import { currencies, toMinor } from '@croupier/contracts/reference/index';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { amountOf, isAvailable } from './definitions.ts';
import { issuingPaused } from './editor/issuing.ts';
import { toBonus, toPlayerBonus } from './present.ts';
import { bonuses, packages, playerBonuses } from './schema.ts';
import { definitionsOf, openStakesOf } from './store.ts';

/** GET /api/game/player-bonuses: the player's own bonuses, filtered and paginated. */
export async function listPlayerBonuses(db: Db, playerId: string, q: PlayerBonusesQuery) {
  const where: SQL[] = [eq(playerBonuses.playerId, playerId)];
  if (q.status?.length) where.push(inArray(playerBonuses.status, q.status));
  if (q.currency?.length) where.push(inArray(playerBonuses.currency, q.currency));
  if (q.packageId?.length) {
    const inPackages = db.select({ id: bonuses.id }).from(bonuses).where(inArray(bonuses.packageId, q.packageId));
    where.push(inArray(playerBonuses.bonusId, inPackages));
  }
  const filter = and(...where);
  const order = q.sortOrder === 'asc' ? asc(playerBonuses.createdAt) : desc(playerBonuses.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(playerBonuses)
      .where(filter)
      .orderBy(order, desc(playerBonuses.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(playerBonuses).where(filter),
  ]);
  const definitions = await definitionsOf(
    db,
    rows.map((r) => r.bonusId),
  );
  const data: PlayerBonus[] = [];
  for (const row of rows) {
    const open = row.status === 2 ? await openStakesOf(db, row.id) : 0;
    data.push(toPlayerBonus(row, definitions.get(row.bonusId)!, open));
  }
  return { data, meta: pageMeta(q.page, q.perPage, total?.n ?? 0) };
}

/**
 * GET /api/game/bonuses: deposit bonuses on offer in a currency (for an amount when given), or the named
 * bonuses. Once-only bonuses the player already had are not offered again, nor code-only ones (a code gives them).
 */
export async function listOffers(db: Db, playerId: string, q: BonusesQuery, now: Date): Promise<Bonus[]> {
  const where: SQL[] = [eq(bonuses.enabled, true)];
  if (q.bonusIds) {
    // Named bonuses only; `bonusIds[]=` names none (issue 29): none, not the deposit offers.
    if (q.bonusIds.length === 0) return [];
    where.push(inArray(bonuses.id, q.bonusIds));
  } else where.push(eq(bonuses.kind, 'deposit'), eq(bonuses.codeOnly, false));
  // Bonus issuing paused everywhere (issue 27): no deposit offer (named bonuses are still described).
  if (!q.bonusIds && (await issuingPaused(db))) return [];
  const rows = await db
    .select({ bonus: bonuses, packageName: packages.name, packageEnabled: packages.enabled })
    .from(bonuses)
    .leftJoin(packages, eq(packages.id, bonuses.packageId))
    .where(and(...where))
    .orderBy(asc(bonuses.packagePriority), asc(bonuses.name));
  const had = new Set(
    (
      await db
        .select({ bonusId: playerBonuses.bonusId })
        .from(playerBonuses)
        .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.once, true)))
    ).map((r) => r.bonusId),
  );
  const deposit = depositOf(q);
  return rows
    .filter(({ packageEnabled }) => packageEnabled !== false)
    .filter(({ bonus }) => isAvailable(bonus, now) && !(bonus.kind === 'deposit' && had.has(bonus.id)))
    .filter(({ bonus }) => bonus.kind !== 'deposit' || bonus.minDeposits[q.currency] !== undefined)
    .filter(
      ({ bonus }) => deposit === undefined || bonus.kind !== 'deposit' || amountOf(bonus, q.currency, deposit) !== null,
    )
    .map(({ bonus, packageName }) => toBonus(bonus, packageName));
}

function depositOf(q: BonusesQuery): bigint | undefined {
  if (!currencies.some((c) => c.code === q.currency)) {
    throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', { currency: ['Unknown currency.'] });
  }
  return q.amount === undefined ? undefined : toMinor(q.amount, q.currency, { round: true });
}

/** GET /api/game/bonuses/status: 1 when the player was issued the bonus (any status), else 0. */
export async function issueStatuses(db: Db, playerId: string, ids: string[], currency: string) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ bonusId: playerBonuses.bonusId })
    .from(playerBonuses)
    .where(
      and(
        eq(playerBonuses.playerId, playerId),
        eq(playerBonuses.currency, currency),
        inArray(playerBonuses.bonusId, ids),
      ),
    );
  const issued = new Set(rows.map((r) => r.bonusId));
  return ids.map((id) => ({ id, issueStatus: issued.has(id) ? 1 : 0 }));
}
