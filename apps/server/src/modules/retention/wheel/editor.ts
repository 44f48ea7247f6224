import type {
  RetentionListQuery,
  RetentionStatus,
  Wheel,
  WheelEditorView,
  WheelInput,
  WheelSectorInput,
} from '@croupier/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { containing } from '../../../db/like.ts';
import {
  assertBonusField,
  canonical,
  fieldError,
  hundredthsOf,
  isUniqueViolation,
  majorAmounts,
  minorAmounts,
  notFound,
  notNow,
  pageOf,
} from '../editor-kit.ts';
import { toWheel } from './present.ts';
import { wheelSectors, wheels } from './schema.ts';
import type { SectorRow, WheelRow } from './store.ts';

// The wheel editor's service (issue 27), the one way a wheel is created or changed (the back office and the
// demo seed). Weights are basis points summing to 10 000 (the contracts' WheelInput). Sectors are never
// changed in place: an edit retires them and adds new ones, so a spin already made keeps its sector and its
// prize (wheel_spins.prize) exactly as they were; spins granted and not yet used draw from the new sectors.

type SectorValues = Omit<typeof wheelSectors.$inferInsert, 'wheelId' | 'position'>;

async function sectorsIn(tx: Db, input: WheelInput): Promise<SectorValues[]> {
  const out: SectorValues[] = [];
  for (const [i, s] of input.sectors.entries()) {
    if (s.bonusId) await assertBonusField(tx, s.bonusId, `sectors.${i}.bonusId`);
    out.push({
      title: s.title,
      weight: s.weight,
      prizeType: s.prizeType,
      amounts: s.prizeType === 'real' || s.prizeType === 'bonus' ? minorAmounts(s.amounts, `sectors.${i}.amounts`) : {},
      points: s.prizeType === 'points' ? hundredthsOf(s.points, `sectors.${i}.points`) : 0n,
      bonusId: s.prizeType === 'bonus' ? s.bonusId : null,
    });
  }
  return out;
}

const wheelColumns = (input: WheelInput) => ({
  identity: input.identity,
  title: input.title,
  startAt: new Date(input.startAt),
  endAt: input.endAt ? new Date(input.endAt) : null,
  dailySpins: input.dailySpins,
  depositSpins: input.depositSpins,
  depositMin: minorAmounts(input.depositMin, 'depositMin'),
  depositSpinDays: input.depositSpinDays,
});

async function identityFree(tx: Db, identity: string, except?: string): Promise<void> {
  const [taken] = await tx.select({ id: wheels.id }).from(wheels).where(eq(wheels.identity, identity));
  if (taken && taken.id !== except) throw fieldError('identity', 'Another wheel has this identity.');
}

/** Creates a wheel with its sectors; answers its id. */
export async function createWheel(tx: Db, input: WheelInput): Promise<string> {
  await identityFree(tx, input.identity);
  const sectors = await sectorsIn(tx, input);
  try {
    const [row] = await tx.insert(wheels).values(wheelColumns(input)).returning({ id: wheels.id });
    await tx.insert(wheelSectors).values(sectors.map((s, position) => ({ ...s, wheelId: row!.id, position })));
    return row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('identity', 'Another wheel has this identity.');
    throw error;
  }
}

async function lockWheel(tx: Db, id: string): Promise<WheelRow> {
  const [row] = await tx.select().from(wheels).where(eq(wheels.id, id)).for('update');
  if (!row) throw notFound('wheel');
  return row;
}

const liveSectors = (db: Db, wheelIds: string[]) =>
  wheelIds.length === 0
    ? Promise.resolve([] as SectorRow[])
    : db
        .select()
        .from(wheelSectors)
        .where(and(inArray(wheelSectors.wheelId, wheelIds), isNull(wheelSectors.retiredAt)))
        .orderBy(asc(wheelSectors.position));

const sectorKey = (s: SectorValues) =>
  canonical([s.title, s.weight, s.prizeType, s.amounts ?? {}, String(s.points ?? 0n), s.bonusId ?? null]);

