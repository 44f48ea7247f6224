import {
  type BonusCodeDefinition,
  type BonusCodeDefinitionsQuery,
  type CreateBonusCodeRequest,
  pageMeta,
  type UpdateBonusCodeRequest,
} from '@croupier/contracts';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { changeConfig } from '../../../config-bus/index.ts';
import type { Db } from '../../../db/client.ts';
import { containing } from '../../../db/like.ts';
import { bonuses, codes, playerBonusCodes } from '../schema.ts';
import { type Actor, archived, audit, invalid, notFound } from './actor.ts';
import type { CodeRow } from './code-rules.ts';

// Bonus codes in the back office (issue 27): list, create, edit, pause, resume, archive. A code names its bonus,
// how it is used (1 at once, 3 with the next deposit), its limits (uses in all, uses per rolling period) and its
// window. Pausing or archiving refuses new applications (not available); bonuses already issued run on.

type Fields = Omit<UpdateBonusCodeRequest, 'reason'>;

function toView(c: CodeRow, bonus: { name: string; kind: string }, uses: number): BonusCodeDefinition {
  return {
    code: c.code,
    bonusId: c.bonusId,
    bonusName: bonus.name,
    bonusKind: bonus.kind as BonusCodeDefinition['bonusKind'],
    triggers: c.triggers.filter((t): t is 1 | 3 => t === 1 || t === 3),
    enabled: c.enabled,
    status: c.archivedAt ? 'archived' : c.enabled ? 'active' : 'paused',
    maxUses: c.maxUses,
    maxUsesPerPeriod: c.maxUsesPerPeriod,
    periodHours: c.periodHours,
    validFrom: c.validFrom?.toISOString() ?? null,
    validTo: c.validTo?.toISOString() ?? null,
    uses,
    archivedAt: c.archivedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

async function usesByCode(db: Db, list: string[]): Promise<Map<string, number>> {
  if (list.length === 0) return new Map();
  const rows = await db
    .select({ code: playerBonusCodes.code, n: count() })
    .from(playerBonusCodes)
    .where(and(inArray(playerBonusCodes.code, list), inArray(playerBonusCodes.status, [1, 2])))
    .groupBy(playerBonusCodes.code);
  return new Map(rows.map((r) => [r.code, r.n]));
}

const statusWhere = (status: BonusCodeDefinitionsQuery['status']): SQL | undefined => {
  if (status === 'all') return undefined;
  if (status === 'archived') return isNotNull(codes.archivedAt);
  if (status === 'active') return and(isNull(codes.archivedAt), eq(codes.enabled, true));
  if (status === 'paused') return and(isNull(codes.archivedAt), eq(codes.enabled, false));
  return isNull(codes.archivedAt);
};

export async function listCodes(db: Db, q: BonusCodeDefinitionsQuery) {
  const where: (SQL | undefined)[] = [statusWhere(q.status)];
  if (q.bonusId) where.push(eq(codes.bonusId, q.bonusId));
  if (q.q) where.push(ilike(codes.code, containing(q.q.toUpperCase())));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ code: codes, bonus: { name: bonuses.name, kind: bonuses.kind } })
      .from(codes)
      .innerJoin(bonuses, eq(bonuses.id, codes.bonusId))
      .where(filter)
      .orderBy(desc(codes.createdAt), codes.code)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(codes).where(filter),
  ]);
  const uses = await usesByCode(
    db,
    rows.map((r) => r.code.code),
  );
  return {
    data: rows.map((r) => toView(r.code, r.bonus, uses.get(r.code.code) ?? 0)),
    meta: pageMeta(q.page, q.perPage, total?.n ?? 0),
  };
}

async function present(tx: Db, c: CodeRow): Promise<BonusCodeDefinition> {
  const [bonus] = await tx
    .select({ name: bonuses.name, kind: bonuses.kind })
    .from(bonuses)
    .where(eq(bonuses.id, c.bonusId));
  return toView(c, bonus!, (await usesByCode(tx, [c.code])).get(c.code) ?? 0);
}

