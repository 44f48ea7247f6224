import type { RoundFairness } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
// The verifier the player runs in the studio's page (its "Verify" panel): the same function, so staff and the
// player can never disagree about a round (decision 0121). It imports only @croupier/games and contract types.
import { type Verification, verifyRound } from '../../../../studio-ui/src/verify.ts';
import type { Db } from '../../db/client.ts';
import { createRoundViews } from './round-view.ts';
import { studioRounds, studioSeedPairs } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const UNREVEALED =
  "The server seed is still in use (the player's active seed pair): the round can be verified once the player " +
  'rotates the seeds, which reveals it. The studio does not rotate a player’s seeds for them.';

/** The verifier's answer as `verified` (null: cannot be checked yet) and why not, when it is not. */
function verdict(v: Verification): { verified: boolean | null; detail: string | null } {
  if (v.status === 'unrevealed') return { verified: null, detail: UNREVEALED };
  if (v.status === 'unsupported') {
    const why =
      v.reason === 'rolled_back'
        ? 'The round was rolled back: it has no outcome to verify.'
        : v.reason === 'open'
          ? 'The round is still open: it can be verified once it is settled.'
          : `The round could not be replayed: ${v.reason}`;
    return { verified: false, detail: why };
  }
  const failures = [
    v.hashOk ? null : 'The revealed server seed does not match the hash shown before the bet.',
    v.outcomeOk ? null : `The recorded outcome differs from the replay at ${v.mismatch}.`,
    v.payoutOk ? null : 'The recorded payout differs from the replay’s.',
  ].filter((f): f is string => f !== null);
  return { verified: failures.length === 0, detail: failures.length ? failures.join(' ') : null };
}

/**
 * A studio round's provably-fair data and its verification (backoffice-api.md §8), read from the studio's own
 * tables; null when the studio has no such round. The round is presented exactly as the player's history shows
 * it (hidden parts of an open round stay hidden, the server seed only once rotated out) and checked by the
 * player's verifier on that.
 */
export async function studioRoundFairness(db: Db, roundId: string): Promise<RoundFairness | null> {
  if (!UUID.test(roundId)) return null;
  const [row] = await db
    .select({ round: studioRounds, pair: studioSeedPairs })
    .from(studioRounds)
    .innerJoin(studioSeedPairs, eq(studioSeedPairs.id, studioRounds.seedPairId))
    .where(eq(studioRounds.id, roundId.toLowerCase()));
  if (!row) return null;
  const round = await createRoundViews(db).view(row.round, row.pair);
  return {
    serverSeedHash: round.serverSeedHash,
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    // Its inputs and its result, minor units as strings, as the studio recorded them.
    outcome: {
      game: round.game,
      status: round.status,
      bet: round.bet,
      payout: round.payout,
      choice: round.choice,
      actions: round.history ?? [],
      result: round.outcome,
    },
    ...verdict(verifyRound(round)),
  };
}
