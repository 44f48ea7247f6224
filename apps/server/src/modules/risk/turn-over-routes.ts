import { backofficeEndpoints, endpoints } from '@croupier/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { playerOf } from '../player/index.ts';
import type { AuditInput, StaffContext } from '../staff/index.ts';
import { turnOverOf } from './turn-over.ts';
import { turnOverSettingView, updateTurnOverSetting } from './turn-over-setting.ts';

/**
 * GET /api/risk/reasons/turn-over-wager (api-contract §12): the player's own turnover in a currency; and the
 * operator's setting in the back office (§9: `settings:read`, `settings:write`, checked by the staff hook).
 */
export interface TurnOverRoutesOptions {
  db: Db;
  /** The staff module's face, handed in by app.ts: importing it here would close a loop (staff reads risk). */
  staff: {
    staffOf(request: FastifyRequest): Pick<StaffContext, 'staffId'>;
    writeAudit(tx: Db, input: AuditInput): Promise<unknown>;
  };
}

export async function turnOverRoutes(app: FastifyInstance, { db, staff }: TurnOverRoutesOptions) {
  route(app, endpoints.turnOver.turnOverWager, async ({ request, query, reply }) => {
    reply.headers({ 'cache-control': 'no-store' });
    return { data: await turnOverOf(db, playerOf(request).playerId, query.currency) };
  });
  const bo = backofficeEndpoints.bonuses;
  route(app, bo.turnOver, async () => ({ data: await turnOverSettingView(db) }));
  route(app, bo.setTurnOver, async ({ request, body }) => ({
    data: await updateTurnOverSetting(db, staff.staffOf(request).staffId, body, staff.writeAudit),
  }));
}
