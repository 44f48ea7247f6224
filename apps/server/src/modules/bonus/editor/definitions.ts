import {
  type BonusDefinition,
  type BonusDefinitionsQuery,
  CreateBonusRequest,
  pageMeta,
  UpdateBonusRequest,
} from '@croupier/contracts';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { changeConfig } from '../../../config-bus/index.ts';
import type { Db } from '../../../db/client.ts';
import { containing } from '../../../db/like.ts';
import type { BonusRow } from '../definitions.ts';
import { bonuses, packages } from '../schema.ts';
import { type Actor, archived, audit, invalid, notFound } from './actor.ts';
import { toMajorMap, toMinorMap } from './amounts.ts';

// Bonus definitions in the back office (issue 27, backoffice-api.md §9): list, create, edit, pause, resume,
// archive. Each change is one `changeConfig(db, ['bonuses'], …)`: the rows, the audit row with before and after,
// and the event every instance hears, in one transaction. An edit applies to what is issued from then on: a
// running player bonus plays under the terms frozen at its issue (terms.ts).

type Fields = Omit<UpdateBonusRequest, 'reason'>;
type Parsed = Required<{ [K in keyof Fields]: Exclude<Fields[K], undefined> }>;

export function toDefinition(b: BonusRow, packageName: string | null = null): BonusDefinition {
  return {
    id: b.id,
    identity: b.identity,
    name: b.name,
    kind: b.kind as BonusDefinition['kind'],
    enabled: b.enabled,
    status: b.archivedAt ? 'archived' : b.enabled ? 'active' : 'paused',
    depositPercentage: b.depositPercentage,
    amounts: toMajorMap(b.amounts),
    maxAmounts: toMajorMap(b.maxAmounts),
    minDeposits: toMajorMap(b.minDeposits),
    maxDeposits: toMajorMap(b.maxDeposits),
    availableFrom: b.availableFrom?.toISOString() ?? null,
    availableTo: b.availableTo?.toISOString() ?? null,
    wagerMultiplier: Number(b.wagerMultiplier),
    maxBets: toMajorMap(b.maxBets),
    maxWins: toMajorMap(b.maxWins),
    activationDays: b.activationDays,
    wageringDays: b.wageringDays,
    gameIds: b.gameIds,
    gameIdsExcluded: b.gameIdsExcluded,
    providerIds: b.providerIds,
    providerIdsExcluded: b.providerIdsExcluded,
    contributions: b.contributions,
    cancelLock: b.cancelLock,
    reusable: b.reusable,
    codeOnly: b.codeOnly,
    freeSpinGame: b.freeSpinGame,
    freeSpinCount: b.freeSpinCount,
    packageId: b.packageId,
    packageName,
    packagePriority: b.packagePriority,
    archivedAt: b.archivedAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
  };
}

/** The request's fields as columns (amounts to minor units, each exact); what the kind does not use is cleared. */
function columnsOf(f: Parsed) {
  const money = f.kind === 'cash' || f.kind === 'freespins';
  return {
    name: f.name,
    kind: f.kind,
    enabled: f.enabled,
    depositPercentage: f.kind === 'deposit' || f.kind === 'cashback' ? f.depositPercentage : null,
    amounts: money ? toMinorMap('amounts', f.amounts) : {},
    maxAmounts: f.kind === 'deposit' ? toMinorMap('maxAmounts', f.maxAmounts) : {},
    minDeposits: f.kind === 'deposit' ? toMinorMap('minDeposits', f.minDeposits) : {},
    maxDeposits: f.kind === 'deposit' ? toMinorMap('maxDeposits', f.maxDeposits) : {},
    availableFrom: f.availableFrom ? new Date(f.availableFrom) : null,
    availableTo: f.availableTo ? new Date(f.availableTo) : null,
    wagerMultiplier: f.wagerMultiplier.toFixed(2),
    maxBets: toMinorMap('maxBets', f.maxBets),
    maxWins: toMinorMap('maxWins', f.maxWins),
    activationDays: f.activationDays,
    wageringDays: f.wageringDays,
    gameIds: [...new Set(f.gameIds)],
    gameIdsExcluded: f.gameIdsExcluded,
    providerIds: [...new Set(f.providerIds)],
    providerIdsExcluded: f.providerIdsExcluded,
    contributions: f.contributions,
    cancelLock: f.cancelLock,
    reusable: f.reusable,
    codeOnly: f.kind === 'deposit' ? f.codeOnly : false,
    freeSpinGame: f.kind === 'freespins' ? f.freeSpinGame : null,
    freeSpinCount: f.kind === 'freespins' ? f.freeSpinCount : null,
  };
}

const statusWhere = (status: BonusDefinitionsQuery['status']): SQL | undefined => {
  if (status === 'all') return undefined;
  if (status === 'archived') return isNotNull(bonuses.archivedAt);
  if (status === 'active') return and(isNull(bonuses.archivedAt), eq(bonuses.enabled, true));
  if (status === 'paused') return and(isNull(bonuses.archivedAt), eq(bonuses.enabled, false));
  return isNull(bonuses.archivedAt);
};

