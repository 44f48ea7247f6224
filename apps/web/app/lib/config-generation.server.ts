/**
 * The API's configuration generation (decision ssr-cache): every API answer carries `x-config-generation:
 * <instance>.<n>`, the counter moving once staff's content or site settings changed there. The SSR keeps that
 * data in memory and drops it when an answer shows a counter it has not seen, so an edit reaches the next page
 * rendered, never after a TTL. Told by the host's API fetch (apps/server/src/site/plugin.ts), through the
 * server entry's export: the web app still reads only through the public API.
 */
export const CONFIG_GENERATION_HEADER = 'x-config-generation';

// The last counter per API instance: with several behind a load balancer, answers alternate between them and
// only a counter that moved (or an instance seen for the first time, e.g. restarted) means a change.
const counters = new Map<string, number>();
const MAX_INSTANCES = 32;
const listeners = new Set<() => void>();

/** Calls `fn` whenever the API's configuration changed; answers the unsubscribe. */
export function onConfigChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Records an answer's generation header; a value that is absent or malformed is ignored. */
export function noteConfigGeneration(value: string | null | undefined): void {
  const match = value ? /^([\w-]{1,64})\.(\d{1,15})$/.exec(value) : null;
  if (!match) return;
  const [, instance, n] = match as unknown as [string, string, string];
  const counter = Number(n);
  const known = counters.get(instance);
  if (known === counter) return;
  // Nothing was cached under a generation before the first answer: no change to announce then.
  const first = counters.size === 0;
  counters.delete(instance);
  counters.set(instance, counter);
  if (counters.size > MAX_INSTANCES) counters.delete(counters.keys().next().value as string);
  if (first) return;
  for (const fn of listeners) fn();
}
