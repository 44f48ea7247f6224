import type { Role } from '@croupier/contracts/backoffice/roles';
import { sql } from 'drizzle-orm';
import { createRetentionTestApp, type RetentionTestApp } from '../retention/loyalty-helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';

// The retention editors' tests (issue 27): an app with quests and loyalty on, a marketing member, and the
// audit rows a change wrote.

export interface EditorTestApp extends RetentionTestApp {
  marketing: TestStaff;
  as(
    staff: TestStaff,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  ): Promise<{ status: number; json: any }>;
  staff(role: Role): Promise<TestStaff>;
  /** The audit rows of a target, oldest first. */
  auditOf(targetId: string): Promise<{ action: string; reason: string; before: unknown; after: unknown }[]>;
}

export async function createEditorTestApp(): Promise<EditorTestApp> {
  const t = await createRetentionTestApp({ QUESTS_ENABLED: 'true' });
  const marketing = await signedInStaff(t, 'marketing');
  return {
    ...t,
    marketing,
    async as(staff, method, url, body) {
      const res = await staffRequest(t, staff, method, url, body);
      return { status: res.status, json: res.json };
    },
    staff: (role) => signedInStaff(t, role),
    async auditOf(targetId) {
      const rows = await t.database.db.execute(
        sql`select action, reason, before, after from staff.audit_log where target_id = ${targetId} order by seq`,
      );
      return (rows as unknown as { rows: { action: string; reason: string; before: unknown; after: unknown }[] }).rows;
    },
  };
}

export const reason = 'Retention editor test';
/** An ISO time `minutes` from now. */
export const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
