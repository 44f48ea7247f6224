/**
 * The session's start and end as a signal other parts of the app listen to (realtime reconnects,
 * payment forgets its pending invoice). The session names none of them: it only emits, so shared code
 * never imports a feature (issue 15).
 */
export type SessionChange = 'started' | 'ended';

type Listener = (change: SessionChange) => void;
const listeners = new Set<Listener>();

/** Listens to every start and end from now on; answers the function that stops listening. */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionChange(change: SessionChange): void {
  for (const listener of listeners) listener(change);
}