/** GET /api/backoffice/bonuses: server-paged, newest first. */
export async function listDefinitions(db: Db, q: BonusDefinitionsQuery) {
  const where: (SQL | undefined)[] = [statusWhere(q.status)];
  if (q.kind) where.push(eq(bonuses.kind, q.kind));
  if (q.q) where.push(or(ilike(bonuses.name, containing(q.q)), ilike(bonuses.identity, containing(q.q))));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ bonus: bonuses, packageName: packages.name })
      .from(bonuses)
      .leftJoin(packages, eq(packages.id, bonuses.packageId))
      .where(filter)
      .orderBy(desc(bonuses.createdAt), desc(bonuses.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(bonuses).where(filter),
  ]);
  return {
    data: rows.map((r) => toDefinition(r.bonus, r.packageName)),
    meta: pageMeta(q.page, q.perPage, total?.n ?? 0),
  };
}

async function lockDefinition(tx: Db, id: string): Promise<BonusRow> {
  const [row] = await tx.select().from(bonuses).where(eq(bonuses.id, id)).for('update');
  if (!row) throw notFound('bonus');
  return row;
}

async function present(tx: Db, row: BonusRow): Promise<BonusDefinition> {
  if (!row.packageId) return toDefinition(row);
  const [p] = await tx.select({ name: packages.name }).from(packages).where(eq(packages.id, row.packageId));
  return toDefinition(row, p?.name ?? null);
}

export async function getDefinition(db: Db, id: string): Promise<BonusDefinition> {
  const [row] = await db.select().from(bonuses).where(eq(bonuses.id, id));
  if (!row) throw notFound('bonus');
  return present(db, row);
}

/** POST: a new definition (the one way to create a bonus: the back office and the demo's seed). */
export async function createDefinition(db: Db, actor: Actor, body: CreateBonusRequest): Promise<BonusDefinition> {
  // Parsed here too: the seed calls this without the route's validation (a parsed body parses to itself).
  const { identity, reason: _reason, ...fields } = CreateBonusRequest.parse(body);
  return changeConfig(db, ['bonuses'], async (tx) => {
    const [taken] = await tx.select({ id: bonuses.id }).from(bonuses).where(eq(bonuses.identity, identity));
    if (taken) throw invalid('identity', 'Another bonus has this identity.');
    const [row] = await tx
      .insert(bonuses)
      .values({ identity, ...columnsOf(fields as Parsed) })
      .returning();
    const after = await present(tx, row!);
    await audit(tx, actor, { action: 'bonus.create', targetType: 'bonus', targetId: row!.id, after });
    return after;
  });
}

/** PUT: replaces the definition; bonuses already issued keep their frozen terms. The kind never changes. */
export async function updateDefinition(
  db: Db,
  actor: Actor,
  id: string,
  body: UpdateBonusRequest,
): Promise<BonusDefinition> {
  const { reason: _reason, ...fields } = UpdateBonusRequest.parse(body);
  return changeConfig(db, ['bonuses'], async (tx) => {
    const current = await lockDefinition(tx, id);
    if (current.archivedAt) throw archived('bonus');
    if (fields.kind !== current.kind) throw invalid('kind', 'The kind of a bonus never changes: create another.');
    const before = await present(tx, current);
    const [row] = await tx
      .update(bonuses)
      .set(columnsOf(fields as Parsed))
      .where(eq(bonuses.id, id))
      .returning();
    const after = await present(tx, row!);
    await audit(tx, actor, { action: 'bonus.update', targetType: 'bonus', targetId: id, before, after });
    return after;
  });
}

/** Pause (false) or resume (true): a paused bonus is neither offered nor issued; issued ones run on. */
export async function setDefinitionEnabled(db: Db, actor: Actor, id: string, enabled: boolean) {
  return changeConfig(db, ['bonuses'], async (tx) => {
    const current = await lockDefinition(tx, id);
    if (current.archivedAt) throw archived('bonus');
    const [row] = await tx.update(bonuses).set({ enabled }).where(eq(bonuses.id, id)).returning();
    const after = await present(tx, row!);
    await audit(tx, actor, {
      action: enabled ? 'bonus.resume' : 'bonus.pause',
      targetType: 'bonus',
      targetId: id,
      before: { enabled: current.enabled },
      after: { enabled },
    });
    return after;
  });
}

/** Archive: for good. It leaves its package; its codes refuse from now on (they join the bonus). */
export async function archiveDefinition(db: Db, actor: Actor, id: string) {
  return changeConfig(db, ['bonuses'], async (tx) => {
    const current = await lockDefinition(tx, id);
    if (current.archivedAt) throw archived('bonus');
    const [row] = await tx
      .update(bonuses)
      .set({ archivedAt: new Date(), enabled: false, packageId: null, packagePriority: 0 })
      .where(eq(bonuses.id, id))
      .returning();
    const after = await present(tx, row!);
    await audit(tx, actor, {
      action: 'bonus.archive',
      targetType: 'bonus',
      targetId: id,
      before: { enabled: current.enabled, packageId: current.packageId, archivedAt: null },
      after: { enabled: false, packageId: null, archivedAt: after.archivedAt },
    });
    return after;
  });
}
