import { backofficeEndpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { reconcileWithin } from './run.ts';
import { lastReconciliation } from './store.ts';

// Reconciliation on the back office's screen (backoffice-api.md §8, decision 0121): the last run and its
// findings (`reports:read`), and a run of a range now (`reports:reconcile`, owner and admin), answered when done
// or after 20 s as it stands. A run writes its own rows only: a difference is shown, never fixed.

const e = backofficeEndpoints.reports;
/** A long range goes on after the answer (unfinished in it); the screen's GET shows it once done. */
const ANSWER_WITHIN_MS = 20_000;

export async function reconcileRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  route(app, e.reconciliation, async () => ({ data: await lastReconciliation(deps.db) }));
  route(app, e.reconcile, async ({ body }) => ({
    data: await reconcileWithin(deps.db, body, ANSWER_WITHIN_MS, app.log),
  }));
}
