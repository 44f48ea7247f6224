import type { LoyaltyEditorView, LoyaltyInput, LoyaltyLevel } from '@croupier/contracts';
import { gt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { hundredthsOf } from '../editor-kit.ts';
import { pointsOut } from './points.ts';
import { toLevel } from './present.ts';
import { loyaltyLevels, loyaltyProgram } from './schema.ts';
import { levelsOf, programOf } from './store.ts';

// The loyalty editor's service (issue 27), the one way the programme is written (the back office and the
// demo seed): the whole ladder at once, so "each threshold above the one before" is one rule on one value.
// Levels are matched by their order (ids stay for the levels kept); a player's level is computed from their
// points at each read, so a change applies to everyone from the next read, and no points move.

export async function loyaltyView(db: Db): Promise<LoyaltyEditorView> {
  const [levels, program] = await Promise.all([levelsOf(db), programOf(db)]);
  return {
    levels: levels.map((l) => ({ name: l.name, points: pointsOut(l.points) })),
    pointsPerBaseUnit: Number(program.pointsPerBaseUnit),
    defaultContribution: program.defaultContribution,
    contributions: Object.entries(program.contributions).map(([game, percent]) => ({ game, percent })),
  };
}

export async function saveLoyalty(tx: Db, input: LoyaltyInput): Promise<void> {
  const levels = input.levels.map((l, i) => ({
    name: l.name,
    order: i + 1,
    points: hundredthsOf(l.points, `levels.${i}.points`),
  }));
  // Levels past the new ladder's length go; the rest are written by order.
  await tx.delete(loyaltyLevels).where(gt(loyaltyLevels.order, levels.length));
  for (const level of levels) {
    await tx
      .insert(loyaltyLevels)
      .values(level)
      .onConflictDoUpdate({ target: loyaltyLevels.order, set: { name: level.name, points: level.points } });
  }
  const program = {
    pointsPerBaseUnit: String(input.pointsPerBaseUnit),
    defaultContribution: input.defaultContribution,
    contributions: Object.fromEntries(input.contributions.map((c) => [c.game, c.percent])),
  };
  await tx
    .insert(loyaltyProgram)
    .values({ id: 1, ...program })
    .onConflictDoUpdate({ target: loyaltyProgram.id, set: program });
}

/** The levels as GET /api/retention/levels shows them (present.ts), nothing stored. */
export function previewLoyalty(input: LoyaltyInput): LoyaltyLevel[] {
  return input.levels.map((l, i) =>
    toLevel({
      id: `preview-${i + 1}`,
      name: l.name,
      order: i + 1,
      points: hundredthsOf(l.points, `levels.${i}.points`),
    }),
  );
}
