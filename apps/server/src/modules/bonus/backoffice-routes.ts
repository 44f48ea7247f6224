import { backofficeEndpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { staffOf } from '../staff/index.ts';
import type { BonusDeps } from './deps.ts';
import { archiveCode, createCode, listCodes, setCodeEnabled, updateCode } from './editor/codes.ts';
import {
  archiveDefinition,
  createDefinition,
  getDefinition,
  listDefinitions,
  setDefinitionEnabled,
  updateDefinition,
} from './editor/definitions.ts';
import { issueToPlayers } from './editor/issue.ts';
import { issuingView, setIssuing } from './editor/issuing.ts';
import { createPackage, listPackages, setPackageEnabled, updatePackage } from './editor/packages.ts';

const e = backofficeEndpoints.bonuses;

/**
 * The bonuses editor (issue 27, backoffice-api.md §9). The staff hook has checked the credential and the
 * endpoint's permission (`bonuses:write`; `bonuses:issue` for issues to players). The turn-over setting's two
 * routes are the risk module's (turn-over-routes.ts).
 */
export async function bonusBackofficeRoutes(app: FastifyInstance, { deps }: { deps: BonusDeps }) {
  const { db } = deps;
  const actor = (request: Parameters<typeof staffOf>[0], reason: string) => ({
    staffId: staffOf(request).staffId,
    reason,
  });

  route(app, e.list, ({ query }) => listDefinitions(db, query));
  route(app, e.get, async ({ params }) => ({ data: await getDefinition(db, params.id) }));
  route(app, e.create, async ({ request, body }) => ({
    data: await createDefinition(db, actor(request, body.reason), body),
  }));
  route(app, e.update, async ({ request, params, body }) => ({
    data: await updateDefinition(db, actor(request, body.reason), params.id, body),
  }));
  route(app, e.setEnabled, async ({ request, params, body }) => ({
    data: await setDefinitionEnabled(db, actor(request, body.reason), params.id, body.enabled),
  }));
  route(app, e.archive, async ({ request, params, body }) => ({
    data: await archiveDefinition(db, actor(request, body.reason), params.id),
  }));
  route(app, e.issue, async ({ request, params, body }) => ({
    data: await issueToPlayers(deps, params.id, { ...body, staffId: staffOf(request).staffId }),
  }));

  route(app, e.codes, ({ query }) => listCodes(db, query));
  route(app, e.createCode, async ({ request, body }) => ({
    data: await createCode(db, actor(request, body.reason), body),
  }));
  route(app, e.updateCode, async ({ request, params, body }) => ({
    data: await updateCode(db, actor(request, body.reason), params.code, body),
  }));
  route(app, e.setCodeEnabled, async ({ request, params, body }) => ({
    data: await setCodeEnabled(db, actor(request, body.reason), params.code, body.enabled),
  }));
  route(app, e.archiveCode, async ({ request, params, body }) => ({
    data: await archiveCode(db, actor(request, body.reason), params.code),
  }));

  route(app, e.packages, async () => ({ data: await listPackages(db) }));
  route(app, e.createPackage, async ({ request, body }) => ({
    data: await createPackage(db, actor(request, body.reason), body),
  }));
  route(app, e.updatePackage, async ({ request, params, body }) => ({
    data: await updatePackage(db, actor(request, body.reason), params.id, body),
  }));
  route(app, e.setPackageEnabled, async ({ request, params, body }) => ({
    data: await setPackageEnabled(db, actor(request, body.reason), params.id, body.enabled),
  }));

  route(app, e.issuing, async () => ({ data: await issuingView(db) }));
  route(app, e.setIssuing, async ({ request, body }) => ({
    data: await setIssuing(db, staffOf(request).staffId, body),
  }));
}
