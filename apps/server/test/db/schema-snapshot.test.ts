import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';

const meta = resolve(import.meta.dirname, '../../drizzle/meta');

// `npm run db:generate` writes the next migration from the difference between the schema and the newest
// snapshot. It was broken for 17 migrations (snapshots stopped at 0007): a schema change must come with its
// migration and snapshot, which db:generate writes; hand-edited SQL on top of it (CHECKs, partial indexes)
// is fine, as the snapshot only holds what Drizzle models.
describe('drizzle schema snapshot', () => {
  it('the newest snapshot is the schema: db:generate has nothing to add', async () => {
    const newest = readdirSync(meta)
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort()
      .at(-1);
    const journal = JSON.parse(readFileSync(resolve(meta, '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    expect(newest?.slice(0, 4)).toBe(journal.entries.at(-1)?.tag.slice(0, 4));
    const snapshot = JSON.parse(readFileSync(resolve(meta, newest!), 'utf8'));
    const current = generateDrizzleJson(schema as Record<string, unknown>, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });
});
