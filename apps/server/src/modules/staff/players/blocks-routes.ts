import { ApiError, backofficeEndpoints, ErrorCode } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { writeAudit } from '../audit/write.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';

// §4: blocks by scope and "close sessions" (decision 0106). The change and its one audit row commit together;
// the closed sessions' sockets end once that transaction committed.

const playerNotFound = () => ApiError.of(ErrorCode.notFound, 'Player not found.');

export async function blocksRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  route(app, backofficeEndpoints.players.setBlocks, async ({ params, body, request }) => {
    const staff = staffOf(request);
    const { reason, ...patch } = body;
    const change = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const change = await deps.player.setBlocks(tx, params.id, patch);
      if (!change) throw playerNotFound();
      await writeAudit(tx, {
        staffId: staff.staffId,
        action: 'player.blocks',
        targetType: 'player',
        targetId: params.id,
        playerId: params.id,
        reason,
        before: change.before,
        after: change.after,
      });
      return change;
    });
    change.afterCommit();
    return { data: change.after };
  });

  route(app, backofficeEndpoints.players.closeSessions, async ({ params, body, request }) => {
    const staff = staffOf(request);
    const closing = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const closing = await deps.player.closeSessions(tx, params.id);
      if (!closing) throw playerNotFound();
      await writeAudit(tx, {
        staffId: staff.staffId,
        action: 'player.sessions.close',
        targetType: 'player',
        targetId: params.id,
        playerId: params.id,
        reason: body.reason,
        after: { closed: closing.closed },
      });
      return closing;
    });
    closing.afterCommit();
    return { data: { closed: closing.closed } };
  });
}