/** The code's bonus must exist and not be archived (a cashback is paid by the week, never by a code). */
async function checkBonus(tx: Db, bonusId: string): Promise<void> {
  const [bonus] = await tx.select().from(bonuses).where(eq(bonuses.id, bonusId));
  if (!bonus) throw invalid('bonusId', 'No such bonus.');
  if (bonus.archivedAt) throw invalid('bonusId', 'This bonus is archived.');
  if (bonus.kind === 'cashback') throw invalid('bonusId', 'Cashback is paid by the week, not by a code.');
}

const columnsOf = (f: Fields) => ({
  bonusId: f.bonusId,
  triggers: [...new Set(f.triggers)].sort(),
  enabled: f.enabled ?? true,
  maxUses: f.maxUses ?? null,
  maxUsesPerPeriod: f.maxUsesPerPeriod ?? null,
  periodHours: f.periodHours ?? null,
  validFrom: f.validFrom ? new Date(f.validFrom) : null,
  validTo: f.validTo ? new Date(f.validTo) : null,
});

async function lockCode(tx: Db, code: string): Promise<CodeRow> {
  const [row] = await tx.select().from(codes).where(eq(codes.code, code)).for('update');
  if (!row) throw notFound('code');
  return row;
}

export async function createCode(db: Db, actor: Actor, body: CreateBonusCodeRequest): Promise<BonusCodeDefinition> {
  const { code, reason: _reason, ...fields } = body;
  return changeConfig(db, ['bonuses'], async (tx) => {
    await checkBonus(tx, fields.bonusId);
    const [taken] = await tx.select({ code: codes.code }).from(codes).where(eq(codes.code, code));
    if (taken) throw invalid('code', 'This code exists already (codes are never reused).');
    const [row] = await tx
      .insert(codes)
      .values({ code, ...columnsOf(fields) })
      .returning();
    const after = await present(tx, row!);
    await audit(tx, actor, { action: 'bonus_code.create', targetType: 'bonus_code', targetId: code, after });
    return after;
  });
}

export async function updateCode(db: Db, actor: Actor, code: string, body: UpdateBonusCodeRequest) {
  const { reason: _reason, ...fields } = body;
  return changeConfig(db, ['bonuses'], async (tx) => {
    const current = await lockCode(tx, code);
    if (current.archivedAt) throw archived('code');
    await checkBonus(tx, fields.bonusId);
    const before = await present(tx, current);
    const [row] = await tx.update(codes).set(columnsOf(fields)).where(eq(codes.code, code)).returning();
    const after = await present(tx, row!);
    await audit(tx, actor, { action: 'bonus_code.update', targetType: 'bonus_code', targetId: code, before, after });
    return after;
  });
}

export async function setCodeEnabled(db: Db, actor: Actor, code: string, enabled: boolean) {
  return changeConfig(db, ['bonuses'], async (tx) => {
    const current = await lockCode(tx, code);
    if (current.archivedAt) throw archived('code');
    const [row] = await tx.update(codes).set({ enabled }).where(eq(codes.code, code)).returning();
    await audit(tx, actor, {
      action: enabled ? 'bonus_code.resume' : 'bonus_code.pause',
      targetType: 'bonus_code',
      targetId: code,
      before: { enabled: current.enabled },
      after: { enabled },
    });
    return present(tx, row!);
  });
}

/** Archive, not delete: its applications name it, and a code is never handed out again. */
export async function archiveCode(db: Db, actor: Actor, code: string) {
  return changeConfig(db, ['bonuses'], async (tx) => {
    const current = await lockCode(tx, code);
    if (current.archivedAt) throw archived('code');
    const [row] = await tx
      .update(codes)
      .set({ enabled: false, archivedAt: new Date() })
      .where(eq(codes.code, code))
      .returning();
    const after = await present(tx, row!);
    await audit(tx, actor, {
      action: 'bonus_code.archive',
      targetType: 'bonus_code',
      targetId: code,
      before: { enabled: current.enabled, archivedAt: null },
      after: { enabled: false, archivedAt: after.archivedAt },
    });
    return after;
  });
}
