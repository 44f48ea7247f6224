/**
 * A small time-bounded memo for guest data SSR reads on every request (settings, content). The
 * contract lets clients cache settings for 10 minutes; we keep a minute so operator changes show fast.
 */
export function ttlCache<T>(ttlMs: number, maxEntries = 100) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  const read = (key: string, load: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const value = load();
    // A failed load must not stick: drop it so the next request tries again.
    value.catch(() => entries.delete(key));
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { at: now, value });
    return value;
  };
  /** Drops every entry (the data changed at the source). */
  const clear = () => entries.clear();
  return Object.assign(read, { clear });
}
