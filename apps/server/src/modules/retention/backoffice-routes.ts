import {
  backofficeEndpoints,
  pageMeta,
  type QuestEditorView,
  type TournamentEditorView,
  type WheelEditorView,
} from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { changeConfig } from '../../config-bus/index.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { staffOf, writeAudit } from '../staff/index.ts';
import { notFound } from './editor-kit.ts';
import { loyaltyView, previewLoyalty, saveLoyalty } from './loyalty/editor.ts';
import { createQuest, previewQuest, questsPage, questView, setQuestStatus, updateQuest } from './quests/editor.ts';
import { tournamentsChanged } from './tournaments/catalog.ts';
import {
  createTournament,
  previewTournament,
  type ScheduleEnd,
  setTournamentStatus,
  tournamentsPage,
  tournamentView,
  updateTournament,
} from './tournaments/editor.ts';
import { createWheel, previewWheel, setWheelStatus, updateWheel, wheelsEditorPage, wheelView } from './wheel/editor.ts';

// The back office's retention editors (backoffice-api.md §9, issue 27), `retention:write` on every endpoint
// (the endpoint table). Every change is one transaction through the config bus (rows, the audit row with
// before and after, and the `retention` announcement every instance hears); previews store nothing.

export interface RetentionEditorDeps {
  db: Db;
  now: () => Date;
  /** Queues a tournament's end job for its (new) end. */
  scheduleEnd: ScheduleEnd;
}

const q = backofficeEndpoints.retentionQuests;
const t = backofficeEndpoints.retentionTournaments;
const w = backofficeEndpoints.retentionWheels;
const l = backofficeEndpoints.retentionLoyalty;

interface Change<V> {
  staffId: string;
  reason: string;
  action: string;
  targetType: string;
  /** Reads the object as the editor shows it (null: none). */
  read: (tx: Db, id: string) => Promise<V | null>;
}

/** A change of an existing object: 404 when missing; audited with before and after in its transaction. */
function change<V>(db: Db, c: Change<V>, id: string, apply: (tx: Db) => Promise<void>): Promise<V> {
  return changeConfig(db, ['retention'], async (tx) => {
    const before = await c.read(tx, id);
    if (!before) throw notFound(c.targetType);
    await apply(tx);
    const after = (await c.read(tx, id))!;
    await writeAudit(tx, { ...auditOf(c), targetId: id, before, after });
    return after;
  });
}

/** A new object: audited with its definition as `after`. */
function create<V>(db: Db, c: Change<V>, make: (tx: Db) => Promise<string>): Promise<V> {
  return changeConfig(db, ['retention'], async (tx) => {
    const id = await make(tx);
    const after = (await c.read(tx, id))!;
    await writeAudit(tx, { ...auditOf(c), targetId: id, before: null, after });
    return after;
  });
}

const auditOf = (c: Change<unknown>) => ({
  staffId: c.staffId,
  action: c.action,
  targetType: c.targetType,
  reason: c.reason,
});

const withoutReason = <B extends { reason: string }>({ reason: _, ...rest }: B) => rest;

