/**
 * Filters and pages live in the address (`?search=…&page=2`), so a view can be reloaded, shared and kept in
 * the history. These helpers read and change them; every filter change goes back to page 1.
 */

export type ParamChanges = Record<string, string | number | null | undefined>;

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
};

export const PAGE_SIZES = [25, 50, 100] as const;

export function pageOf(params: URLSearchParams): number {
  return positiveInt(params.get('page')) ?? 1;
}

export function perPageOf(params: URLSearchParams, fallback = 25): number {
  const n = positiveInt(params.get('perPage'));
  return n !== null && (PAGE_SIZES as readonly number[]).includes(n) ? n : fallback;
}

/** A trimmed value, or undefined when absent or blank (left out of the API query). */
export function textOf(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim();
  return value ? value : undefined;
}

/**
 * A copy of `params` with `changes` applied: an empty, null or undefined value removes the key. Unless the
 * change names `page`, the page goes back to the first (a new filter's results start at their top).
 */
export function withParams(params: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text === '') next.delete(name);
    else next.set(name, text);
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/**
 * Where to go after signing in: a path inside the back office only. Anything else (another origin, `//host`,
 * a backslash trick) goes to the dashboard, so the sign-in page cannot be used to send staff elsewhere.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\') || next.startsWith('/sign-in')) return '/';
  // A control character (a tab or a newline inside `/\t/evil`) is dropped by the URL parser: refuse it too.
  if ([...next].some((c) => c.charCodeAt(0) < 0x20)) return '/';
  return next;
}
