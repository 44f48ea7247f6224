import type { BonusPackage, CreateBonusPackageRequest, UpdateBonusPackageRequest } from '@croupier/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { changeConfig } from '../../../config-bus/index.ts';
import type { Db } from '../../../db/client.ts';
import { bonuses, packages } from '../schema.ts';
import { type Actor, audit, invalid, notFound } from './actor.ts';

// The welcome package and its deposit steps (issue 27): deposit bonuses offered one after another, in the order
// of their `package_priority` (1 first). Staff rename it, set and reorder its steps, pause and resume it; a
// paused package offers none of its steps. Bonuses already issued from it run on.

type PackageRow = typeof packages.$inferSelect;

async function present(db: Db, p: PackageRow): Promise<BonusPackage> {
  const steps = await db
    .select({ bonusId: bonuses.id, name: bonuses.name, priority: bonuses.packagePriority, enabled: bonuses.enabled })
    .from(bonuses)
    .where(and(eq(bonuses.packageId, p.id), isNull(bonuses.archivedAt)))
    .orderBy(asc(bonuses.packagePriority), asc(bonuses.name));
  return { id: p.id, identity: p.identity, name: p.name, enabled: p.enabled, steps };
}

export async function listPackages(db: Db): Promise<BonusPackage[]> {
  const rows = await db.select().from(packages).orderBy(asc(packages.createdAt));
  return Promise.all(rows.map((p) => present(db, p)));
}

async function lockPackage(tx: Db, id: string): Promise<PackageRow> {
  const [row] = await tx.select().from(packages).where(eq(packages.id, id)).for('update');
  if (!row) throw notFound('package');
  return row;
}

export async function createPackage(db: Db, actor: Actor, body: CreateBonusPackageRequest): Promise<BonusPackage> {
  return changeConfig(db, ['bonuses'], async (tx) => {
    const [taken] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.identity, body.identity));
    if (taken) throw invalid('identity', 'Another package has this identity.');
    const [row] = await tx.insert(packages).values({ identity: body.identity, name: body.name }).returning();
    const after = await present(tx, row!);
    await audit(tx, actor, { action: 'bonus_package.create', targetType: 'bonus_package', targetId: row!.id, after });
    return after;
  });
}

/** Name and steps: the listed deposit bonuses become steps 1…n in that order; the others leave the package. */
export async function updatePackage(
  db: Db,
  actor: Actor,
  id: string,
  body: Omit<UpdateBonusPackageRequest, 'reason'>,
): Promise<BonusPackage> {
  return changeConfig(db, ['bonuses'], async (tx) => {
    const current = await lockPackage(tx, id);
    const before = await present(tx, current);
    if (body.steps.length > 0) {
      const found = await tx
        .select({ id: bonuses.id, kind: bonuses.kind, archivedAt: bonuses.archivedAt, packageId: bonuses.packageId })
        .from(bonuses)
        .where(inArray(bonuses.id, body.steps));
      const usable = found.filter((b) => b.kind === 'deposit' && !b.archivedAt && (!b.packageId || b.packageId === id));
      if (usable.length !== body.steps.length) {
        throw invalid('steps', 'Each step is a deposit bonus, not archived and in no other package.');
      }
    }
    await tx.update(bonuses).set({ packageId: null, packagePriority: 0 }).where(eq(bonuses.packageId, id));
    for (const [index, bonusId] of body.steps.entries()) {
      await tx
        .update(bonuses)
        .set({ packageId: id, packagePriority: index + 1 })
        .where(eq(bonuses.id, bonusId));
    }
    const [row] = await tx.update(packages).set({ name: body.name }).where(eq(packages.id, id)).returning();
    const after = await present(tx, row!);
    await audit(tx, actor, {
      action: 'bonus_package.update',
      targetType: 'bonus_package',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

export async function setPackageEnabled(db: Db, actor: Actor, id: string, enabled: boolean): Promise<BonusPackage> {
  return changeConfig(db, ['bonuses'], async (tx) => {
    const current = await lockPackage(tx, id);
    const [row] = await tx.update(packages).set({ enabled }).where(eq(packages.id, id)).returning();
    await audit(tx, actor, {
      action: enabled ? 'bonus_package.resume' : 'bonus_package.pause',
      targetType: 'bonus_package',
      targetId: id,
      before: { enabled: current.enabled },
      after: { enabled },
    });
    return present(tx, row!);
  });
}

/** Whether the package a bonus belongs to (if any) offers it: a paused package offers none of its steps. */
export async function packageOpen(tx: Db, packageId: string | null): Promise<boolean> {
  if (!packageId) return true;
  const [p] = await tx.select({ enabled: packages.enabled }).from(packages).where(eq(packages.id, packageId));
  return p?.enabled ?? true;
}
