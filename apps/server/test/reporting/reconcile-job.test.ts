import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendJob } from '../../src/jobs/index.ts';
import { createReconcileJob, RECONCILE_JOB } from '../../src/modules/reporting/reconcile/job.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';

// The nightly reconciliation (decision 0121): the app queues today's run for just after midnight UTC, and a day's
// run, once done, queues the next day's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe(`the nightly reconciliation (${databaseKind})`, () => {
  it('is queued for today once the app runs, due a quarter of an hour after midnight UTC', async () => {
    const today = dayOf(Date.now());
    const result = await t.database.db.execute(
      sql`select data->>'day' as day, start_after as "startAfter" from jobs.job where name = ${RECONCILE_JOB}`,
    );
    const rows = (result as unknown as { rows: { day: string; startAfter: Date | string }[] }).rows;
    expect(rows.map((r) => r.day)).toEqual([today]);
    const due = new Date(rows[0]!.startAfter).toISOString();
    expect(due).toBe(`${dayOf(Date.parse(`${today}T00:00:00Z`) + 86_400_000)}T00:15:00.000Z`);
  });

  it('reconciles its day (a run over that day) and queues the next one, keyed by the day', async () => {
    const sent: { data: unknown; id?: string; startAfter?: Date }[] = [];
    const send: SendJob = async (_job, data, options) => {
      sent.push({ data, id: options?.id, startAfter: options?.startAfter });
      return null;
    };
    const { job } = createReconcileJob(t.database.db, send);
    await job.handle({ day: '2026-03-01' }, { id: 'test' });
    const result = await t.database.db.execute(
      sql`select from_day::text as "from", to_day::text as "to", finished_at is not null as finished
            from reporting.reconciliation_runs where from_day = '2026-03-01'`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { from: '2026-03-01', to: '2026-03-01', finished: true },
    ]);
    expect(sent).toEqual([
      { data: { day: '2026-03-02' }, id: expect.any(String), startAfter: new Date('2026-03-03T00:15:00Z') },
    ]);
    // The same day's job always has the same id (one job per day across instances).
    await job.handle({ day: '2026-03-01' }, { id: 'again' });
    expect(sent[1]!.id).toBe(sent[0]!.id);
  });
});
