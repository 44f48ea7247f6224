import { backofficeEndpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import {
  closeFlag,
  getFlag,
  listFlags,
  listInteractions,
  recordInteraction,
  recordOutcome,
  reviewInteraction,
} from '../../compliance/index.ts';
import { writeAudit } from '../audit/write.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';
import { requirePlayer } from '../players/viewed.ts';
import { selfExclusionRoute } from './self-exclusion.ts';

// Responsible-gaming and AML flags and the interaction log as compliance staff work them (issue 26, decision
// 0114). The compliance module owns the rows and rules; each change here runs in one transaction with its
// audit row. The staff hook has checked `flags:review` (or `players:exclusion`) before these run.

const e = backofficeEndpoints.flags;

export async function flagsRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  const { db } = deps;
  const inTx = <T>(fn: (tx: Db) => Promise<T>) => db.transaction((t) => fn(t as unknown as Db));

  route(app, e.list, async ({ query }) => listFlags(db, query));

  route(app, e.get, async ({ params }) => ({ data: await getFlag(db, params.id) }));

  route(app, e.close, async ({ request, params, body }) => {
    const staff = staffOf(request);
    const data = await inTx(async (tx) => {
      const { before, after } = await closeFlag(tx, params.id, {
        staffId: staff.staffId,
        reason: body.reason,
        interactionId: body.interactionId,
        now: new Date(),
      });
      await writeAudit(tx, {
        staffId: staff.staffId,
        action: 'flag.close',
        targetType: 'flag',
        targetId: after.id,
        playerId: after.playerId,
        reason: body.reason,
        before: { status: before.status },
        after: { status: after.status, interactionId: after.interactionId },
      });
      return after;
    });
    return { data };
  });

  route(app, e.interactions, async ({ query }) => listInteractions(db, query, new Date()));

  route(app, e.createInteraction, async ({ request, body, reply }) => {
    const staff = staffOf(request);
    await requirePlayer(db, body.playerId);
    const data = await inTx(async (tx) => {
      const interaction = await recordInteraction(tx, staff.staffId, body, new Date());
      await writeAudit(tx, {
        staffId: staff.staffId,
        action: 'interaction.create',
        targetType: 'interaction',
        targetId: interaction.id,
        playerId: interaction.playerId,
        reason: body.reason,
        after: {
          flagId: interaction.flagId,
          action: interaction.action,
          followUpAt: interaction.followUpAt,
        },
      });
      return interaction;
    });
    reply.code(201);
    return { data };
  });

  route(app, e.outcome, async ({ request, params, body }) => {
    const staff = staffOf(request);
    const data = await inTx(async (tx) => {
      const { after } = await recordOutcome(tx, params.id, staff.staffId, body.outcome, new Date());
      await writeAudit(tx, {
        staffId: staff.staffId,
        action: 'interaction.outcome',
        targetType: 'interaction',
        targetId: after.id,
        playerId: after.playerId,
        reason: body.reason,
        after: { outcome: body.outcome },
      });
      return after;
    });
    return { data };
  });

  route(app, e.review, async ({ request, params, body }) => {
    const staff = staffOf(request);
    const data = await inTx(async (tx) => {
      const { after } = await reviewInteraction(tx, params.id, staff.staffId, body, new Date());
      await writeAudit(tx, {
        staffId: staff.staffId,
        action: 'interaction.review',
        targetType: 'interaction',
        targetId: after.id,
        playerId: after.playerId,
        // The spot check's note is its reason (§1: a change takes one; a note is its own).
        reason: body.note,
        after: { verdict: body.verdict },
      });
      return after;
    });
    return { data };
  });

  await selfExclusionRoute(app, deps);
}