/** Replaces a wheel's definition; its sectors are replaced only when they changed. */
export async function updateWheel(tx: Db, id: string, input: WheelInput, now: Date): Promise<void> {
  const row = await lockWheel(tx, id);
  if (row.status === 'archived') throw notNow('An archived wheel cannot be changed.');
  await identityFree(tx, input.identity, id);
  const next = await sectorsIn(tx, input);
  await tx.update(wheels).set(wheelColumns(input)).where(eq(wheels.id, id));
  const current = await liveSectors(tx, [id]);
  if (current.map(sectorKey).join('\n') === next.map(sectorKey).join('\n')) return;
  await tx
    .update(wheelSectors)
    .set({ retiredAt: now })
    .where(and(eq(wheelSectors.wheelId, id), isNull(wheelSectors.retiredAt)));
  await tx.insert(wheelSectors).values(next.map((s, position) => ({ ...s, wheelId: id, position })));
}

/** Pause (not shown, spun or granted; granted spins wait), resume, archive (for good). */
export async function setWheelStatus(tx: Db, id: string, verb: 'pause' | 'resume' | 'archive'): Promise<void> {
  const row = await lockWheel(tx, id);
  if (row.status === 'archived') throw notNow('This wheel is archived.');
  if (verb === 'pause' && row.status === 'paused') throw notNow('This wheel is paused already.');
  if (verb === 'resume' && row.status !== 'paused') throw notNow('This wheel is not paused.');
  const status = verb === 'pause' ? 'paused' : verb === 'resume' ? 'active' : 'archived';
  await tx.update(wheels).set({ status }).where(eq(wheels.id, id));
}

const sectorInput = (s: SectorRow): WheelSectorInput => ({
  title: s.title,
  weight: s.weight,
  prizeType: s.prizeType,
  amounts: majorAmounts(s.amounts),
  points: Number(s.points) / 100,
  bonusId: s.bonusId,
});

async function viewsOf(db: Db, rows: WheelRow[]): Promise<WheelEditorView[]> {
  const sectors = await liveSectors(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    identity: row.identity,
    title: row.title,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt?.toISOString() ?? null,
    dailySpins: row.dailySpins,
    depositSpins: row.depositSpins,
    depositMin: majorAmounts(row.depositMin),
    depositSpinDays: row.depositSpinDays,
    sectors: sectors.filter((s) => s.wheelId === row.id).map(sectorInput),
    status: row.status as RetentionStatus,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function wheelView(db: Db, id: string): Promise<WheelEditorView | null> {
  const [row] = await db.select().from(wheels).where(eq(wheels.id, id));
  return row ? (await viewsOf(db, [row]))[0]! : null;
}

export async function wheelsEditorPage(db: Db, q: RetentionListQuery) {
  const where = and(
    q.status ? eq(wheels.status, q.status) : undefined,
    q.q ? or(ilike(wheels.title, containing(q.q)), ilike(wheels.identity, containing(q.q))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(wheels)
      .where(where)
      .orderBy(desc(wheels.createdAt), asc(wheels.id))
      .limit(pageOf(q).limit)
      .offset(pageOf(q).offset),
    db.select({ n: count() }).from(wheels).where(where),
  ]);
  return { rows: await viewsOf(db, rows), total: total?.n ?? 0 };
}

/** The wheel as the player's wheel page shows it (present.ts), with each sector's drop rate; nothing stored. */
export async function previewWheel(db: Db, input: WheelInput, now: Date): Promise<Wheel> {
  const sectors = await sectorsIn(db, input);
  const row: WheelRow = {
    id: 'preview',
    ...wheelColumns(input),
    createdAt: now,
    status: 'active',
  };
  const rows: SectorRow[] = sectors.map((s, position) => ({
    id: `preview-${position + 1}`,
    wheelId: row.id,
    position,
    title: s.title,
    weight: s.weight,
    prizeType: s.prizeType ?? 'none',
    amounts: s.amounts ?? {},
    points: s.points ?? 0n,
    bonusId: s.bonusId ?? null,
    retiredAt: null,
  }));
  return toWheel(row, rows, null, now);
}
