import type { Db } from '../../db/client.ts';
import { primaryOf } from '../../db/replica.ts';

// Lobby reads (games, a game, collections, providers, winners) answered from memory for a few seconds
// (docs/decisions/0047). Every home page asks for several game lists, the collections and the winners; they
// change when an operator edits the catalogue, not per request. One cache per database handle, so whatever
// writes the catalogue (seedGames, an operator tool, a test) can drop it with only `db` in hand.

/** How long each kind of read is reused; 0 turns that kind off. */
export interface LobbyTtls {
  /** Games, a game, collections, providers: change only when the catalogue does (invalidated then). */
  catalogueMs: number;
  /** The latest winners: change with every winning round, so only this long out of date. */
  winnersMs: number;
}

/**
 * How long after a catalogue change its reads skip the read replica (decision 0119): a replica in use is at most
 * a second behind when measured, measured every second; a stale answer read sooner would be cached.
 */
export const CATALOGUE_SETTLE_MS = 2500;

export interface LobbyCache {
  ttls: LobbyTtls;
  /** When invalidate() was last called (ms since the epoch; 0: never). */
  changedAt: number;
  /** The value for `key`, loaded once per TTL; concurrent misses share one load; a failed load is not kept. */
  read<T>(kind: keyof LobbyTtls, key: string, load: () => Promise<T>): Promise<T>;
  /** Drops every entry: the next read of each key goes to the database. */
  invalidate(): void;
}

const MAX_ENTRIES = 1000;

export function createLobbyCache(ttls: LobbyTtls): LobbyCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  const cache: LobbyCache = {
    ttls,
    changedAt: 0,
    read<T>(kind: keyof LobbyTtls, key: string, load: () => Promise<T>): Promise<T> {
      const ttl = cache.ttls[kind];
      if (ttl <= 0) return load();
      const id = `${kind}\u0000${key}`;
      const now = Date.now();
      const hit = entries.get(id);
      if (hit && now - hit.at < ttl) return hit.value as Promise<T>;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const value = load();
      const entry = { at: now, value };
      entries.set(id, entry);
      // Only this load's entry: an invalidation may already have replaced it with a newer one.
      value.catch(() => entries.get(id) === entry && entries.delete(id));
      return value;
    },
    invalidate() {
      entries.clear();
      cache.changedAt = Date.now();
    },
  };
  return cache;
}

const byDb = new WeakMap<Db, LobbyCache>();

/** The lobby cache of a database (off until the game routes set its TTLs); a read handle shares its primary's. */
export function lobbyCacheOf(db: Db): LobbyCache {
  const key = primaryOf(db);
  let cache = byDb.get(key);
  if (!cache) {
    cache = createLobbyCache({ catalogueMs: 0, winnersMs: 0 });
    byDb.set(key, cache);
  }
  return cache;
}

/** Call after changing games, providers or collections: the next lobby read sees the change. */
export function invalidateLobby(db: Db): void {
  byDb.get(primaryOf(db))?.invalidate();
}
