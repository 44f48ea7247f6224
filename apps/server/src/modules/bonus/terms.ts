import type { BonusRow } from './definitions.ts';
import type { FrozenTerms } from './schema.ts';

// The money rules a player bonus carries from its issue on (issue 27): an edit of the definition (a lower
// contribution, a lower max bet, a higher multiplier) applies to bonuses issued after it, never to one already
// running. The wagering rule, conversion and the player's screens read these, not the live definition.

export type { FrozenTerms };

/** The definition's terms as they are now, for an issue in `currency`. */
export function termsOf(b: BonusRow, currency: string): FrozenTerms {
  return {
    wagerMultiplier: String(b.wagerMultiplier),
    maxBet: b.maxBets[currency] ?? null,
    maxWin: b.maxWins[currency] ?? null,
    gameIds: [...b.gameIds],
    gameIdsExcluded: b.gameIdsExcluded,
    providerIds: [...b.providerIds],
    providerIdsExcluded: b.providerIdsExcluded,
    contributions: { ...b.contributions },
    cancelLock: b.cancelLock,
    activationDays: b.activationDays,
    wageringDays: b.wageringDays,
  };
}

/** Stored terms read whole: a field a row lacks (none should, the migration backfilled them) is the neutral one. */
export function frozen(raw: Partial<FrozenTerms> | string | null | undefined): FrozenTerms {
  const t: Partial<FrozenTerms> = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {});
  return {
    wagerMultiplier: t.wagerMultiplier ?? '0',
    maxBet: t.maxBet ?? null,
    maxWin: t.maxWin ?? null,
    gameIds: t.gameIds ?? [],
    gameIdsExcluded: t.gameIdsExcluded ?? true,
    providerIds: t.providerIds ?? [],
    providerIdsExcluded: t.providerIdsExcluded ?? true,
    contributions: t.contributions ?? {},
    cancelLock: t.cancelLock ?? false,
    activationDays: t.activationDays ?? 7,
    wageringDays: t.wageringDays ?? 30,
  };
}

const minor = (v: string | null) => (v === null ? null : BigInt(v));
export const maxBetIn = (t: FrozenTerms) => minor(t.maxBet);
export const maxWinIn = (t: FrozenTerms) => minor(t.maxWin);
