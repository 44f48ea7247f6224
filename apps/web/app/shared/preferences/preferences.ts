/** Local preferences (spec §3): equivalent currency, payment region, drawer compact state. */
export interface Preferences {
  drawerCompact?: boolean;
  equivalentCurrency?: string;
  paymentGeo?: string;
}

export const PREFERENCES_KEY = 'croupier:preferences';

export function readPreferences(): Preferences {
  try {
    return JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}') as Preferences;
  } catch {
    return {};
  }
}

export function writePreferences(patch: Partial<Preferences>): Preferences {
  const next = { ...readPreferences(), ...patch };
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(next));
  } catch {
    // Private mode or full storage: the preference lives for this page only.
  }
  return next;
}

/**
 * Runs before first paint (inline, nonce'd) so the drawer renders in its saved state without a jump.
 * Kept as a string because it must execute before the app's bundle loads.
 */
export const preferencesBootScript = `try{var p=JSON.parse(localStorage.getItem('${PREFERENCES_KEY}')||'{}');if(p.drawerCompact)document.documentElement.dataset.drawer='compact'}catch(e){}`;
