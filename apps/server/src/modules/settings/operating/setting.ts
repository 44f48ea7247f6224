import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { operatingSettings } from '../schema.ts';

/** An operating setting: its key, its contract schema and the value it has until staff change it. */
export interface OperatingSetting<T> {
  readonly key: string;
  readonly schema: z.ZodType<T>;
  readonly defaults: T;
}

export const defineSetting = <T>(key: string, schema: z.ZodType<T>, defaults: T): OperatingSetting<T> => ({
  key,
  schema,
  defaults,
});

export interface StoredSetting<T> {
  value: T;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/**
 * The setting's current value (its default when never set). A stored value that no longer parses (a field added
 * since) is read over the defaults, so a new field gets its default rather than failing the rule that reads it.
 * Pass the movement's transaction to read it where the rule applies.
 */
export async function readSetting<T>(db: Db, setting: OperatingSetting<T>): Promise<StoredSetting<T>> {
  const [row] = await db.select().from(operatingSettings).where(eq(operatingSettings.key, setting.key));
  if (!row) return { value: setting.defaults, updatedAt: null, updatedBy: null };
  const parsed = setting.schema.safeParse({ ...(setting.defaults as object), ...(row.value as object) });
  return {
    value: parsed.success ? parsed.data : setting.defaults,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/**
 * Writes the setting in the caller's transaction (the staff change's, with its audit row) and answers the value
 * before and after. The row is locked first, so two changes at once apply one after the other and each audit row
 * names the value it replaced.
 */
export async function writeSetting<T>(
  tx: Db,
  setting: OperatingSetting<T>,
  value: T,
  staffId: string | null,
): Promise<{ before: T; after: T }> {
  const checked = setting.schema.parse(value);
  const [current] = await tx
    .select()
    .from(operatingSettings)
    .where(eq(operatingSettings.key, setting.key))
    .for('update');
  const before = current ? (await readSetting(tx, setting)).value : setting.defaults;
  await tx
    .insert(operatingSettings)
    .values({ key: setting.key, value: checked as object, updatedBy: staffId })
    .onConflictDoUpdate({
      target: operatingSettings.key,
      set: { value: checked as object, updatedBy: staffId, updatedAt: sql`now()` },
    });
  return { before, after: checked };
}

/** Sets the value only when nobody has (the demo's seed: a staff change is never overwritten). */
export async function seedSetting<T>(db: Db, setting: OperatingSetting<T>, value: T): Promise<void> {
  await db
    .insert(operatingSettings)
    .values({ key: setting.key, value: setting.schema.parse(value) as object })
    .onConflictDoNothing({ target: operatingSettings.key });
}
