import type { Role } from '@croupier/contracts/backoffice/roles';
import { sql } from 'drizzle-orm';
import { lobbyCacheOf } from '../../src/modules/game/lobby-cache.ts';
import { createGameTestApp, type GameTestApp } from '../game/helpers.ts';
import type { TestApp } from '../harness.ts';
import { nextIp } from '../player/helpers.ts';
import { signedInStaff, type TestStaff } from '../staff/helpers.ts';

export interface EditorTestApp extends GameTestApp {
  marketing: TestStaff;
  /** A back-office call as `staff` (marketing by default), JSON body if any. */
  bo(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    staff?: TestStaff,
  ): ReturnType<TestApp['request']>;
  staffAs(role: Role): Promise<TestStaff>;
  /** The game id of a demo identity. */
  idOf(identity: string): Promise<string>;
  /** Audit rows of an action, oldest first. */
  // biome-ignore lint/suspicious/noExplicitAny: audit rows are read loosely
  audit(action: string): Promise<any[]>;
}

/**
 * The demo catalogue, a marketing member signed in, and the lobby cache ON (60 s) so a test sees that a change
 * reaches the lobby through the config bus, not because nothing was cached.
 */
export async function createEditorTestApp(): Promise<EditorTestApp> {
  const t = await createGameTestApp();
  lobbyCacheOf(t.database.db).ttls = { catalogueMs: 60_000, winnersMs: 0 };
  const marketing = await signedInStaff(t, 'marketing');
  return {
    ...t,
    marketing,
    bo: (method, url, body, staff = marketing) =>
      t.request({
        method,
        url,
        headers: {
          ...staff.headers,
          'cf-connecting-ip': nextIp(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
    staffAs: (role) => signedInStaff(t, role),
    async idOf(identity) {
      const { rows } = (await t.database.db.execute(
        sql`select id from game.games where identity = ${identity}`,
      )) as unknown as { rows: { id: string }[] };
      return rows[0]!.id;
    },
    async audit(action) {
      const { rows } = (await t.database.db.execute(
        sql`select staff_id, action, target_type, target_id, reason, before, after, result
              from staff.audit_log where action = ${action} order by seq`,
      )) as unknown as { rows: unknown[] };
      return rows;
    },
  };
}
