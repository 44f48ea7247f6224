import type { PageSource } from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentOverrides } from './schema.ts';
import type { ContentOverride, ContentStore } from './store.ts';

type Kind = ContentOverride['kind'];

const rowOf = (r: typeof contentOverrides.$inferSelect): ContentOverride => ({
  locale: r.locale,
  kind: r.kind as Kind,
  key: r.key,
  value: r.value as ContentOverride['value'],
  unpublished: r.unpublished,
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt,
});

/** Every edit: a few hundred rows at most (texts are grouped per document), kept whole in memory. */
export async function loadOverrides(db: Db): Promise<ContentOverride[]> {
  return (await db.select().from(contentOverrides)).map(rowOf);
}

const where = (locale: string, kind: Kind, key: string) =>
  and(eq(contentOverrides.locale, locale), eq(contentOverrides.kind, kind), eq(contentOverrides.key, key));

/** The row as it is in the database, locked until the caller's transaction ends (two edits apply in turn). */
export async function lockOverride(tx: Db, locale: string, kind: Kind, key: string): Promise<ContentOverride | null> {
  const [row] = await tx
    .select()
    .from(contentOverrides)
    .where(where(locale, kind, key))
    .for('update');
  return row ? rowOf(row) : null;
}

export async function putOverride(
  tx: Db,
  row: { locale: string; kind: Kind; key: string; value: Record<string, string> | PageSource; unpublished?: boolean },
  staffId: string,
): Promise<void> {
  const set = { value: row.value, unpublished: row.unpublished ?? false, updatedBy: staffId, updatedAt: new Date() };
  await tx
    .insert(contentOverrides)
    .values({ locale: row.locale, kind: row.kind, key: row.key, ...set })
    .onConflictDoUpdate({ target: [contentOverrides.locale, contentOverrides.kind, contentOverrides.key], set });
}

export async function deleteOverride(tx: Db, locale: string, kind: Kind, key: string): Promise<void> {
  await tx.delete(contentOverrides).where(where(locale, kind, key));
}

/**
 * Keeps `store`'s edits in step with the database: `reload()` answers once a read that started after the call
 * has been applied (a reload already running may have read before the caller's commit, so another follows it).
 */
export function overridesLoader(db: Db, store: ContentStore) {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const load = () => {
    running = loadOverrides(db)
      .then((rows) => store.setOverrides(rows))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const reload = (): Promise<void> => {
    if (!running) return load();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return load();
      });
    return next;
  };
  return { reload };
}
export type OverridesLoader = ReturnType<typeof overridesLoader>;
