/**
 * The real-time client (centrifuge, about 22 kB gzip) is not part of the first load: it is fetched the
 * first time something needs the connection, which is after hydration since that happens in effects
 * (decision 0074). One import for the whole page; the module itself creates one connection.
 */
type RealtimeModule = typeof import('./client.ts');

let loading: Promise<RealtimeModule> | null = null;

export function loadRealtime(): Promise<RealtimeModule> {
  loading ??= import('./client.ts');
  return loading;
}
