const KEY = 'croupier:last-reload';

/**
 * Reloads the page unless it already reloaded within the guard window (spec §9: 10 s by default),
 * so a broken deploy cannot trap a visitor in a reload loop.
 */
export function guardedReload(guardSeconds: number): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < guardSeconds * 1000) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}
