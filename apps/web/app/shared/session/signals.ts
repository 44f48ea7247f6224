/**
 * Cross-tab session signals (spec §4) through localStorage 'storage' events: a login elsewhere reloads
 * a logged-out tab; a logout elsewhere sends a logged-in tab home. The value carries a time so the
 * same kind twice in a row still fires an event.
 */
export const SESSION_SIGNAL_KEY = 'croupier:session-signal';

export type SessionSignal = 'login' | 'logout';

export const encodeSignal = (kind: SessionSignal, nowMs: number) => `${kind}:${nowMs}`;

export function parseSignal(value: string | null): SessionSignal | null {
  const kind = value?.split(':')[0];
  return kind === 'login' || kind === 'logout' ? kind : null;
}

/** What this tab does when another tab signals. */
export function reactionTo(signal: SessionSignal | null, isLoggedIn: boolean): 'reload' | 'home' | null {
  if (signal === 'login' && !isLoggedIn) return 'reload';
  if (signal === 'logout' && isLoggedIn) return 'home';
  return null;
}
