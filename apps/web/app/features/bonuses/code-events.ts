// Codes this tab is submitting right now: their `player.bonus.code.updated` publications are not alerted
// again by the listener (the box answers them itself, and the deposit flow's first "not available" on
// trigger 1 is expected before the trigger-3 attach). Publications from other tabs still alert (§14.2).

const HOLD_MS = 10_000;
const handled = new Map<string, number>();

const keyOf = (code: string) => code.trim().toUpperCase();

export function markCodeHandledHere(code: string): void {
  handled.set(keyOf(code), Date.now() + HOLD_MS);
}

export function wasCodeHandledHere(code: string): boolean {
  const until = handled.get(keyOf(code));
  if (until === undefined) return false;
  if (until < Date.now()) {
    handled.delete(keyOf(code));
    return false;
  }
  return true;
}
