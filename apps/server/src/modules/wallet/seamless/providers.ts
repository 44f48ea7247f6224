import { STUDIO_PROVIDER_ID } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Config, ConfigError } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { persistedSecret } from '../../../secrets.ts';
import { seamlessProviders } from './schema.ts';

const ProviderConfig = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, - and _'),
  name: z.string().min(1).optional(),
  secret: z.string().min(16, 'at least 16 characters'),
  games: z.array(z.string().min(1)).default([]),
  enabled: z.boolean().default(true),
});
export type ProviderConfig = z.output<typeof ProviderConfig>;

/** SEAMLESS_PROVIDERS: a JSON array of {id, name?, secret, games?, enabled?}. A bad value is a ConfigError: the process stops with exit 78 naming it. */
export function parseProviders(raw: string | undefined): ProviderConfig[] {
  if (!raw?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError(
      'Invalid configuration:\n  SEAMLESS_PROVIDERS: must be a JSON array like [{"id":"acme","secret":"…","games":["slot-1"]}]',
    );
  }
  const parsed = z.array(ProviderConfig).safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  SEAMLESS_PROVIDERS.${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const ids = parsed.data.map((p) => p.id);
  if (new Set(ids).size !== ids.length)
    throw new ConfigError('Invalid configuration:\n  SEAMLESS_PROVIDERS: provider ids must be unique');
  return parsed.data;
}

/**
 * The studio's signing key: STUDIO_SECRET when set; otherwise a random key generated once and kept in
 * DATA_DIR/studio-secret (like the JWT key). Tests get a fresh key per app.
 */
export function resolveStudioSecret(config: Pick<Config, 'NODE_ENV' | 'dataDir'> & { STUDIO_SECRET?: string }): string {
  return persistedSecret({
    configured: config.STUDIO_SECRET,
    nodeEnv: config.NODE_ENV,
    dataDir: config.dataDir,
    file: 'studio-secret',
  });
}

/** Upserts the configured providers (and the studio) into wallet.seamless_providers. Others stay as they are. */
export async function syncProviders(db: Db, providers: ProviderConfig[], studioSecret: string): Promise<void> {
  const all = [
    { id: STUDIO_PROVIDER_ID, name: 'Croupier Studio', secret: studioSecret, games: [], enabled: true },
    ...providers.filter((p) => p.id !== STUDIO_PROVIDER_ID).map((p) => ({ ...p, name: p.name ?? p.id })),
  ];
  for (const p of all) {
    await db
      .insert(seamlessProviders)
      .values({ id: p.id, name: p.name, secret: p.secret, games: p.games, enabled: p.enabled })
      .onConflictDoUpdate({
        target: seamlessProviders.id,
        set: { name: p.name, secret: p.secret, games: p.games, enabled: p.enabled, updatedAt: sql`now()` },
      });
  }
}