export async function retentionEditorRoutes(app: FastifyInstance, deps: RetentionEditorDeps): Promise<void> {
  const { db, now } = deps;
  // The tournaments' catalog (a per-process cache) forgets its list whenever any instance changes retention.
  app.configBus.on('retention', tournamentsChanged);

  // ——— Quests ———
  const quest = (staffId: string, reason: string, verb: string): Change<QuestEditorView> => ({
    staffId,
    reason,
    action: `retention.quest.${verb}`,
    targetType: 'quest',
    read: questView,
  });
  route(app, q.list, async ({ query }) => {
    const { rows, total } = await questsPage(db, query);
    return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
  });
  route(app, q.get, async ({ params }) => {
    const view = await questView(db, params.id);
    if (!view) throw notFound('quest');
    return { data: view };
  });
  route(app, q.create, async ({ request, body }) => ({
    data: await create(db, quest(staffOf(request).staffId, body.reason, 'create'), (tx) =>
      createQuest(tx, withoutReason(body)),
    ),
  }));
  route(app, q.update, async ({ request, params, body }) => ({
    data: await change(db, quest(staffOf(request).staffId, body.reason, 'update'), params.id, (tx) =>
      updateQuest(tx, params.id, withoutReason(body), now()),
    ),
  }));
  for (const verb of ['pause', 'resume', 'archive'] as const) {
    route(app, q[verb], async ({ request, params, body }) => ({
      data: await change(db, quest(staffOf(request).staffId, body.reason, verb), params.id, (tx) =>
        setQuestStatus(tx, params.id, verb, now()),
      ),
    }));
  }
  route(app, q.preview, async ({ body }) => {
    const { currency, ...input } = body;
    return { data: await previewQuest(db, input, currency, now()) };
  });

  // ——— Tournaments ———
  const tournament = (staffId: string, reason: string, verb: string): Change<TournamentEditorView> => ({
    staffId,
    reason,
    action: `retention.tournament.${verb}`,
    targetType: 'tournament',
    read: (tx, id) => tournamentView(tx, id, now()),
  });
  route(app, t.list, async ({ query }) => {
    const { rows, total } = await tournamentsPage(db, query, now());
    return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
  });
  route(app, t.get, async ({ params }) => {
    const view = await tournamentView(db, params.id, now());
    if (!view) throw notFound('tournament');
    return { data: view };
  });
  route(app, t.create, async ({ request, body }) => ({
    data: await create(db, tournament(staffOf(request).staffId, body.reason, 'create'), async (tx) => {
      const row = await createTournament(tx, withoutReason(body));
      await deps.scheduleEnd(tx, row);
      return row.id;
    }),
  }));
  route(app, t.update, async ({ request, params, body }) => ({
    data: await change(db, tournament(staffOf(request).staffId, body.reason, 'update'), params.id, (tx) =>
      updateTournament(tx, params.id, withoutReason(body), now(), deps.scheduleEnd),
    ),
  }));
  for (const verb of ['pause', 'resume', 'archive'] as const) {
    route(app, t[verb], async ({ request, params, body }) => ({
      data: await change(db, tournament(staffOf(request).staffId, body.reason, verb), params.id, (tx) =>
        setTournamentStatus(tx, params.id, verb, now(), deps.scheduleEnd),
      ),
    }));
  }
  route(app, t.preview, async ({ body }) => ({ data: await previewTournament(db, body, now()) }));

  // ——— Wheels ———
  const wheel = (staffId: string, reason: string, verb: string): Change<WheelEditorView> => ({
    staffId,
    reason,
    action: `retention.wheel.${verb}`,
    targetType: 'wheel',
    read: wheelView,
  });
  route(app, w.list, async ({ query }) => {
    const { rows, total } = await wheelsEditorPage(db, query);
    return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
  });
  route(app, w.get, async ({ params }) => {
    const view = await wheelView(db, params.id);
    if (!view) throw notFound('wheel');
    return { data: view };
  });
  route(app, w.create, async ({ request, body }) => ({
    data: await create(db, wheel(staffOf(request).staffId, body.reason, 'create'), (tx) =>
      createWheel(tx, withoutReason(body)),
    ),
  }));
  route(app, w.update, async ({ request, params, body }) => ({
    data: await change(db, wheel(staffOf(request).staffId, body.reason, 'update'), params.id, (tx) =>
      updateWheel(tx, params.id, withoutReason(body), now()),
    ),
  }));
  for (const verb of ['pause', 'resume', 'archive'] as const) {
    route(app, w[verb], async ({ request, params, body }) => ({
      data: await change(db, wheel(staffOf(request).staffId, body.reason, verb), params.id, (tx) =>
        setWheelStatus(tx, params.id, verb),
      ),
    }));
  }
  route(app, w.preview, async ({ body }) => ({ data: await previewWheel(db, body, now()) }));

  // ——— Loyalty ———
  route(app, l.get, async () => ({ data: await loyaltyView(db) }));
  route(app, l.update, async ({ request, body }) => ({
    data: await changeConfig(db, ['retention'], async (tx) => {
      const before = await loyaltyView(tx);
      await saveLoyalty(tx, withoutReason(body));
      const after = await loyaltyView(tx);
      await writeAudit(tx, {
        staffId: staffOf(request).staffId,
        action: 'retention.loyalty.update',
        targetType: 'loyalty',
        targetId: 'programme',
        reason: body.reason,
        before,
        after,
      });
      return after;
    }),
  }));
  route(app, l.preview, async ({ body }) => ({ data: previewLoyalty(body) }));
}
