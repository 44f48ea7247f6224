import type { Db } from '../../../db/client.ts';
import { seamlessProviders } from './schema.ts';

interface ProviderKey {
  id: string;
  secret: string;
  enabled: boolean;
}

/** How long a loaded provider list is trusted; a change made by another instance is seen within it. */
const REFRESH_MS = 10_000;

/**
 * The providers' signing keys, read for every request's signature check: kept in memory, reloaded when
 * older than REFRESH_MS (at most one read per period, however many unknown ids are sent) and at once after
 * this instance changed them (`invalidate`).
 */
export function createProviderDirectory(db: Db, now = () => Date.now()) {
  let keys = new Map<string, ProviderKey>();
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  async function load(): Promise<void> {
    const rows = await db
      .select({ id: seamlessProviders.id, secret: seamlessProviders.secret, enabled: seamlessProviders.enabled })
      .from(seamlessProviders);
    keys = new Map(rows.map((r) => [r.id, r]));
    loadedAt = now();
  }

  return {
    async get(id: string): Promise<ProviderKey | undefined> {
      if (now() - loadedAt > REFRESH_MS) {
        loading ??= load().finally(() => {
          loading = null;
        });
        await loading;
      }
      return keys.get(id);
    },
    invalidate(): void {
      loadedAt = Number.NEGATIVE_INFINITY;
    },
  };
}
