import type { Country, Currency } from '@croupier/contracts';
import { useEffect, useState } from 'react';
import { browserApi } from '../session/runtime.ts';

/** Hidden from every country list (spec §9); a client rule, not an API fact. */
export const EXCLUDED_COUNTRIES: ReadonlySet<string> = new Set(['US', 'UM', 'GB', 'FR', 'NL', 'AW', 'CW', 'MF']);

export interface ReferenceLists {
  countries: Country[];
  currencies: Currency[];
  timeZones: { id: string; name: string }[];
}

let cached: Promise<ReferenceLists> | null = null;

/** Guest settings lists the server-driven forms need, fetched once per page load. */
function loadLists(): Promise<ReferenceLists> {
  cached ??= (async () => {
    const api = browserApi();
    const [countries, currencies, constants] = await Promise.all([
      api.settings.countries(),
      api.settings.currencies({ query: { visible: '1' } }),
      api.settings.constants(),
    ]);
    return {
      countries: countries.data.filter((c) => !EXCLUDED_COUNTRIES.has(c.code)),
      currencies: currencies.data.filter((c) => c.isEnabled),
      timeZones: constants.data.player.timeZone,
    };
  })();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

const EMPTY: ReferenceLists = { countries: [], currencies: [], timeZones: [] };

/** The lists when `needed`; empty until loaded (and on failure: the selects stay usable but short). */
export function useReferenceLists(needed: boolean): ReferenceLists {
  const [lists, setLists] = useState<ReferenceLists>(EMPTY);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    loadLists()
      .then((l) => live && setLists(l))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [needed]);
  return lists;
}
