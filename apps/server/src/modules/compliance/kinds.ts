import { AML_FLAG_KINDS, type FlagKind, type FlagList, type FlagSeverity } from '@croupier/contracts';

// The severity of each kind of flag (decision 0114's table): the queue orders by it, then by the latest
// sighting. A new kind is one row here and one rule in rules.ts.

export const SEVERITY: Readonly<Record<FlagKind, FlagSeverity>> = {
  loss_chasing: 'high',
  limit_raised: 'high',
  limit_near: 'medium',
  long_session: 'medium',
  deposits_declined: 'medium',
  exclusion_ended: 'medium',
  night_play: 'low',
  cycling: 'high',
  shared_instrument: 'high',
  shared_device: 'medium',
  large_deposit: 'medium',
};

/** Stored as a number so that one index orders the queue: high first. */
export const SEVERITY_RANK: Readonly<Record<FlagSeverity, number>> = { high: 3, medium: 2, low: 1 };
export const severityOfRank = (rank: number): FlagSeverity => (rank >= 3 ? 'high' : rank === 2 ? 'medium' : 'low');

const AML = new Set<string>(AML_FLAG_KINDS);
export const listOf = (kind: FlagKind): FlagList => (AML.has(kind) ? 'aml' : 'rg');
