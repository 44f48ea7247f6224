import { ApiError, backofficeEndpoints, ErrorCode, type RoundReplay, STUDIO_PROVIDER_ID } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { studioRoundFairness } from '../../studio/index.ts';
import { roundWithMovements } from '../../wallet/index.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';
import { recordView } from '../players/viewed.ts';

const e = backofficeEndpoints.reports;

/**
 * Round replay (backoffice-api.md §8, decision 0121): one round as the wallet recorded it, with its movements, and
 * for a studio round its provably-fair data checked by the player's own verifier. A player's dispute is answered
 * from this, so the read is audited like every view of a player's data (§7). The staff hook has checked
 * `rounds:read`. The id is `<providerId>:<providerRoundId>`, as the player's history names it; the contract's
 * pattern refuses one without a provider (404, decision 0005: a path that names nothing).
 */
export async function roundsRoutes(app: FastifyInstance, { db }: StaffDeps): Promise<void> {
  route(app, e.round, async ({ params, request }) => {
    const cut = params.roundId.indexOf(':');
    const providerId = params.roundId.slice(0, cut);
    const providerRoundId = params.roundId.slice(cut + 1);
    const found = await roundWithMovements(db, providerId, providerRoundId);
    if (!found) throw ApiError.of(ErrorCode.notFound, 'Round not found.');
    const { round, movements } = found;
    // Other providers publish no seeds: nothing to verify.
    const fairness = providerId === STUDIO_PROVIDER_ID ? await studioRoundFairness(db, providerRoundId) : null;
    const data: RoundReplay = {
      roundId: `${providerId}:${providerRoundId}`,
      providerId,
      providerRoundId,
      playerId: round.playerId,
      gameId: round.gameId,
      currency: round.currency,
      status: round.status as RoundReplay['status'],
      betTotal: toMajor(round.betTotal, round.currency),
      winTotal: toMajor(round.winTotal, round.currency),
      createdAt: round.createdAt.toISOString(),
      settledAt: round.settledAt?.toISOString() ?? null,
      movements: movements.map((m) => ({
        kind: m.kind,
        transactionId: m.transactionId,
        amount: toMajor(m.amount, round.currency),
        at: m.at.toISOString(),
        rolledBack: m.rolledBack,
        ledgerTransactionId: m.ledgerTransactionId,
      })),
      fairness,
      verified: fairness?.verified === true,
    };
    await recordView(db, staffOf(request), 'player.round.view', round.playerId, { roundId: data.roundId });
    return { data };
  });
}
