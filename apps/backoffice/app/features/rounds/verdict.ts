import type { RoundReplay } from '@croupier/contracts';

/**
 * What the round replay says of a round's fairness (§8): "Verified" only when the outcome recomputed from the
 * revealed seeds with the players' verifier equals the stored one; otherwise "Not verified" and why, since that
 * is what staff answer a disputing player with.
 */
export interface Verdict {
  verified: boolean;
  label: 'Verified' | 'Not verified';
  reason: string;
}

export function verdictOf(round: Pick<RoundReplay, 'verified' | 'fairness'>): Verdict {
  const fairness = round.fairness;
  if (round.verified) {
    return {
      verified: true,
      label: 'Verified',
      reason: 'The outcome recomputed from the revealed seeds with the players’ verifier equals the recorded one.',
    };
  }
  let reason: string;
  if (!fairness) reason = 'The provider publishes no provably-fair data for this round.';
  else if (fairness.detail) reason = fairness.detail;
  else if (fairness.verified === null || fairness.serverSeed === null)
    reason = 'The server seed is still in use: the round can be verified once the player’s seed pair is rotated.';
  else reason = 'The outcome recomputed from the seeds differs from the recorded one.';
  return { verified: false, label: 'Not verified', reason };
}

/** The back office's address of a round (`provider:round`, encoded as one path segment). */
export const roundPath = (roundId: string): string => `/rounds/${encodeURIComponent(roundId)}`;

/** A stored outcome as readable JSON (bigints already strings in the record). */
export function outcomeText(outcome: unknown): string {
  if (outcome === undefined || outcome === null) return '—';
  try {
    return JSON.stringify(outcome, null, 2);
  } catch {
    return String(outcome);
  }
}
